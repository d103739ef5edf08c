package org.gridstack.dqp.coordinator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Test side of a query answer read from a raw socket, so that what arrived before a broken end is
 * seen whole: the status line, the body with its chunked encoding removed, and whether the body
 * ended with the chunked encoding's last chunk (a whole answer) or the connection closed before it
 * (a broken one). Not thread-safe.
 */
final class ChunkedAnswer {
    final String head;
    final String body;
    final boolean complete;

    private ChunkedAnswer(String head, String body, boolean complete) {
        this.head = head;
        this.body = body;
        this.complete = complete;
    }

    /** Sends {@code POST /api/v1/query} with {@code json} on {@code socket}. */
    static void post(Socket socket, String json, String accept) throws IOException {
        OutputStream out = socket.getOutputStream();
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        out.write(("POST /api/v1/query HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: " + accept
                + "\r\nConnection: close\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        out.write(body);
        out.flush();
    }

    /** Reads the head, then the chunks until the last chunk or the connection's end. */
    static ChunkedAnswer read(InputStream in) throws IOException {
        return read(in, Integer.MAX_VALUE);
    }

    /** As {@link #read(InputStream)}, keeping only the last {@code keep} bytes of the body (for endless answers). */
    static ChunkedAnswer read(InputStream in, int keep) throws IOException {
        String head = readUntil(in, "\r\n\r\n");
        if (!head.contains("chunked")) {
            return new ChunkedAnswer(head, new String(in.readAllBytes(), StandardCharsets.UTF_8), true);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream() {
            @Override
            public synchronized void write(byte[] b, int off, int len) {
                super.write(b, off, len);
                if (count > 2L * keep && count > keep) {
                    System.arraycopy(buf, count - keep, buf, 0, keep);
                    count = keep;
                }
            }
        };
        while (true) {
            String sizeLine = readUntil(in, "\r\n");
            if (sizeLine.isEmpty() || !sizeLine.endsWith("\r\n")) {
                return new ChunkedAnswer(head, body.toString(StandardCharsets.UTF_8), false);
            }
            int size = Integer.parseInt(sizeLine.strip(), 16);
            if (size == 0) {
                return new ChunkedAnswer(head, body.toString(StandardCharsets.UTF_8), readUntil(in, "\r\n").equals("\r\n"));
            }
            byte[] chunk = in.readNBytes(size);
            body.write(chunk);
            if (chunk.length < size || in.readNBytes(2).length < 2) {
                return new ChunkedAnswer(head, body.toString(StandardCharsets.UTF_8), false);
            }
        }
    }

    private static int readOrEnd(InputStream in) {
        try {
            return in.read();
        } catch (IOException connectionReset) {
            return -1;
        }
    }

    private static String readUntil(InputStream in, String end) throws IOException {
        StringBuilder s = new StringBuilder();
        int b;
        while ((b = readOrEnd(in)) >= 0) {
            s.append((char) b);
            if (s.length() >= end.length() && s.substring(s.length() - end.length()).equals(end)) {
                break;
            }
        }
        return s.toString();
    }
}
