package org.gridstack.hawkeye.module;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.host.DefaultHostProviders;
import org.gridstack.mds.provider.host.ProcHostReader;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPException;

/**
 * The modules describing this host: mds-index's default host providers (operating system, load,
 * file systems, network, read from /proc) as {@link ProviderModule}s, so Hawkeye publishes what
 * the MDS GRIS publishes, with the same periods. Stateless.
 */
public final class HostModules {
    private HostModules() {
    }

    public static List<Module> forThisHost(Clock clock) {
        DN suffix;
        try {
            suffix = new DN("Mds-Vo-name=local,o=Grid");
        } catch (LDAPException e) {
            throw new IllegalStateException(e);
        }
        List<Module> modules = new ArrayList<>();
        for (InformationProvider p : new DefaultHostProviders(new ProcHostReader(), clock).providers(suffix, null)) {
            modules.add(new ProviderModule(p));
        }
        return modules;
    }
}
