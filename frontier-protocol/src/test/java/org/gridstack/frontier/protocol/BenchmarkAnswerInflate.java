package org.gridstack.frontier.protocol;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.gridstack.frontier.protocol.zlib.Libdeflate;
import org.gridstack.testing.FrontierGoldenVectors;

/**
 * Client CPU per decoded answer, inflating with java.util.zip (streaming) against libdeflate (one
 * call per payload): the production servlet's captured 1 MB {@code T_STRING} answers at zip 5 and
 * zip 0 (the golden vectors), each decoded in full (Base64, MD5 on the decoding thread, inflate,
 * md5/full_size checks) by one {@link AnswerDecoder} reused answer after answer, as a load driver
 * does. Process CPU time per answer is reported, so the numbers hold up on a shared machine.
 *
 * <p>Run: {@code java -cp frontier-protocol/target/test-classes:frontier-protocol/target/classes:TESTING_JAR:JNA_JAR
 * org.gridstack.frontier.protocol.BenchmarkAnswerInflate [answers per cell]}. {@code TestBenchmarkAnswerInflate}
 * runs it once. Not thread-safe.
 */
public final class BenchmarkAnswerInflate {

    /** One cell: an answer decoded with one inflater. */
    public record Cell(String answer, String inflater, int answers, double cpuMsPerAnswer) {
    }

    private final int answers;

    public BenchmarkAnswerInflate(int answers) {
        if (answers < 1) {
            throw new IllegalArgumentException("answers must be positive: " + answers);
        }
        this.answers = answers;
    }

    public List<Cell> run(Libdeflate libdeflate, String... vectors) throws Exception {
        Objects.requireNonNull(libdeflate, "libdeflate is null");
        AnswerDecoderSettings inline = AnswerDecoderSettings.defaults().withMd5OnSecondThreadFromBytes(AnswerDecoderSettings.MD5_ALWAYS_INLINE);
        List<Cell> cells = new ArrayList<>();
        for (String vector : vectors) {
            byte[] body = FrontierGoldenVectors.body(vector);
            try (AnswerDecoder zlib = new AnswerDecoder(inline); AnswerDecoder fast = new AnswerDecoder(inline, libdeflate)) {
                cells.add(measure(vector, "java.util.zip", zlib, body));
                cells.add(measure(vector, "libdeflate", fast, body));
            }
        }
        return cells;
    }

    private Cell measure(String vector, String name, AnswerDecoder decoder, byte[] body) throws Exception {
        for (int i = 0; i < Math.max(3, answers / 5); i++) {
            decoder.decode(body, 0, body.length).requireIntact();
        }
        long cpu0 = processCpuNanos();
        for (int i = 0; i < answers; i++) {
            decoder.decode(body, 0, body.length).requireIntact();
        }
        return new Cell(vector, name, answers, (processCpuNanos() - cpu0) / 1e6 / answers);
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    public static String table(List<Cell> cells) {
        StringBuilder s = new StringBuilder("| answer | inflater | client CPU ms per answer |\n|---|---|---:|\n");
        for (Cell c : cells) {
            s.append(String.format(Locale.ROOT, "| %s | %s | %.2f |%n", c.answer(), c.inflater(), c.cpuMsPerAnswer()));
        }
        return s.toString();
    }

    public static void main(String[] args) throws Exception {
        int answers = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        try (Libdeflate libdeflate = Libdeflate.load(Libdeflate.DEFAULT_LIBRARY)) {
            System.out.print(table(new BenchmarkAnswerInflate(answers).run(libdeflate, "21-string-full-zip5")));
        }
    }
}
