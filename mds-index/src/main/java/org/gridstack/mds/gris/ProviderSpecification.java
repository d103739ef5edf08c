package org.gridstack.mds.gris;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import org.gridstack.mds.provider.BdiiProviderLayout;
import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.Mds2ResourceConfig;
import org.gridstack.mds.provider.ProcessRunner;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.gridstack.mds.provider.host.DefaultHostProviders;
import org.gridstack.mds.provider.host.ProcHostReader;

import com.unboundid.ldap.sdk.DN;

/**
 * Turns the command line's {@code --providers} value into providers: {@code default} (this host
 * from /proc, GLUE 1.3 and 2.0), {@code synthetic:N} (seed 002's N entries with a {@code date};
 * cachetime 60 s), a folder in the BDII's layout ({@code provider/} scripts and {@code ldif/}
 * files; cachetime 60 s, timelimit 30 s for scripts, 3600 s for files), a folder holding MDS2's
 * {@code grid-info-resource-ldif.conf}, or that file itself. Errors say which forms exist.
 * Stateless; thread-safe.
 */
@ThreadSafe
public final class ProviderSpecification {
    static final ProviderSettings SCRIPT_DEFAULTS = new ProviderSettings("script", Duration.ofSeconds(60),
            Duration.ofSeconds(30), 0);
    static final ProviderSettings LDIF_DEFAULTS = new ProviderSettings("ldif", Duration.ofSeconds(3600),
            Duration.ofSeconds(30), 0);

    private final ProcessRunner runner;
    private final Clock clock;

    public ProviderSpecification(ProcessRunner runner, Clock clock) {
        this.runner = requireNonNull(runner, "runner is null");
        this.clock = requireNonNull(clock, "clock is null");
    }

    public List<InformationProvider> providers(String spec, DN suffix, DN glue2Suffix) throws IOException {
        requireNonNull(spec, "spec is null");
        if (spec.equals("default")) {
            return new DefaultHostProviders(new ProcHostReader(), clock).providers(suffix, glue2Suffix);
        }
        if (spec.startsWith("synthetic:")) {
            int n;
            try {
                n = Integer.parseInt(spec.substring("synthetic:".length()));
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 0) {
                throw new IllegalArgumentException("'" + spec + "': synthetic:N needs a whole number N >= 0 of entries");
            }
            return List.of(new SyntheticProvider(ProviderSettings.of("synthetic"), suffix, n, clock));
        }
        Path path = Path.of(spec);
        if (Files.isRegularFile(path)) {
            return new Mds2ResourceConfig(runner).load(path);
        }
        if (Files.isRegularFile(path.resolve(Mds2ResourceConfig.FILE_NAME))) {
            return new Mds2ResourceConfig(runner).load(path.resolve(Mds2ResourceConfig.FILE_NAME));
        }
        if (Files.isDirectory(path) && BdiiProviderLayout.looksLikeBdiiLayout(path)) {
            return new BdiiProviderLayout(SCRIPT_DEFAULTS, LDIF_DEFAULTS, runner).load(path);
        }
        throw new IllegalArgumentException("providers '" + spec + "' is none of: default, synthetic:N, a folder with"
                + " provider/ and/or ldif/ (the BDII's gip layout), a folder with " + Mds2ResourceConfig.FILE_NAME
                + ", or such a file");
    }
}
