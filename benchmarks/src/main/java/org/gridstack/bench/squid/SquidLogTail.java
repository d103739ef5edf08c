package org.gridstack.bench.squid;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.gridstack.testing.SquidProcess;

/**
 * Squid's result codes of the GET requests logged since the last call, read from where the last
 * call stopped. {@link SquidProcess#resultCodes()} re-reads the whole log, which over a full run
 * (hundreds of thousands of lines for the 10 kB answers) would cost more than the cells it
 * describes; this tail reads each line once. The log is found from the running Squid's
 * {@code -f DIR/squid.conf} argument ({@code access_log stdio:DIR/access.log} in the template);
 * when that fails, the whole-log method serves, slower but the same counts. Not thread-safe.
 */
final class SquidLogTail {
    /** Memory hits and all GET requests logged in one interval. */
    record Codes(long memoryHits, long requests) {
        /** Share of memory hits; NaN when nothing was logged. */
        double hitRatio() {
            return requests == 0 ? Double.NaN : memoryHits / (double) requests;
        }
    }

    private final SquidProcess squid;
    private final Path log;
    private long offset;
    private int linesSeen;

    SquidLogTail(SquidProcess squid) throws IOException {
        this.squid = Objects.requireNonNull(squid, "squid is null");
        this.log = accessLog(squid).orElse(null);
        mark();
    }

    /** Skips what is logged so far. */
    void mark() throws IOException {
        since();
    }

    /** Result codes logged since the previous call (or {@link #mark()}). */
    Codes since() throws IOException {
        if (log == null) {
            List<String> codes = squid.resultCodes();
            List<String> fresh = codes.subList(Math.min(linesSeen, codes.size()), codes.size());
            linesSeen = codes.size();
            return new Codes(fresh.stream().filter("TCP_MEM_HIT"::equals).count(), fresh.size());
        }
        if (!Files.exists(log)) {
            return new Codes(0, 0);
        }
        long hits = 0;
        long requests = 0;
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            long length = f.length();
            if (length <= offset) {
                return new Codes(0, 0);
            }
            byte[] bytes = new byte[Math.toIntExact(length - offset)];
            f.seek(offset);
            f.readFully(bytes);
            int lineStart = 0;
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    String code = getResultCode(new String(bytes, lineStart, i - lineStart, StandardCharsets.ISO_8859_1));
                    if (code != null) {
                        requests++;
                        if (code.equals("TCP_MEM_HIT")) {
                            hits++;
                        }
                    }
                    lineStart = i + 1;
                }
            }
            offset += lineStart; // a line still being written is read next time
        }
        return new Codes(hits, requests);
    }

    /** The same rule as {@link SquidProcess#resultCodes()}: GET requests only, connections without one left out. */
    private static String getResultCode(String line) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 5 && f[5].equals("GET") && !f[3].startsWith("NONE")) {
            return f[3].split("/")[0];
        }
        return null;
    }

    private static Optional<Path> accessLog(SquidProcess squid) {
        return ProcessHandle.current().descendants()
                .map(p -> p.info().arguments().orElse(new String[0]))
                .map(args -> {
                    for (int i = 0; i + 1 < args.length; i++) {
                        if (args[i].equals("-f")) {
                            return Path.of(args[i + 1]).getParent();
                        }
                    }
                    return null;
                })
                .filter(Objects::nonNull)
                .filter(dir -> isConfigOf(dir.resolve("squid.conf"), squid.port()))
                .map(dir -> dir.resolve("access.log"))
                .findFirst();
    }

    /** Whether {@code conf} has the line {@code http_port ADDRESS:PORT} of this Squid. */
    private static boolean isConfigOf(Path conf, int port) {
        try {
            return Files.readAllLines(conf, StandardCharsets.ISO_8859_1).stream()
                    .map(String::trim)
                    .anyMatch(l -> l.startsWith("http_port ") && l.endsWith(":" + port));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
