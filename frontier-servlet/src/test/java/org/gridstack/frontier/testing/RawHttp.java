package org.gridstack.frontier.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A byte-exact HTTP/1.x client: sends a request head exactly as given and reads the response,
 * whatever its framing (Content-Length, chunked, or close-delimited).
 */
public final class RawHttp {
    /** A response: status, headers in order, body without framing. */
    public record Response(int status, List<String[]> headers, byte[] body) {
        public String header(String name) {
            for (String[] h : headers) {
                if (h[0].equalsIgnoreCase(name)) {
                    return h[1];
                }
            }
            return null;
        }

        public String bodyText() {
            return new String(body, StandardCharsets.ISO_8859_1);
        }
    }

    /**
     * A response read until the server closed the connection, however it ended. {@code framed}:
     * the body ended the way its framing says (the last chunk of a chunked body, all
     * Content-Length bytes); a close-delimited body is always "framed", as HTTP cannot tell a cut
     * from an end there.
     */
    public record Received(int status, List<String[]> headers, byte[] body, boolean chunked, boolean framed) {
        public String header(String name) {
            return new Response(status, headers, body).header(name);
        }

        public String bodyText() {
            return new String(body, StandardCharsets.ISO_8859_1);
        }

        /** A complete FroNtier answer: properly framed and the envelope closed. */
        public boolean completeAnswer() {
            return framed && bodyText().stripTrailing().endsWith("</frontier>");
        }
    }

    private RawHttp() {
    }

    /** Sends the request and reads until the server closes (send {@code Connection: close} with HTTP/1.1). */
    public static Received receive(String host, int port, byte[] requestHead) throws IOException {
        byte[] raw;
        try (Socket s = new Socket(host, port)) {
            s.setSoTimeout(120_000);
            s.getOutputStream().write(requestHead);
            s.getOutputStream().flush();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            byte[] buf = new byte[65536];
            try {
                InputStream in = s.getInputStream();
                for (int n; (n = in.read(buf)) >= 0; ) {
                    all.write(buf, 0, n);
                }
            } catch (java.net.SocketException reset) {
                // a connection reset after the data: keep what arrived
            }
            raw = all.toByteArray();
        }
        java.io.ByteArrayInputStream in = new java.io.ByteArrayInputStream(raw);
        String status = line(in);
        if (status == null) {
            throw new IOException("no response");
        }
        int code = Integer.parseInt(status.split(" ", 3)[1]);
        List<String[]> headers = new ArrayList<>();
        String l;
        while ((l = line(in)) != null && !l.isEmpty()) {
            int c = l.indexOf(':');
            headers.add(new String[] {l.substring(0, c).trim(), l.substring(c + 1).trim()});
        }
        Response head = new Response(code, headers, new byte[0]);
        String te = head.header("Transfer-Encoding");
        String cl = head.header("Content-Length");
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            while (true) {
                String size = line(in);
                if (size == null || size.isBlank()) {
                    return new Received(code, headers, body.toByteArray(), true, false);
                }
                int n = Integer.parseInt(size.split(";")[0].trim(), 16);
                if (n == 0) {
                    return new Received(code, headers, body.toByteArray(), true, true);
                }
                byte[] chunk = in.readNBytes(n);
                body.write(chunk);
                if (chunk.length < n || line(in) == null) {
                    return new Received(code, headers, body.toByteArray(), true, false);
                }
            }
        }
        body.write(in.readAllBytes());
        boolean framed = cl == null || body.size() == Long.parseLong(cl);
        return new Received(code, headers, body.toByteArray(), false, framed);
    }

    public static Response exchange(String host, int port, byte[] requestHead) throws IOException {
        try (Socket s = new Socket(host, port)) {
            s.setSoTimeout(120_000);
            OutputStream out = s.getOutputStream();
            try {
                out.write(requestHead);
                out.flush();
            } catch (IOException e) {
                // the server may answer and close before reading everything (e.g. a request head
                // over its limit): read what it said
            }
            return read(s.getInputStream());
        }
    }

    /** Builds a GET with the given target and headers (CRLF line ends). */
    public static byte[] get(String target, String version, String... headers) {
        StringBuilder b = new StringBuilder("GET ").append(target).append(' ').append(version).append("\r\n");
        for (String h : headers) {
            b.append(h).append("\r\n");
        }
        return b.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Parses a captured raw response (as stored in the golden vectors). */
    public static Response parse(byte[] raw) throws IOException {
        return read(new java.io.ByteArrayInputStream(raw));
    }

    static Response read(InputStream in) throws IOException {
        String status = line(in);
        if (status == null) {
            throw new IOException("no response");
        }
        String[] parts = status.split(" ", 3);
        int code = Integer.parseInt(parts[1]);
        List<String[]> headers = new ArrayList<>();
        String l;
        while ((l = line(in)) != null && !l.isEmpty()) {
            int c = l.indexOf(':');
            headers.add(new String[] {l.substring(0, c).trim(), l.substring(c + 1).trim()});
        }
        Response head = new Response(code, headers, new byte[0]);
        if (code == 304 || code == 204) {
            return head;
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String te = head.header("Transfer-Encoding");
        String cl = head.header("Content-Length");
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            while (true) {
                String size = line(in);
                int n = Integer.parseInt(size.split(";")[0].trim(), 16);
                if (n == 0) {
                    while ((l = line(in)) != null && !l.isEmpty()) {
                        // trailers
                    }
                    break;
                }
                body.write(in.readNBytes(n));
                line(in);
            }
        } else if (cl != null) {
            body.write(in.readNBytes(Integer.parseInt(cl)));
        } else {
            body.write(in.readAllBytes());
        }
        return new Response(code, headers, body.toByteArray());
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                byte[] a = b.toByteArray();
                int len = a.length > 0 && a[a.length - 1] == '\r' ? a.length - 1 : a.length;
                return new String(a, 0, len, StandardCharsets.ISO_8859_1);
            }
            b.write(c);
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
    }
}
