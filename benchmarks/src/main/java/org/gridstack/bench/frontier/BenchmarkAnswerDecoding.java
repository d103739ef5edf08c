package org.gridstack.bench.frontier;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gridstack.frontier.protocol.EnvelopeWriter;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.protocol.zlib.Base64LineOutputStream;
import org.gridstack.testing.FrontierGoldenVectors;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The throughput benchmark's client in {@code --verify=decode} mode without servlet or network:
 * {@link AnswerVerifier} decoding the ~1 MB {@code T_STRING} answer in full (Base64, md5, inflate,
 * full_size, records) on one thread, with the protocol module's {@code AnswerDecoder} reused from
 * answer to answer. {@code zip5} is the real servlet 3.42's captured answer
 * ({@code 21-string-full-zip5}); {@code zip0} is its row stream written as a {@code BLOB} answer in
 * the servlet's layout. One operation decodes one answer; the score is ms per answer.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class BenchmarkAnswerDecoding {
    @Param({"zip0", "zip5"})
    public String encoding = "zip0";

    private byte[] body;
    private AnswerVerifier verifier;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        byte[] zip5 = FrontierGoldenVectors.body("21-string-full-zip5");
        body = switch (encoding) {
            case "zip5" -> zip5;
            case "zip0" -> blobAnswer(ResponseParser.parse(zip5).payloads().get(0).rowStream(), TStringData.rows().size());
            default -> throw new IllegalArgumentException("encoding must be zip0 or zip5, got " + encoding);
        };
        ExpectedRows expected = ExpectedRows.of(TStringData.rows().stream().map(List::of).toList());
        int level = encoding.equals("zip5") ? 5 : 0;
        ReferenceAnswer reference = ReferenceAnswer.establish(level, level == 0 ? "BLOB" : "BLOBzip5", body, expected);
        verifier = new AnswerVerifier(reference, VerifyMode.DECODE);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        verifier.close();
    }

    /** @return the answer's full_size, so the work cannot be optimised away */
    @Benchmark
    public long decodeAnswer() throws AnswerMismatchException {
        return verifier.verify(body, body.length);
    }

    /** Answers decoded in full so far (for the test that runs the body once). */
    long decodedAnswers() {
        return verifier.decodedAnswers();
    }

    /** A one-payload BLOB answer carrying {@code rowStream}, laid out as the servlet lays it out. */
    private static byte[] blobAnswer(byte[] rowStream, long records) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(rowStream.length * 4 / 3 + 4096);
        EnvelopeWriter envelope = new EnvelopeWriter(out);
        envelope.begin("3.42");
        envelope.beginTransaction(1);
        envelope.beginPayload("frontier_request", "1", "BLOB");
        Base64LineOutputStream base64 = new Base64LineOutputStream(out);
        base64.write(rowStream);
        base64.finish();
        envelope.endData();
        envelope.quality(0, null, 0, ResponseParser.md5Hex(rowStream), records, rowStream.length);
        envelope.endTransaction();
        envelope.end();
        return out.toByteArray();
    }
}
