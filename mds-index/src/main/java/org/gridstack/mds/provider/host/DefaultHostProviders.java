package org.gridstack.mds.provider.host;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import org.gridstack.mds.provider.InProcessProvider;
import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.ProviderSettings;

import com.unboundid.ldap.sdk.DN;

/**
 * The providers a GRIS runs when given none: this host from /proc, as GLUE 1.3 under the MDS
 * suffix and GLUE 2.0 under {@code o=glue}, with MDS2's cachetimes (60 s for CPU and memory,
 * 900 s for file systems and networks, 43200 s for the OS; GLUE 2 at 60 s). Each run reads
 * /proc again. Stateless factory; thread-safe.
 */
@ThreadSafe
public final class DefaultHostProviders {
    static final Duration TIMELIMIT = Duration.ofSeconds(10);

    private final ProcHostReader reader;
    private final Clock clock;

    public DefaultHostProviders(ProcHostReader reader, Clock clock) {
        this.reader = requireNonNull(reader, "reader is null");
        this.clock = requireNonNull(clock, "clock is null");
    }

    /**
     * @param glue13Suffix where the GLUE 1.3 entries go ({@code Mds-Vo-name=local,o=Grid})
     * @param glue2Suffix where the GLUE 2.0 entries go ({@code o=glue}); null: none
     */
    public List<InformationProvider> providers(DN glue13Suffix, DN glue2Suffix) {
        requireNonNull(glue13Suffix, "glue13Suffix is null");
        Glue13HostEntries g13 = new Glue13HostEntries(glue13Suffix);
        InformationProvider os = new InProcessProvider(settings("host-os", 43200), () -> g13.operatingSystem(reader.read()));
        InformationProvider load = new InProcessProvider(settings("host-load", 60), () -> g13.load(reader.read()));
        InformationProvider fs = new InProcessProvider(settings("host-filesystems", 900), () -> g13.fileSystems(reader.read()));
        InformationProvider net = new InProcessProvider(settings("host-network", 900), () -> g13.networkAdapters(reader.read()));
        if (glue2Suffix == null) {
            return List.of(os, load, fs, net);
        }
        Glue2HostEntries g2 = new Glue2HostEntries(glue2Suffix);
        InformationProvider glue2 = new InProcessProvider(settings("host-glue2", 60), () -> g2.entries(reader.read(), clock.instant()));
        return List.of(os, load, fs, net, glue2);
    }

    private static ProviderSettings settings(String name, long cachetimeSeconds) {
        return new ProviderSettings(name, Duration.ofSeconds(cachetimeSeconds), TIMELIMIT, 0);
    }
}
