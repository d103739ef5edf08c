package org.gridstack.frontier.protocol.http;

import java.io.EOFException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Builds the head of a final HTTP/1.x answer from its lines (without line ends): the status line,
 * header lines, the empty line; interim 1xx answers (but 101) are dropped, so the next status line
 * starts over. Header names are lower-cased and repeated headers joined with ", ". The one parser
 * of answer heads: {@link HttpResponseReader} gives it the lines it pulls, {@link HttpResponseFeed}
 * the lines it is fed. Not thread-safe: one per connection.
 */
final class HeadAssembler {
    private String version;
    private int status;
    private Map<String, String> headers;
    private int headerBytes;

    /**
     * Takes the next line.
     *
     * @return the head when {@code line} was the empty line ending a final answer's head, else null
     * @throws IOException when the line is malformed or the head too large
     */
    HttpResponseReader.Head line(String line) throws IOException {
        if (line.length() > HttpResponseReader.MAX_HEADER_BYTES) {
            throw new IOException("line longer than " + HttpResponseReader.MAX_HEADER_BYTES + " bytes");
        }
        if (version == null) {
            String[] parts = line.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
                throw new IOException("not an HTTP/1.x status line: '" + cut(line) + "'");
            }
            try {
                status = Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                throw new IOException("bad status code in '" + cut(line) + "'", e);
            }
            version = parts[0];
            headers = new LinkedHashMap<>();
            headerBytes = 0;
            return null;
        }
        if (line.isEmpty()) {
            boolean interim = status >= 100 && status < 200 && status != 101;
            HttpResponseReader.Head head = interim ? null : new HttpResponseReader.Head(status, version.equals("HTTP/1.1"), headers);
            version = null;
            headers = null;
            return head;
        }
        headerBytes += line.length();
        if (headerBytes > HttpResponseReader.MAX_HEADER_BYTES) {
            throw new IOException("response headers larger than " + HttpResponseReader.MAX_HEADER_BYTES + " bytes");
        }
        int colon = line.indexOf(':');
        if (colon <= 0) {
            throw new IOException("malformed header line '" + cut(line) + "'");
        }
        headers.merge(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim(), (a, b) -> a + ", " + b);
        return null;
    }

    /** The error for a connection that ended before the head was complete. */
    EOFException endedEarly(boolean anyByteOfTheAnswer) {
        if (version != null) {
            return new EOFException("connection closed inside the response headers");
        }
        return new EOFException(anyByteOfTheAnswer ? "connection closed inside the status line" : "connection closed before the status line");
    }

    /** Forgets a partly read head (after an error). */
    void reset() {
        version = null;
        headers = null;
    }

    static String cut(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "...";
    }
}
