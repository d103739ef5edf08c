package org.gridstack.mds.provider;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldif.LDIFException;
import com.unboundid.ldif.LDIFReader;

/**
 * MDS2's provider configuration file ({@code grid-info-resource-ldif.conf}): LDIF records, one
 * per provider, with {@code path} (the program's folder, or the program itself), {@code base}
 * (the program's file name in {@code path}), {@code args} (split at white space; no quoting),
 * {@code cachetime}, {@code timelimit} (seconds) and {@code sizelimit} (entries). Missing
 * numbers take {@link ProviderSettings}'s defaults. A record without {@code path} or with a
 * number that does not parse is an error that names the record's DN and line. Stateless;
 * thread-safe.
 */
@ThreadSafe
public final class Mds2ResourceConfig {
    /** The file name MDS2 used. */
    public static final String FILE_NAME = "grid-info-resource-ldif.conf";

    private final ProcessRunner runner;

    public Mds2ResourceConfig(ProcessRunner runner) {
        this.runner = requireNonNull(runner, "runner is null");
    }

    public List<InformationProvider> load(Path conf) throws IOException {
        requireNonNull(conf, "conf is null");
        List<InformationProvider> providers = new ArrayList<>();
        try (LDIFReader reader = new LDIFReader(conf.toFile())) {
            while (true) {
                Entry record;
                try {
                    record = reader.readEntry();
                } catch (LDIFException e) {
                    throw new IOException(conf + " line " + e.getLineNumber() + ": " + e.getExceptionMessage(), e);
                }
                if (record == null) {
                    return providers;
                }
                providers.add(provider(conf, record));
            }
        }
    }

    private InformationProvider provider(Path conf, Entry record) throws IOException {
        String where = conf + ", record " + record.getDN();
        String path = record.getAttributeValue("path");
        if (path == null || path.isBlank()) {
            throw new IOException(where + ": no 'path' (the provider program or its folder)");
        }
        String base = record.getAttributeValue("base");
        Path program = base == null || base.isBlank() ? Path.of(path.strip()) : Path.of(path.strip(), base.strip());
        if (!program.isAbsolute()) {
            Path dir = conf.toAbsolutePath().getParent();
            program = dir.resolve(program);
        }
        String argText = record.getAttributeValue("args");
        List<String> args = argText == null || argText.isBlank() ? List.of()
                : Arrays.asList(argText.strip().split("\\s+"));
        try {
            ProviderSettings s = ProviderSettings.of(base != null && !base.isBlank() ? base.strip()
                    : program.getFileName().toString());
            s = s.withCachetime(seconds(where, record, "cachetime", s.cachetime()));
            s = s.withTimelimit(seconds(where, record, "timelimit", s.timelimit()));
            s = s.withSizelimit((int) number(where, record, "sizelimit", s.sizelimit()));
            return new ExternalProgramProvider(s, program, args, runner);
        } catch (IllegalArgumentException e) {
            throw new IOException(where + ": " + e.getMessage(), e);
        }
    }

    private static Duration seconds(String where, Entry record, String name, Duration dflt) throws IOException {
        return Duration.ofSeconds(number(where, record, name, dflt.toSeconds()));
    }

    private static long number(String where, Entry record, String name, long dflt) throws IOException {
        String v = record.getAttributeValue(name);
        if (v == null) {
            return dflt;
        }
        try {
            long n = Long.parseLong(v.strip());
            if (n < 0 || n > Integer.MAX_VALUE) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IOException(where + ": " + name + " '" + v + "' is not a whole number of "
                    + ("sizelimit".equals(name) ? "entries" : "seconds") + " between 0 and " + Integer.MAX_VALUE);
        }
    }
}
