package org.gridstack.bench.grim;

import java.nio.charset.StandardCharsets;

/**
 * Finds the end of one HTTP/1.1 response in received bytes: status line, headers, then a body
 * framed by Content-Length or chunked transfer coding (Tomcat uses Content-Length when the whole
 * body fits its buffer, chunked otherwise). Pure function of the bytes; no allocation for bodies.
 */
final class HttpResponseScanner {
    /** A complete response: its status and the number of bytes it occupies. */
    record Response(int status, int length, boolean close) {
    }

    private HttpResponseScanner() {
    }

    /** The response starting at {@code from}, or null when {@code buf[from..to)} does not hold all of it yet. */
    static Response scan(byte[] buf, int from, int to) {
        int headerEnd = indexOf(buf, from, to);
        if (headerEnd < 0) {
            return null;
        }
        String head = new String(buf, from, headerEnd - from, StandardCharsets.ISO_8859_1);
        int bodyStart = headerEnd + 4;
        String[] lines = head.split("\r\n");
        if (!lines[0].startsWith("HTTP/1.")) {
            throw new IllegalStateException("not an HTTP/1.x response: " + lines[0]);
        }
        int status = Integer.parseInt(lines[0].substring(9, 12));
        long contentLength = -1;
        boolean chunked = false;
        boolean close = false;
        for (int i = 1; i < lines.length; i++) {
            String l = lines[i];
            int colon = l.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = l.substring(0, colon).trim();
            String value = l.substring(colon + 1).trim();
            if (name.equalsIgnoreCase("Content-Length")) {
                contentLength = Long.parseLong(value);
            } else if (name.equalsIgnoreCase("Transfer-Encoding") && value.toLowerCase(java.util.Locale.ROOT).contains("chunked")) {
                chunked = true;
            } else if (name.equalsIgnoreCase("Connection") && value.equalsIgnoreCase("close")) {
                close = true;
            }
        }
        if (chunked) {
            int p = bodyStart;
            while (true) {
                int lineEnd = crlf(buf, p, to);
                if (lineEnd < 0) {
                    return null;
                }
                String sizeText = new String(buf, p, lineEnd - p, StandardCharsets.ISO_8859_1);
                int semi = sizeText.indexOf(';');
                int size = Integer.parseInt((semi < 0 ? sizeText : sizeText.substring(0, semi)).trim(), 16);
                p = lineEnd + 2;
                if (size == 0) {
                    // no trailers from our server: the last chunk is followed by an empty line
                    while (true) {
                        int e = crlf(buf, p, to);
                        if (e < 0) {
                            return null;
                        }
                        if (e == p) {
                            return new Response(status, e + 2 - from, close);
                        }
                        p = e + 2;
                    }
                }
                if (p + size + 2 > to) {
                    return null;
                }
                p += size + 2;
            }
        }
        if (contentLength < 0) {
            if (status == 204 || status == 304 || status / 100 == 1) {
                return new Response(status, bodyStart - from, close);
            }
            throw new IllegalStateException("response without Content-Length or chunked coding (status " + status + ")");
        }
        long end = bodyStart + contentLength;
        return end <= to ? new Response(status, (int) (end - from), close) : null;
    }

    private static int indexOf(byte[] b, int from, int to) {
        for (int i = from; i + 3 < to; i++) {
            if (b[i] == '\r' && b[i + 1] == '\n' && b[i + 2] == '\r' && b[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static int crlf(byte[] b, int from, int to) {
        for (int i = from; i + 1 < to; i++) {
            if (b[i] == '\r' && b[i + 1] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
