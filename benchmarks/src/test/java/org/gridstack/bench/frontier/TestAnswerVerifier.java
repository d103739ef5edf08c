package org.gridstack.bench.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/** Reference answers and per-answer checks, on the real servlet 3.42's captured T_STRING answer. */
class TestAnswerVerifier {
    private static ExpectedRows tString() {
        return ExpectedRows.of(TStringData.rows().stream().map(List::of).toList());
    }

    @Test
    void comparesIdenticalAnswersAndDecodesDifferentlyEncodedOnes() throws Exception {
        byte[] body = FrontierGoldenVectors.body("21-string-full-zip5");
        ReferenceAnswer reference = ReferenceAnswer.establish(5, "BLOBzip5", body, tString());
        assertEquals(10_000, reference.records());
        assertEquals(1_060_024, reference.fullSize());

        AnswerVerifier verifier = new AnswerVerifier(reference, VerifyMode.COMPARE);
        assertEquals(1_060_024, verifier.verify(body, body.length));
        // same payload, other line breaks: not byte-identical, so decoded and found equal
        byte[] rewrapped = new String(body, StandardCharsets.ISO_8859_1).replace("<data>", "<data>\n").getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(1_060_024, verifier.verify(rewrapped, rewrapped.length));
        assertEquals(1, verifier.comparedAnswers());
        assertEquals(1, verifier.decodedAnswers());

        AnswerVerifier decoding = new AnswerVerifier(reference, VerifyMode.DECODE);
        decoding.verify(body, body.length);
        assertEquals(0, decoding.comparedAnswers());
        assertEquals(1, decoding.decodedAnswers());
    }

    @Test
    void generatedTStringEqualsTheRealServletsAnswer() throws Exception {
        byte[] body = FrontierGoldenVectors.body("21-string-full-zip5");
        List<String> served = ResponseParser.parse(body).payloads().get(0).decode().rows().stream().map(r -> r.get(0).text()).toList();
        assertEquals(TStringData.rows(), served);
    }

    @Test
    void decodeModeRejectsAlteredTruncatedOrMiscountedAnswersAndGoesOn() throws Exception {
        byte[] body = FrontierGoldenVectors.body("21-string-full-zip5");
        ReferenceAnswer reference = ReferenceAnswer.establish(5, "BLOBzip5", body, tString());
        try (AnswerVerifier verifier = new AnswerVerifier(reference, VerifyMode.DECODE)) {
            byte[] flipped = body.clone();
            int data = new String(flipped, StandardCharsets.ISO_8859_1).indexOf("<data>") + 100;
            flipped[data] = (byte) (flipped[data] == 'A' ? 'B' : 'A');
            assertTrue(assertThrows(AnswerMismatchException.class, () -> verifier.verify(flipped, flipped.length)).getMessage().contains("md5"));
            assertThrows(AnswerMismatchException.class, () -> verifier.verify(body, body.length / 2));
            byte[] fewerRecords = new String(body, StandardCharsets.ISO_8859_1).replace("records=\"10000\"", "records=\"9999\"")
                    .getBytes(StandardCharsets.ISO_8859_1);
            assertEquals("quality says 9999 records but the row stream holds 10000",
                    assertThrows(AnswerMismatchException.class, () -> verifier.verify(fewerRecords, fewerRecords.length)).getMessage());
            byte[] noMd5 = new String(body, StandardCharsets.ISO_8859_1).replaceFirst(" md5=\"[0-9a-f]*\"", "")
                    .getBytes(StandardCharsets.ISO_8859_1);
            assertTrue(assertThrows(AnswerMismatchException.class, () -> verifier.verify(noMd5, noMd5.length)).getMessage()
                    .startsWith("quality has no md5"));
            // the verifier (and its decoder's reused buffers) still works after failures
            assertEquals(1_060_024, verifier.verify(body, body.length));
            assertEquals(1, verifier.decodedAnswers());
        }
    }

    @Test
    void rejectsAnotherQuerysAnswer() throws Exception {
        byte[] body = FrontierGoldenVectors.body("21-string-full-zip5");
        ReferenceAnswer reference = ReferenceAnswer.establish(5, "BLOBzip5", body, tString());
        byte[] subset = FrontierGoldenVectors.body("06-string-subset-zip5");
        AnswerVerifier verifier = new AnswerVerifier(reference, VerifyMode.COMPARE);
        assertThrows(AnswerMismatchException.class, () -> verifier.verify(subset, subset.length));
    }

    @Test
    void referenceMustMatchJdbcValueByValue() throws Exception {
        byte[] body = FrontierGoldenVectors.body("21-string-full-zip5");
        List<List<String>> rows = new ArrayList<>(tString().rows());
        rows.set(1234, List.of("not what the servlet sent"));
        AnswerMismatchException e = assertThrows(AnswerMismatchException.class,
                () -> ReferenceAnswer.establish(5, "BLOBzip5", body, ExpectedRows.of(rows)));
        assertTrue(e.getMessage().contains("differ"), e.getMessage());
        assertThrows(AnswerMismatchException.class, () -> ReferenceAnswer.establish(1, "BLOBzip1", body, tString()),
                "the encoding asked for must be the one answered");
    }
}
