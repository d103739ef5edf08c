package org.gridstack.bench.frontier;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/** The real servlet 3.42's captured answers in {@code shared/vectors/frontier}; tests using them are skipped without shared/. */
final class GoldenVectors {
    private GoldenVectors() {
    }

    static Path dir() {
        Optional<Path> shared = ProjectLayout.fromDirectory(Path.of("")).sharedDir();
        Path dir = shared.map(s -> s.resolve("vectors").resolve("frontier")).orElse(null);
        assumeTrue(dir != null && Files.isDirectory(dir), "shared/vectors/frontier not found");
        return dir;
    }

    /** The raw HTTP response of a case, e.g. {@code 21-string-full-zip5}. */
    static byte[] rawResponse(String name) throws IOException {
        return Files.readAllBytes(dir().resolve(name + ".response"));
    }

    /** The body of a case whose response is not chunked. */
    static byte[] body(String name) throws IOException {
        byte[] raw = rawResponse(name);
        int at = FrontierAnswerDecoder.indexOf(raw, 0, raw.length, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return Arrays.copyOfRange(raw, at + 4, raw.length);
    }
}
