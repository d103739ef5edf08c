package org.gridstack.frontier.protocol;

import java.nio.charset.StandardCharsets;

/**
 * A whole response body in, its payloads out: the form the servlet's tests and one-off readers
 * use. A thin facade over {@link AnswerDecoder}, which does all the decoding and checking
 * (envelope, Base64, md5, zlib, full_size): a fresh decoder per body, so the row streams are the
 * caller's, with the decoded wire data kept ({@link DecodedPayload#data()}). Unlike
 * {@link AnswerDecoder#decodeIntact}, broken data is not thrown here but when the rows are asked
 * for ({@link DecodedPayload#rowStream()}), so tests can look at a broken answer's envelope.
 * Thread-safe (stateless).
 */
public final class ResponseParser {
    private static final AnswerDecoderSettings SETTINGS = AnswerDecoderSettings.defaults()
            .withKeepDecodedData(true)
            .withMd5OnSecondThreadFromBytes(AnswerDecoderSettings.MD5_ALWAYS_INLINE);

    private ResponseParser() {
    }

    /** Parses a body given as text (one char per byte, as ISO-8859-1 reads it). */
    public static DecodedAnswer parse(String body) throws FrontierProtocolException {
        return parse(body.getBytes(StandardCharsets.ISO_8859_1));
    }

    /**
     * Parses a response body.
     *
     * @throws FrontierProtocolException when the body is not a FroNtier answer (envelope, Base64, truncation)
     */
    public static DecodedAnswer parse(byte[] body) throws FrontierProtocolException {
        try (AnswerDecoder decoder = new AnswerDecoder(SETTINGS)) {
            return decoder.decode(body, 0, body.length);
        }
    }

    /** Lower-case hex MD5 of {@code data}, as {@code quality md5} carries it (for building answers in tests). */
    public static String md5Hex(byte[] data) {
        return PayloadHasher.md5Hex(data);
    }
}
