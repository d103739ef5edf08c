package org.gridstack.bench.squid;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads HTTP/1.x answers one after the other from one connection's stream: status line, header
 * and a body framed by {@code Transfer-Encoding: chunked}, {@code Content-Length} or the end of
 * the connection (RFC 9112 section 6.3, in that order). The body is counted and dropped, never
 * kept: the plain client measures what Squid can serve, not what a client does with it. Bytes
 * past one answer stay buffered for the next, so a kept-alive connection stays in step. Not
 * thread-safe: one per connection.
 */
final class HttpAnswerReader {
    /** One answer: status code, decoded body length, and whether the connection ends with it. */
    record Answer(int status, long bodyBytes, boolean connectionEnds) {
    }

    private static final int MAX_LINE = 16 * 1024;

    private final InputStream in;
    private final byte[] buf;
    private final StringBuilder line = new StringBuilder(128);
    private int pos;
    private int limit;
    private boolean answerStarted;

    HttpAnswerReader(InputStream in, byte[] buffer) {
        this.in = Objects.requireNonNull(in, "in is null");
        this.buf = Objects.requireNonNull(buffer, "buffer is null");
    }

    /**
     * Whether any byte of the answer being read arrived (a kept-alive connection that the proxy
     * closed while idle fails before that, and the request may then be sent again on a new one).
     */
    boolean answerStarted() {
        return answerStarted;
    }

    /** Reads the next whole answer (a 1xx interim answer is skipped). */
    Answer read() throws IOException {
        answerStarted = pos < limit;
        while (true) {
            String statusLine = readLine();
            if (!statusLine.startsWith("HTTP/1.") || statusLine.length() < 12) {
                throw new IOException("not an HTTP/1.x status line: '" + statusLine + "'");
            }
            boolean http10 = statusLine.startsWith("HTTP/1.0");
            int status;
            try {
                status = Integer.parseInt(statusLine.substring(9, 12));
            } catch (NumberFormatException e) {
                throw new IOException("bad status code in '" + statusLine + "'", e);
            }
            long contentLength = -1;
            boolean chunked = false;
            Boolean close = null;
            for (String h = readLine(); !h.isEmpty(); h = readLine()) {
                int colon = h.indexOf(':');
                if (colon <= 0) {
                    throw new IOException("malformed header line '" + h + "'");
                }
                String name = h.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = h.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
                switch (name) {
                    case "content-length" -> {
                        try {
                            contentLength = Long.parseLong(value);
                        } catch (NumberFormatException e) {
                            throw new IOException("bad Content-Length '" + value + "'", e);
                        }
                    }
                    case "transfer-encoding" -> chunked = value.endsWith("chunked");
                    case "connection", "proxy-connection" -> {
                        if (value.contains("close")) {
                            close = true;
                        } else if (value.contains("keep-alive") && close == null) {
                            close = false;
                        }
                    }
                    default -> {
                    }
                }
            }
            if (status >= 100 && status < 200) {
                continue;
            }
            boolean ends = close != null ? close : http10;
            long body;
            if (status == 204 || status == 304) {
                body = 0;
            } else if (chunked) {
                body = skipChunked();
            } else if (contentLength >= 0) {
                skip(contentLength);
                body = contentLength;
            } else {
                body = skipToEnd();
                ends = true;
            }
            return new Answer(status, body, ends);
        }
    }

    private long skipChunked() throws IOException {
        long total = 0;
        while (true) {
            String sizeLine = readLine();
            int semicolon = sizeLine.indexOf(';');
            String hex = (semicolon >= 0 ? sizeLine.substring(0, semicolon) : sizeLine).trim();
            long size;
            try {
                size = Long.parseLong(hex, 16);
            } catch (NumberFormatException e) {
                throw new IOException("bad chunk size line '" + sizeLine + "'", e);
            }
            if (size < 0) {
                throw new IOException("negative chunk size '" + sizeLine + "'");
            }
            if (size == 0) {
                while (!readLine().isEmpty()) {
                    // trailer fields: none expected, ignored
                }
                return total;
            }
            skip(size);
            total += size;
            if (!readLine().isEmpty()) {
                throw new IOException("chunk of " + size + " bytes not followed by CRLF");
            }
        }
    }

    private void skip(long n) throws IOException {
        long left = n;
        while (left > 0) {
            if (pos == limit && !fill()) {
                throw new EOFException("connection closed " + left + " bytes before the end of a " + n + "-byte body part");
            }
            int take = (int) Math.min(left, limit - pos);
            pos += take;
            left -= take;
        }
    }

    private long skipToEnd() throws IOException {
        long total = limit - pos;
        pos = limit;
        while (fill()) {
            total += limit - pos;
            pos = limit;
        }
        return total;
    }

    /** A line without its CRLF (a bare LF is accepted too), as ISO-8859-1. */
    private String readLine() throws IOException {
        line.setLength(0);
        while (true) {
            if (pos == limit && !fill()) {
                throw new EOFException(!answerStarted ? "connection closed before an answer"
                        : "connection closed inside the HTTP header or a chunk size line");
            }
            byte b = buf[pos++];
            if (b == '\n') {
                int len = line.length();
                if (len > 0 && line.charAt(len - 1) == '\r') {
                    line.setLength(len - 1);
                }
                return line.toString();
            }
            if (line.length() >= MAX_LINE) {
                throw new IOException("HTTP line longer than " + MAX_LINE + " bytes");
            }
            line.append((char) (b & 0xff));
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            return false;
        }
        answerStarted = true;
        pos = 0;
        limit = n;
        return true;
    }
}
