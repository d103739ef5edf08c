package org.gridstack.bench.frontier;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;

/**
 * A minimal HTTP/1.1 client on one keep-alive socket: sends a prepared GET, reads the status,
 * headers and body (Content-Length, chunked or close-delimited) into a reusable buffer. It copies
 * bytes once and allocates nothing per body byte, so on a machine whose cores are shared with the
 * server it takes as little CPU as a client can. Reconnects when the server closes (Tomcat closes
 * after {@code maxKeepAliveRequests}); {@link #connects()} counts how often. Not thread-safe.
 */
final class KeepAliveHttpConnection implements Closeable {
    private static final int SOCKET_TIMEOUT_MILLIS = 120_000;

    private final String host;
    private final int port;
    private final byte[] buf = new byte[64 * 1024];
    private final StringBuilder line = new StringBuilder(128);
    private int pos;
    private int limit;
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private int connects;
    private boolean answerStarted;

    KeepAliveHttpConnection(String host, int port) {
        this.host = Objects.requireNonNull(host, "host is null");
        this.port = port;
    }

    /** A GET request for {@code target} with the given extra header lines (without CRLF). */
    static byte[] getRequest(String host, int port, String target, String... headers) {
        StringBuilder b = new StringBuilder(target.length() + 200)
                .append("GET ").append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append(':').append(port).append("\r\n");
        for (String h : headers) {
            b.append(h).append("\r\n");
        }
        b.append("Connection: keep-alive\r\n\r\n");
        return b.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * Sends {@code request} and reads the answer's body into {@code body} (cleared first).
     *
     * @return the HTTP status code
     */
    int exchange(byte[] request, GrowableBytes body) throws IOException {
        body.clear();
        boolean reused = socket != null;
        connectIfNeeded();
        try {
            return send(request, body);
        } catch (IOException e) {
            disconnect();
            // a kept-alive socket the server closed while idle: one attempt on a fresh one
            if (reused && !answerStarted) {
                connectIfNeeded();
                try {
                    return send(request, body);
                } catch (IOException again) {
                    disconnect();
                    throw again;
                }
            }
            throw e;
        }
    }

    private int send(byte[] request, GrowableBytes body) throws IOException {
        answerStarted = false;
        body.clear();
        out.write(request);
        out.flush();
        return readResponse(body);
    }

    /** Times a socket was opened. */
    int connects() {
        return connects;
    }

    private int readResponse(GrowableBytes body) throws IOException {
        String status = readLine();
        if (!status.startsWith("HTTP/1.") || status.length() < 12) {
            throw new IOException("not an HTTP response: status line '" + status + "'");
        }
        int code = Integer.parseInt(status.substring(9, 12));
        long contentLength = -1;
        boolean chunked = false;
        boolean close = status.startsWith("HTTP/1.0");
        for (String h = readLine(); !h.isEmpty(); h = readLine()) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                throw new IOException("malformed header line '" + h + "'");
            }
            String name = h.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = h.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
            switch (name) {
                case "content-length" -> contentLength = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.contains("chunked");
                case "connection" -> close = value.contains("close") || (close && !value.contains("keep-alive"));
                default -> { }
            }
        }
        if (code == 204 || code == 304) {
            contentLength = 0;
        }
        if (chunked) {
            readChunked(body);
        } else if (contentLength >= 0) {
            readExactly(body, checkedLength(contentLength));
        } else {
            readToEnd(body);
            close = true;
        }
        if (close) {
            disconnect();
        }
        return code;
    }

    private void readChunked(GrowableBytes body) throws IOException {
        while (true) {
            String sizeLine = readLine();
            int semi = sizeLine.indexOf(';');
            String hex = (semi >= 0 ? sizeLine.substring(0, semi) : sizeLine).trim();
            long size;
            try {
                size = Long.parseLong(hex, 16);
            } catch (NumberFormatException e) {
                throw new IOException("malformed chunk size line '" + sizeLine + "'");
            }
            if (size == 0) {
                while (!readLine().isEmpty()) {
                    // trailer fields are not used
                }
                return;
            }
            readExactly(body, checkedLength(size));
            if (!readLine().isEmpty()) {
                throw new IOException("chunk not followed by CRLF");
            }
        }
    }

    private static int checkedLength(long n) throws IOException {
        if (n < 0 || n > Integer.MAX_VALUE - 64) {
            throw new IOException("unsupported body or chunk length " + n);
        }
        return (int) n;
    }

    private void readExactly(GrowableBytes body, int n) throws IOException {
        byte[] dst = body.reserve(n);
        int at = body.length();
        int fromBuffer = Math.min(n, limit - pos);
        System.arraycopy(buf, pos, dst, at, fromBuffer);
        pos += fromBuffer;
        int done = fromBuffer;
        while (done < n) { // large remainders go straight from the socket into the body
            int r = in.read(dst, at + done, n - done);
            if (r < 0) {
                throw new EOFException("connection closed after " + done + " of " + n + " body bytes");
            }
            done += r;
        }
        body.advance(n);
    }

    private void readToEnd(GrowableBytes body) throws IOException {
        int buffered = limit - pos;
        System.arraycopy(buf, pos, body.reserve(buffered), body.length(), buffered);
        body.advance(buffered);
        pos = limit;
        while (true) {
            byte[] dst = body.reserve(64 * 1024);
            int r = in.read(dst, body.length(), dst.length - body.length());
            if (r < 0) {
                return;
            }
            body.advance(r);
        }
    }

    /** One line without its CRLF, as ISO-8859-1. */
    private String readLine() throws IOException {
        line.setLength(0);
        while (true) {
            if (pos == limit && !fill()) {
                throw new EOFException(answerStarted ? "connection closed inside the response head"
                        : "connection closed before the status line");
            }
            answerStarted = true;
            byte b = buf[pos++];
            if (b == '\n') {
                int n = line.length();
                if (n > 0 && line.charAt(n - 1) == '\r') {
                    line.setLength(n - 1);
                }
                return line.toString();
            }
            if (line.length() > 16 * 1024) {
                throw new IOException("response head line longer than 16 KiB");
            }
            line.append((char) (b & 0xff));
        }
    }

    private boolean fill() throws IOException {
        int r = in.read(buf, 0, buf.length);
        if (r <= 0) {
            return false;
        }
        pos = 0;
        limit = r;
        return true;
    }

    private void connectIfNeeded() throws IOException {
        if (socket != null) {
            return;
        }
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
            s.connect(new InetSocketAddress(host, port), 10_000);
        } catch (IOException e) {
            s.close();
            throw e;
        }
        socket = s;
        in = s.getInputStream();
        out = s.getOutputStream();
        pos = 0;
        limit = 0;
        connects++;
    }

    private void disconnect() {
        Socket s = socket;
        socket = null;
        in = null;
        out = null;
        pos = 0;
        limit = 0;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }

    @Override
    public void close() {
        disconnect();
    }
}
