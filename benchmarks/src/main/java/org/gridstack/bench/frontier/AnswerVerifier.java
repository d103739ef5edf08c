package org.gridstack.bench.frontier;

import java.util.Arrays;
import java.util.Objects;

/**
 * Checks every answer of a load run against the level's {@link ReferenceAnswer}. In
 * {@link VerifyMode#COMPARE} an answer byte-identical to the reference body is correct (the reference
 * was decoded and checked value by value); anything else is decoded and its row stream must equal
 * the reference's. In {@link VerifyMode#DECODE} every answer is decoded (Base64, md5, inflate, records),
 * as a real FroNtier client would. Not thread-safe: one per client.
 */
final class AnswerVerifier {
    private final ReferenceAnswer reference;
    private final VerifyMode mode;
    private final FrontierAnswerDecoder decoder = new FrontierAnswerDecoder();
    private long comparedAnswers;
    private long decodedAnswers;

    AnswerVerifier(ReferenceAnswer reference, VerifyMode mode) {
        this.reference = Objects.requireNonNull(reference, "reference is null");
        this.mode = Objects.requireNonNull(mode, "mode is null");
    }

    /** @return the answer's row-stream bytes (full_size) */
    long verify(byte[] body, int length) throws AnswerMismatchException {
        byte[] ref = reference.body();
        if (mode == VerifyMode.COMPARE && length == ref.length && Arrays.equals(body, 0, length, ref, 0, ref.length)) {
            comparedAnswers++;
            return reference.fullSize();
        }
        FrontierAnswerDecoder.Decoded d = decoder.decode(body, length);
        byte[] expected = reference.rowStream();
        if (!Arrays.equals(d.rowStream(), 0, d.rowStreamLength(), expected, 0, expected.length)) {
            throw new AnswerMismatchException("zip level " + reference.zipLevel() + ": the answer decodes to a different row stream than"
                    + " the checked reference (" + d.rowStreamLength() + " vs " + expected.length + " bytes)");
        }
        decodedAnswers++;
        return d.fullSize;
    }

    long comparedAnswers() {
        return comparedAnswers;
    }

    long decodedAnswers() {
        return decodedAnswers;
    }
}
