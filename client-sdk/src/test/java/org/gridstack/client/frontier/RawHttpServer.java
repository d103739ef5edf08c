package org.gridstack.client.frontier;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * An HTTP server on a raw socket (free port, loopback) that keeps connections open between
 * requests and answers request number N (counted over all connections, from 0) with the raw
 * bytes a script gives, so tests see exactly how many connections a client opens and what it
 * sends. Each connection is served by its own thread; everything is closed by {@link #close()}.
 */
final class RawHttpServer implements AutoCloseable {
    /** One scripted answer: raw bytes (status line, headers, body) and whether to close the connection after them. */
    record Reply(byte[] bytes, boolean closeAfter) {
        static Reply withLength(byte[] body, String extraHeaders) {
            return new Reply(concat(("HTTP/1.1 200 \r\nContent-Type: text/xml;charset=US-ASCII\r\nContent-Length: " + body.length + "\r\n"
                    + extraHeaders + "\r\n").getBytes(StandardCharsets.ISO_8859_1), body), false);
        }

        static Reply chunked(byte[] body, int chunk) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes("HTTP/1.1 200 \r\nContent-Type: text/xml;charset=US-ASCII\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            for (int at = 0; at < body.length; at += chunk) {
                int n = Math.min(chunk, body.length - at);
                out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.write(body, at, n);
                out.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
            out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            return new Reply(out.toByteArray(), false);
        }

        Reply thenClose() {
            return new Reply(bytes, true);
        }
    }

    private final ServerSocket server;
    private final IntFunction<Reply> script;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger requestCount = new AtomicInteger();
    private final List<String> requests = new ArrayList<>();
    private final List<Socket> open = new ArrayList<>();
    private final Thread acceptor;

    RawHttpServer(IntFunction<Reply> script) throws IOException {
        this.script = script;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::accept, "raw-http-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    int connections() {
        return connections.get();
    }

    synchronized List<String> requests() {
        return List.copyOf(requests);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                connections.incrementAndGet();
                synchronized (this) {
                    open.add(s);
                }
                Thread t = new Thread(() -> serve(s), "raw-http-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            while (true) {
                String request = readRequest(in);
                if (request == null) {
                    return;
                }
                synchronized (this) {
                    requests.add(request);
                }
                Reply reply = script.apply(requestCount.getAndIncrement());
                out.write(reply.bytes());
                out.flush();
                if (reply.closeAfter()) {
                    return;
                }
            }
        } catch (IOException gone) {
            // the client closed the connection
        }
    }

    private static String readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        for (int c; (c = in.read()) >= 0; ) {
            head.write(c);
            matched = (c == '\r' || c == '\n') ? matched + 1 : 0;
            if (matched == 4) {
                return head.toString(StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Override
    public void close() throws IOException {
        server.close();
        synchronized (this) {
            for (Socket s : open) {
                s.close();
            }
        }
    }
}
