package org.gridstack.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The FroNtier exchanges captured from the production servlet 3.42 and the C client 2.10.2 over
 * PostgreSQL 15, kept in this module's resources ({@value #FOLDER}; what each case is and how it
 * was captured: {@code README.md} there). Every module that checks itself against production
 * reads them through this class, from the classpath, so a test needs nothing outside the
 * repository.
 *
 * <p>A case {@code NN-name} has {@code .url} (the request target), {@code .request-headers} (the
 * whole raw request), {@code .response} (the whole raw response) and, for client-driven cases,
 * {@code .decoded.txt}. {@code schema.sql} is the psql script that created the database.
 *
 * <p>Stateless and thread-safe; every call reads the resource anew.
 */
public final class FrontierGoldenVectors {
    /** Where the files are on the classpath. */
    public static final String FOLDER = "org/gridstack/testing/golden/frontier/";
    private static final byte[] HEAD_END = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private FrontierGoldenVectors() {
    }

    /** The names of all captured cases ({@code 01-types-zip0} ...), sorted. */
    public static List<String> cases() {
        URL folder = FrontierGoldenVectors.class.getClassLoader().getResource(FOLDER + "README.md");
        if (folder == null) {
            throw new IllegalStateException("the golden vectors are not on the classpath (" + FOLDER + "README.md)");
        }
        try {
            URI uri = folder.toURI();
            if ("jar".equals(uri.getScheme())) {
                try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
                    return caseNames(jar.provider().getPath(uri).getParent());
                }
            }
            return caseNames(Path.of(uri).getParent());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot list the golden vectors at " + folder, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the golden vectors at " + folder, e);
        }
    }

    private static List<String> caseNames(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".url"))
                    .map(n -> n.substring(0, n.length() - ".url".length())).sorted().toList();
        }
    }

    /** The bytes of one file of the folder, e.g. {@code schema.sql}; fails naming the file when it is not there. */
    public static byte[] file(String fileName) {
        Objects.requireNonNull(fileName, "fileName is null");
        try (InputStream in = FrontierGoldenVectors.class.getClassLoader().getResourceAsStream(FOLDER + fileName)) {
            if (in == null) {
                throw new IllegalArgumentException("no golden vector file " + fileName + " in " + FOLDER);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read golden vector file " + fileName, e);
        }
    }

    /** The request target exactly as sent (path and query, without the line end). */
    public static String url(String name) {
        return new String(file(name + ".url"), StandardCharsets.ISO_8859_1).trim();
    }

    /** The whole raw request as sent: request line, headers, blank line. */
    public static byte[] requestHeaders(String name) {
        return file(name + ".request-headers");
    }

    /** The whole raw response as received: status line, headers, blank line, body in its framing. */
    public static byte[] rawResponse(String name) {
        return file(name + ".response");
    }

    /**
     * The body of a response framed by Content-Length or by closing the connection: the bytes
     * after the blank line. A chunked capture is refused, since its bytes there are not the body.
     */
    public static byte[] body(String name) {
        byte[] raw = rawResponse(name);
        int end = headEnd(raw, name);
        if (isChunked(raw, end)) {
            throw new IllegalArgumentException("golden response " + name + " is chunked: use rawResponse and de-chunk it");
        }
        return Arrays.copyOfRange(raw, end + HEAD_END.length, raw.length);
    }

    /** Whether the captured response's body is sent in chunks ({@code Transfer-Encoding: chunked}). */
    public static boolean isChunked(String name) {
        byte[] raw = rawResponse(name);
        return isChunked(raw, headEnd(raw, name));
    }

    private static boolean isChunked(byte[] raw, int headEnd) {
        String head = new String(raw, 0, headEnd, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
        return head.contains("\r\ntransfer-encoding: chunked");
    }

    private static int headEnd(byte[] raw, String name) {
        int end = indexOf(raw, HEAD_END);
        if (end < 0) {
            throw new IllegalStateException("golden response " + name + " has no end of headers");
        }
        return end;
    }

    /** {@link #body} as ISO-8859-1 text (one char per byte, so it can be turned back into the same bytes). */
    public static String bodyText(String name) {
        return new String(body(name), StandardCharsets.ISO_8859_1);
    }

    /** The psql script ({@code schema.sql}) that created the captures' database, as text. */
    public static String schemaScript() {
        return new String(file("schema.sql"), StandardCharsets.UTF_8);
    }

    /**
     * {@code schema.sql} copied to a new temporary file (deleted when the JVM exits), for what takes
     * a file name, such as the servlet's {@code --frontier.demo-schema}.
     */
    public static Path schemaFile() {
        try {
            Path file = Files.createTempFile("frontier-golden-schema-", ".sql");
            file.toFile().deleteOnExit();
            Files.write(file, file("schema.sql"));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the golden schema to a temporary file", e);
        }
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= data.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
