package org.gridstack.mds.provider;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The BDII's provider layout (its {@code gip} folder, {@code /var/lib/bdii/gip} by default):
 * every executable file in {@code provider/} is an {@link ExternalProgramProvider} run without
 * arguments, and every {@code *.ldif} file in {@code ldif/} is a {@link StaticLdifProvider}. A
 * site can point a GRIS at an existing BDII folder unchanged. The BDII's {@code plugin/} folder
 * (scripts that modify other providers' output) is not supported. Files are taken in name order;
 * provider names are {@code provider/<file>} and {@code ldif/<file>}. Stateless; thread-safe.
 */
@ThreadSafe
public final class BdiiProviderLayout {
    private final ProviderSettings scriptDefaults;
    private final ProviderSettings ldifDefaults;
    private final ProcessRunner runner;

    /**
     * @param scriptDefaults cachetime/timelimit/sizelimit of every script (its name is replaced)
     * @param ldifDefaults the same for every static file
     */
    public BdiiProviderLayout(ProviderSettings scriptDefaults, ProviderSettings ldifDefaults, ProcessRunner runner) {
        this.scriptDefaults = requireNonNull(scriptDefaults, "scriptDefaults is null");
        this.ldifDefaults = requireNonNull(ldifDefaults, "ldifDefaults is null");
        this.runner = requireNonNull(runner, "runner is null");
    }

    /** True when {@code dir} has a {@code provider/} or {@code ldif/} folder. */
    public static boolean looksLikeBdiiLayout(Path dir) {
        return Files.isDirectory(dir.resolve("provider")) || Files.isDirectory(dir.resolve("ldif"));
    }

    /** The providers of {@code gipDir}; an error names the folder that could not be read. */
    public List<InformationProvider> load(Path gipDir) throws IOException {
        requireNonNull(gipDir, "gipDir is null");
        if (!looksLikeBdiiLayout(gipDir)) {
            throw new IOException(gipDir + " has neither a provider/ nor an ldif/ folder (the BDII's gip layout)");
        }
        List<InformationProvider> providers = new ArrayList<>();
        for (Path script : sortedFiles(gipDir.resolve("provider"), "*")) {
            if (Files.isExecutable(script)) {
                ProviderSettings s = new ProviderSettings("provider/" + script.getFileName(), scriptDefaults.cachetime(),
                        scriptDefaults.timelimit(), scriptDefaults.sizelimit());
                providers.add(new ExternalProgramProvider(s, script, List.of(), runner));
            }
        }
        for (Path ldif : sortedFiles(gipDir.resolve("ldif"), "*.ldif")) {
            ProviderSettings s = new ProviderSettings("ldif/" + ldif.getFileName(), ldifDefaults.cachetime(),
                    ldifDefaults.timelimit(), ldifDefaults.sizelimit());
            providers.add(new StaticLdifProvider(s, ldif));
        }
        return providers;
    }

    private static List<Path> sortedFiles(Path dir, String glob) throws IOException {
        List<Path> files = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return files;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, glob)) {
            for (Path p : s) {
                if (Files.isRegularFile(p) && !p.getFileName().toString().startsWith(".")) {
                    files.add(p);
                }
            }
        }
        files.sort(null);
        return files;
    }
}
