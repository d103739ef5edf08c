package org.gridstack.bench.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.zip.Inflater;
import org.gridstack.frontier.protocol.RowStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs the JMH benchmark's body once per encoding and decodes what it produced. */
class TestBenchmarkRowStreamEncoding {
    @ParameterizedTest
    @ValueSource(strings = {"zip0", "zip1", "zip1-parallel", "zip5", "zip5-parallel"})
    void encodesTheWholeAnswerDecodably(String encoding) throws Exception {
        BenchmarkRowStreamEncoding bench = new BenchmarkRowStreamEncoding();
        bench.encoding = encoding;
        bench.setUp();
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            long chars = bench.encode(out);
            assertEquals(out.size(), chars);
            assertEquals(chars, bench.encodeAnswer(), "the benchmark method does the same work");

            byte[] data = Base64.getMimeDecoder().decode(out.toByteArray());
            byte[] rowStream = encoding.equals("zip0") ? data : inflate(data);
            assertEquals(1_060_024, rowStream.length, "full_size of the T_STRING answer");
            List<String> rows = RowStreamReader.decode(rowStream).rows().stream().map(r -> r.get(0).text()).toList();
            assertEquals(TStringData.rows(), rows);
            if (!encoding.equals("zip0")) {
                assertTrue(data.length < rowStream.length, "compressed");
            }
        } finally {
            bench.tearDown();
        }
    }

    @Test
    void jmhAnnotationProcessorRegisteredTheBenchmarks() throws Exception {
        try (InputStream in = getClass().getResourceAsStream("/META-INF/BenchmarkList")) {
            assertTrue(in != null, "META-INF/BenchmarkList missing: the JMH annotation processor did not run");
            String list = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (Class<?> benchmark : List.of(BenchmarkRowStreamEncoding.class, BenchmarkAnswerDecoding.class)) {
                assertTrue(list.contains(benchmark.getName()), benchmark.getName() + " is not in META-INF/BenchmarkList");
            }
        }
    }

    private static byte[] inflate(byte[] data) throws Exception {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(data);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[65536];
            while (!inflater.finished()) {
                int n = inflater.inflate(buf);
                if (n == 0 && inflater.needsInput()) {
                    throw new IllegalStateException("truncated zlib stream");
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } finally {
            inflater.end();
        }
    }
}
