package org.gridstack.mds.provider;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A static LDIF file, as in the BDII's {@code ldif/} directory: each run reads the file again
 * (so edits show up after {@code cachetime}); broken records are skipped like a program's.
 * Thread-safe.
 */
@ThreadSafe
public final class StaticLdifProvider implements InformationProvider {
    private final ProviderSettings settings;
    private final Path file;
    private final LdifOutputParser parser = new LdifOutputParser();

    public StaticLdifProvider(ProviderSettings settings, Path file) {
        this.settings = requireNonNull(settings, "settings is null");
        this.file = requireNonNull(file, "file is null");
    }

    @Override
    public ProviderSettings settings() {
        return settings;
    }

    @Override
    public ProviderOutput collect() throws ProviderException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ProviderException("provider " + settings.name() + ": cannot read " + file + ": " + e.getMessage(), e);
        }
        return parser.parse(settings.name(), bytes, settings.sizelimit());
    }

    @Override
    public String toString() {
        return "StaticLdifProvider[" + settings.name() + ": " + file + "]";
    }
}
