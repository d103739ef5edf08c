package org.gridstack.bench.dqp;

import static java.util.Objects.requireNonNull;

import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FilterInputStream;
import java.io.IOException;

/**
 * The memory target: a scan of many rows through the whole DQP path (data service, evaluator,
 * EXCHANGE, coordinator, JSON to the client) in a JVM whose heap is much smaller than the answer.
 * The client reads the answer with Jackson's streaming parser and only counts rows, so the heap
 * measured is the stack's. The heap pools' peak usage is reset before the query and read after it.
 * Stateless.
 */
final class BigScan {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Block size of the scan: large, as a bulk transfer would use. */
    static final int BLOCK_SIZE = 1_000;

    /**
     * What the scan showed.
     *
     * @param rows rows the client counted (checked equal to the table's)
     * @param answerBytes bytes of the JSON answer the client read
     * @param seconds wall time at the client
     * @param peakHeapBytes peak of the heap pools' usage during the scan (sum of the pools' peaks: an upper bound)
     * @param maxHeapBytes the JVM's heap limit (-Xmx)
     */
    record Result(long rows, long answerBytes, double seconds, long peakHeapBytes, long maxHeapBytes) {
        double rowsPerSecond() {
            return rows / seconds;
        }

        Map<String, Object> jsonFields() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rows", rows);
            m.put("answerBytes", answerBytes);
            m.put("seconds", seconds);
            m.put("rowsPerSecond", rowsPerSecond());
            m.put("peakHeapMb", peakHeapBytes / 1e6);
            m.put("maxHeapMb", maxHeapBytes / 1e6);
            m.put("blockSize", BLOCK_SIZE);
            return m;
        }
    }

    private BigScan() {
    }

    /** Scans {@value DqpTestbed#BIG_TABLE} through {@code coordinator}; fails unless exactly {@code expectedRows} rows come back. */
    static Result run(HttpClient http, URI coordinator, long expectedRows, Duration timeout) throws Exception {
        requireNonNull(http, "http is null");
        requireNonNull(coordinator, "coordinator is null");
        byte[] body = JSON.writeValueAsBytes(Map.of("sql", "select * from " + DqpTestbed.BIG_TABLE, "blockSize", BLOCK_SIZE, "codec", "binary"));
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
        long start = System.nanoTime();
        HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(coordinator.resolve("/api/v1/query")).timeout(timeout)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        long rows = 0;
        long bytes;
        try (CountingStream in = new CountingStream(r.body()); JsonParser p = new JsonFactory().createParser(in)) {
            if (r.statusCode() != 200) {
                throw new IllegalStateException("the big scan got HTTP " + r.statusCode() + ": " + new String(in.readNBytes(2_000)));
            }
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME && p.getParsingContext().getParent().inRoot()) {
                    String name = p.currentName();
                    p.nextToken();
                    if (name.equals("rows")) {
                        while (p.nextToken() == JsonToken.START_ARRAY) {
                            p.skipChildren();
                            rows++;
                        }
                    } else if (name.equals("error")) {
                        throw new IllegalStateException("the big scan failed after " + rows + " rows: " + p.getValueAsString());
                    } else {
                        p.skipChildren();
                    }
                }
            }
            bytes = in.count;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        if (rows != expectedRows) {
            throw new IllegalStateException("the big scan returned " + rows + " rows, expected " + expectedRows);
        }
        return new Result(rows, bytes, seconds, peak, Runtime.getRuntime().maxMemory());
    }

    /** Counts the bytes read through it. */
    private static final class CountingStream extends FilterInputStream {
        long count;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}
