package org.gridstack.client.frontier;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;

/** The answers captured from the production servlet (shared/vectors/frontier). */
public final class GoldenVectors {
    private GoldenVectors() {
    }

    public static Path sharedDir() {
        String dir = System.getProperty("gridstack.shared.dir");
        if (dir == null || dir.isBlank()) {
            dir = System.getenv("GRIDSTACK_SHARED_DIR");
        }
        if (dir == null || dir.isBlank()) {
            dir = "../../shared";
        }
        return Paths.get(dir);
    }

    public static Path vectors() {
        return sharedDir().resolve("vectors").resolve("frontier");
    }

    /** The body of a captured raw response (headers stripped; these captures use Content-Length). */
    public static byte[] body(String name) throws IOException {
        byte[] raw = Files.readAllBytes(vectors().resolve(name + ".response"));
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int start = text.indexOf("\r\n\r\n") + 4;
        return Arrays.copyOfRange(raw, start, raw.length);
    }

    public static String bodyText(String name) throws IOException {
        return new String(body(name), StandardCharsets.ISO_8859_1);
    }

    /** The request target the C client sent for a vector. */
    public static String url(String name) throws IOException {
        return Files.readString(vectors().resolve(name + ".url")).trim();
    }
}
