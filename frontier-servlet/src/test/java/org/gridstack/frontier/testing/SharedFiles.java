package org.gridstack.frontier.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Finds the project's {@code shared/} folder (beside the checkout) for specs and golden vectors. */
public final class SharedFiles {
    private SharedFiles() {
    }

    public static Path sharedDir() {
        String prop = System.getProperty("gridstack.shared.dir");
        if (prop == null || prop.isEmpty()) {
            prop = System.getenv("GRIDSTACK_SHARED_DIR");
        }
        Path dir = prop == null || prop.isEmpty() ? Paths.get("..", "..", "shared") : Paths.get(prop);
        if (!Files.isDirectory(dir.resolve("vectors"))) {
            throw new IllegalStateException("shared/ folder not found at " + dir.toAbsolutePath()
                    + ": the golden vectors live in shared/vectors beside the checkout (set -Dgridstack.shared.dir)");
        }
        return dir.normalize();
    }

    public static Path frontierVectors() {
        return sharedDir().resolve("vectors").resolve("frontier");
    }

    /** The vectors' schema without its psql preamble: the part after the {@code \connect} line, written to a temp file. */
    public static Path goldenSchema() throws IOException {
        String all = Files.readString(frontierVectors().resolve("schema.sql"), StandardCharsets.UTF_8);
        int at = all.indexOf("\\connect");
        if (at < 0) {
            throw new IllegalStateException("schema.sql has no \\connect line");
        }
        String plain = all.substring(all.indexOf('\n', at) + 1);
        Path file = Files.createTempFile("frontier-golden-schema", ".sql");
        file.toFile().deleteOnExit();
        Files.writeString(file, plain, StandardCharsets.UTF_8);
        return file;
    }
}
