package org.gridstack.bench.frontier;

import java.util.Arrays;
import java.util.Objects;
import org.gridstack.frontier.protocol.AnswerDecoder;
import org.gridstack.frontier.protocol.AnswerDecoderSettings;
import org.gridstack.frontier.protocol.DecodedAnswer;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.RowStreamReader;

/**
 * Checks every answer of a load run against the level's {@link ReferenceAnswer}. In
 * {@link VerifyMode#COMPARE} an answer byte-identical to the reference body is correct (the reference
 * was decoded and checked value by value); anything else is decoded and its row stream must equal
 * the reference's. In {@link VerifyMode#DECODE} every answer is decoded (Base64, md5, inflate,
 * full_size, records), as a real FroNtier client would, by the protocol module's
 * {@link AnswerDecoder}: one per verifier, so its buffers are reused from answer to answer, and
 * MD5 on the client's own thread (one thread per client, as before). Not thread-safe: one per
 * client; {@link #close()} frees the decoder.
 */
final class AnswerVerifier implements AutoCloseable {
    /** MD5 on the calling thread: the load driver's clients are the threads. */
    static final AnswerDecoderSettings DECODER_SETTINGS = AnswerDecoderSettings.defaults()
            .withMd5OnSecondThreadFromBytes(AnswerDecoderSettings.MD5_ALWAYS_INLINE);

    private final ReferenceAnswer reference;
    private final VerifyMode mode;
    private final AnswerDecoder decoder = new AnswerDecoder(DECODER_SETTINGS);
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
        DecodedPayload d = checkedPayload(decoder, body, length);
        byte[] expected = reference.rowStream();
        if (!Arrays.equals(d.rowStreamBuffer(), 0, d.rowStreamLength(), expected, 0, expected.length)) {
            throw new AnswerMismatchException("zip level " + reference.zipLevel() + ": the answer decodes to a different row stream than"
                    + " the checked reference (" + d.rowStreamLength() + " vs " + expected.length + " bytes)");
        }
        decodedAnswers++;
        return d.rowStreamLength();
    }

    /**
     * Decodes a one-payload answer and checks all a careful client checks: no global error, one
     * payload without an SQL error, md5, records and full_size present, the data intact (md5,
     * zlib, full_size) and as many records in the row stream as {@code quality records} says
     * (counted by walking the fields). The row stream stays in the decoder's buffer.
     */
    static DecodedPayload checkedPayload(AnswerDecoder decoder, byte[] body, int length) throws AnswerMismatchException {
        DecodedAnswer answer;
        try {
            answer = decoder.decode(body, 0, length);
        } catch (FrontierProtocolException e) {
            throw new AnswerMismatchException("not a well-formed FroNtier answer (" + length + " bytes): " + e.getMessage());
        }
        if (answer.globalError() != null) {
            throw new AnswerMismatchException("the answer is a global error: " + answer.globalError());
        }
        if (answer.payloads().size() != 1) {
            throw new AnswerMismatchException("the answer holds " + answer.payloads().size() + " payloads; the benchmark sends one query");
        }
        DecodedPayload p = answer.payloads().get(0);
        if (p.error() != 0) {
            throw new AnswerMismatchException("the payload reports an error: " + p.quality());
        }
        for (String attribute : new String[] {"md5", "records", "full_size"}) {
            if (!p.quality().containsKey(attribute)) {
                throw new AnswerMismatchException("quality has no " + attribute + ": " + p.quality());
            }
        }
        long records;
        try {
            records = p.records();
            p.fullSize();
        } catch (NumberFormatException e) {
            throw new AnswerMismatchException("quality records or full_size is not a number: " + p.quality());
        }
        if (p.dataError() != null) {
            throw new AnswerMismatchException(p.dataError());
        }
        long counted;
        try {
            counted = RowStreamReader.countRecords(p.rowStreamBuffer(), p.rowStreamLength());
        } catch (FrontierProtocolException e) {
            throw new AnswerMismatchException(e.getMessage());
        }
        if (counted != records) {
            throw new AnswerMismatchException("quality says " + records + " records but the row stream holds " + counted);
        }
        return p;
    }

    long comparedAnswers() {
        return comparedAnswers;
    }

    long decodedAnswers() {
        return decodedAnswers;
    }

    @Override
    public void close() {
        decoder.close();
    }
}
