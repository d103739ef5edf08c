package org.gridstack.frontier.protocol.http;

import com.google.errorprone.annotations.Immutable;
import java.io.IOException;
import java.util.Locale;

/**
 * How the body of an HTTP/1.x answer is delimited (RFC 9112 section 6.3): none (1xx, 204, 304),
 * {@code Transfer-Encoding: chunked}, else {@code Content-Length}, else the end of the connection;
 * and the size line of a chunk. Shared by the pull-style {@link HttpResponseReader} and the
 * push-style {@link HttpResponseFeed}, so both frame alike and say the same about bad input.
 * Immutable.
 *
 * @param kind the framing
 * @param length the Content-Length for {@link Kind#LENGTH}, else -1
 */
@Immutable
record BodyFraming(Kind kind, long length) {
    enum Kind { NONE, LENGTH, CHUNKED, CLOSE }

    private static final BodyFraming NONE = new BodyFraming(Kind.NONE, -1);
    private static final BodyFraming CHUNKED = new BodyFraming(Kind.CHUNKED, -1);
    private static final BodyFraming CLOSE = new BodyFraming(Kind.CLOSE, -1);

    /**
     * The framing of the answer with this head.
     *
     * @throws IOException for a Content-Length that is not a non-negative number
     */
    static BodyFraming of(HttpResponseReader.Head head) throws IOException {
        if (head.status() == 204 || head.status() == 304 || head.status() / 100 == 1) {
            return NONE;
        }
        String te = head.header("transfer-encoding");
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            return CHUNKED;
        }
        String cl = head.header("content-length");
        if (cl == null) {
            return CLOSE;
        }
        long length;
        try {
            length = Long.parseLong(cl.trim());
        } catch (NumberFormatException e) {
            throw new IOException("bad Content-Length: " + HeadAssembler.cut(cl), e);
        }
        if (length < 0) {
            throw new IOException("negative Content-Length: " + length);
        }
        return new BodyFraming(Kind.LENGTH, length);
    }

    /**
     * The size of a chunk from its size line ({@code 1a2b} or {@code 1a2b;name=value}: chunk
     * extensions are ignored).
     *
     * @throws IOException when the line holds no hexadecimal size
     */
    static long chunkSize(String sizeLine) throws IOException {
        int semi = sizeLine.indexOf(';');
        String hex = (semi >= 0 ? sizeLine.substring(0, semi) : sizeLine).trim();
        long size;
        try {
            size = Long.parseLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new IOException("bad chunk size line: '" + HeadAssembler.cut(sizeLine) + "'", e);
        }
        if (size < 0 || hex.startsWith("+") || hex.startsWith("-")) {
            throw new IOException("bad chunk size line: '" + HeadAssembler.cut(sizeLine) + "'");
        }
        return size;
    }
}
