package org.gridstack.frontier.testing;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.gridstack.frontier.protocol.http.HttpResponseFeed;
import org.gridstack.frontier.protocol.http.HttpResponseReader;

/**
 * A byte-exact HTTP/1.x client for tests: sends a request head exactly as given and reads the
 * response with the project's one framing reader (Content-Length, chunked, or close-delimited):
 * pull-style for whole answers ({@link #exchange}, {@link #parse}), push-style for answers read
 * until the server closes, however they end ({@link #receive}).
 */
public final class RawHttp {
    /** A response: status, head (header names in any case), body without framing. */
    public record Response(int status, HttpResponseReader.Head head, byte[] body) {
        public String header(String name) {
            return head.header(name);
        }

        public String bodyText() {
            return new String(body, StandardCharsets.ISO_8859_1);
        }
    }

    /**
     * A response read until the server closed the connection, however it ended. {@code framed}:
     * the body ended the way its framing says (the last chunk of a chunked body, all
     * Content-Length bytes, nothing after them); a close-delimited body is always "framed", as
     * HTTP cannot tell a cut from an end there.
     */
    public record Received(int status, HttpResponseReader.Head head, byte[] body, boolean chunked, boolean framed) {
        public String header(String name) {
            return head.header(name);
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
        FirstAnswer first = new FirstAnswer();
        HttpResponseFeed feed = new HttpResponseFeed(first);
        boolean clean;
        try {
            feed.feed(raw, 0, raw.length);
            feed.endOfInput();
            clean = true;
        } catch (IOException cut) {
            clean = false; // the end of input inside the answer, or bytes after it that are no answer
        }
        if (first.head == null) {
            throw new IOException("no response head in " + raw.length + " bytes");
        }
        String te = first.head.header("transfer-encoding");
        boolean chunked = te != null && te.toLowerCase(Locale.ROOT).contains("chunked");
        return new Received(first.head.status(), first.head, first.body.toByteArray(), chunked, clean && first.answers == 1);
    }

    /** Collects the first answer's head and body; counts the answers completed. */
    private static final class FirstAnswer implements HttpResponseFeed.Listener {
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private HttpResponseReader.Head head;
        private int answers;

        @Override
        public void head(HttpResponseReader.Head h) {
            if (head == null) {
                head = h;
            }
        }

        @Override
        public void body(byte[] b, int off, int len) {
            if (answers == 0) {
                body.write(b, off, len);
            }
        }

        @Override
        public void complete(HttpResponseReader.Head h) {
            answers++;
        }
    }

    public static Response exchange(String host, int port, byte[] requestHead) throws IOException {
        return exchangeFrom(null, host, port, requestHead);
    }

    /**
     * As {@link #exchange}, from the local address {@code localAddress} (another loopback address
     * such as {@code 127.0.0.2} is another client to the server), or any when null.
     */
    public static Response exchangeFrom(String localAddress, String host, int port, byte[] requestHead) throws IOException {
        try (Socket s = new Socket()) {
            if (localAddress != null) {
                s.bind(new java.net.InetSocketAddress(localAddress, 0));
            }
            s.connect(new java.net.InetSocketAddress(host, port));
            s.setSoTimeout(120_000);
            OutputStream out = s.getOutputStream();
            try {
                out.write(requestHead);
                out.flush();
            } catch (IOException e) {
                // the server may answer and close before reading everything (e.g. a request head
                // over its limit): read what it said
            }
            return read(s.getInputStream(), startsWith(requestHead, "HEAD "));
        }
    }

    private static boolean startsWith(byte[] request, String method) {
        return new String(request, 0, Math.min(request.length, method.length()), StandardCharsets.ISO_8859_1).equals(method);
    }

    /** Builds a GET with the given target and headers (CRLF line ends). */
    public static byte[] get(String target, String version, String... headers) {
        StringBuilder b = new StringBuilder("GET ").append(target).append(' ').append(version).append("\r\n");
        for (String h : headers) {
            b.append(h).append("\r\n");
        }
        return b.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * Reads up to and including the first line (a response's status line) and returns it without
     * its line end: for tests that read an answer's start and then stop reading.
     */
    public static String statusLine(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c; (c = in.read()) >= 0 && c != '\n'; ) {
            b.write(c);
        }
        return b.toString(StandardCharsets.ISO_8859_1).trim();
    }

    /** Parses a captured raw response (as stored in the golden vectors). */
    public static Response parse(byte[] raw) throws IOException {
        return read(new ByteArrayInputStream(raw), false);
    }

    /** The answer on {@code in}; the answer to a HEAD request has no body, whatever its Content-Length says. */
    private static Response read(InputStream in, boolean headRequest) throws IOException {
        HttpResponseReader reader = new HttpResponseReader(in, 64 * 1024);
        HttpResponseReader.Head head = reader.readHead(false);
        return new Response(head.status(), head, headRequest ? new byte[0] : reader.body(head).readAllBytes());
    }
}
