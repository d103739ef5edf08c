package org.gridstack.bench.grim;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntFunction;
import org.gridstack.frontier.protocol.http.HttpResponseFeed;
import org.gridstack.frontier.protocol.http.HttpResponseReader;

/**
 * Many provider connections from one thread: each connection is one persistent HTTP/1.1
 * keep-alive connection sending, closed loop, {@code PATCH /api/v1/objects/host/{host}?backend=B}
 * with {@code {"load_last_1min": v}} (v counts up per connection), the next one as soon as the
 * previous is answered. One {@link Selector}; answers framed by the project's HTTP reader fed
 * push-style ({@link HttpResponseFeed}).
 * Counts answers with status 200 completed inside the measured window, their latencies, and per
 * connection the last acknowledged value, so the caller can read the hosts back and prove the
 * values were stored. Not thread-safe: {@link #run} once.
 */
final class NioUpdateLoad {
    /**
     * @param lastAcked per connection, the value of its last request answered 200 (-1: none)
     * @param certain   per connection, whether its last request was answered 200 (otherwise the
     *                  stored value is unknown: a 503 may still have been stored)
     */
    record Result(int connections, long acknowledged, long errors, double seconds, double updatesPerSecond, QrtSummary latency, double p99Ms,
            int reconnects, long[] lastAcked, boolean[] certain, List<String> errorSamples) {
    }

    private final InetSocketAddress server;
    private final int connections;
    private final String token;
    private final String backend;
    private final IntFunction<String> hostOf;

    private final class Conn {
        final int index;
        final byte[] prefix;
        SocketChannel channel;
        ByteBuffer out;
        final byte[] in = new byte[16 * 1024];
        final Answers answers = new Answers();
        HttpResponseFeed feed = new HttpResponseFeed(answers);
        long sentAt;
        long value;
        long lastAcked = -1;
        boolean certain = true;
        boolean inFlight;

        Conn(int index) {
            this.index = index;
            String host = hostOf.apply(index);
            this.prefix = ("PATCH /api/v1/objects/host/" + host + "?backend=" + backend + " HTTP/1.1\r\nHost: " + server.getHostString() + ":"
                    + server.getPort() + "\r\nAuthorization: Bearer " + token + "\r\nContent-Type: application/json\r\nContent-Length: ")
                    .getBytes(StandardCharsets.US_ASCII);
            this.value = 1000L * index;
        }
    }

    /** A complete answer: its status, whether the server closes, the start of its body (for error samples). */
    private record Answer(int status, boolean close, String bodyStart) {
    }

    /** Receives one connection's answers from its feed; the loop takes each as it completes. */
    private static final class Answers implements HttpResponseFeed.Listener {
        private static final int SAMPLE_BYTES = 400;
        private final StringBuilder body = new StringBuilder();
        private Answer complete;

        @Override
        public void head(HttpResponseReader.Head head) {
            body.setLength(0);
        }

        @Override
        public void body(byte[] b, int off, int len) {
            int n = Math.min(len, SAMPLE_BYTES - body.length());
            if (n > 0) {
                body.append(new String(b, off, n, StandardCharsets.UTF_8));
            }
        }

        @Override
        public void complete(HttpResponseReader.Head head) throws IOException {
            if (complete != null) {
                throw new IOException("the server sent an answer no request was waiting for (status " + head.status() + ")");
            }
            complete = new Answer(head.status(), !head.keepsConnection(true), body.toString());
        }

        /** The answer completed since the last call, or null. */
        Answer take() {
            Answer a = complete;
            complete = null;
            return a;
        }

        void clear() {
            complete = null;
            body.setLength(0);
        }
    }

    NioUpdateLoad(InetSocketAddress server, int connections, String token, String backend, IntFunction<String> hostOf) {
        this.server = requireNonNull(server, "server is null");
        this.token = requireNonNull(token, "token is null");
        this.backend = requireNonNull(backend, "backend is null");
        this.hostOf = requireNonNull(hostOf, "hostOf is null");
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be >= 1");
        }
        this.connections = connections;
    }

    Result run(Duration warmup, Duration measure) throws IOException {
        List<String> errorSamples = new ArrayList<>();
        long[] latencies = new long[1 << 16];
        int nLat = 0;
        long acked = 0;
        long errors = 0;
        int reconnects = 0;
        Conn[] conns = new Conn[connections];
        try (Selector selector = Selector.open()) {
            for (int i = 0; i < connections; i++) {
                conns[i] = new Conn(i);
                connect(conns[i], selector);
            }
            long start = System.nanoTime();
            long measureFrom = start + warmup.toNanos();
            long measureTo = measureFrom + measure.toNanos();
            long drainDeadline = measureTo + Duration.ofSeconds(60).toNanos();
            int inFlight = 0;
            while (true) {
                long now = System.nanoTime();
                boolean stopping = now >= measureTo;
                if (stopping) {
                    inFlight = 0;
                    for (Conn c : conns) {
                        inFlight += c.inFlight ? 1 : 0;
                    }
                    if (inFlight == 0 || now > drainDeadline) {
                        break;
                    }
                }
                selector.select(10);
                Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey key = it.next();
                    it.remove();
                    Conn c = (Conn) key.attachment();
                    try {
                        if (key.isConnectable()) {
                            c.channel.finishConnect();
                            if (System.nanoTime() < measureTo) {
                                send(c, key);
                            } else {
                                key.interestOps(SelectionKey.OP_READ);
                            }
                            continue;
                        }
                        if (key.isWritable()) {
                            c.channel.write(c.out);
                            if (!c.out.hasRemaining()) {
                                key.interestOps(SelectionKey.OP_READ);
                            }
                        }
                        if (key.isReadable()) {
                            int n = c.channel.read(ByteBuffer.wrap(c.in));
                            if (n < 0) {
                                throw new IOException("server closed the connection");
                            }
                            c.feed.feed(c.in, 0, n);
                            Answer r = c.answers.take();
                            if (r == null) {
                                continue;
                            }
                            long done = System.nanoTime();
                            c.inFlight = false;
                            if (r.status() == 200) {
                                c.lastAcked = c.value;
                                c.certain = true;
                                if (done >= measureFrom && done < measureTo) {
                                    acked++;
                                    if (nLat == latencies.length) {
                                        latencies = Arrays.copyOf(latencies, nLat * 2);
                                    }
                                    latencies[nLat++] = done - c.sentAt;
                                }
                            } else {
                                c.certain = false;
                                errors++;
                                if (errorSamples.size() < 5) {
                                    errorSamples.add(r.status() + " " + r.bodyStart());
                                }
                            }
                            if (r.close()) {
                                throw new IOException("server asked to close the connection");
                            }
                            if (done < measureTo) {
                                send(c, key);
                            } else {
                                key.interestOps(0);
                            }
                        }
                    } catch (IOException | RuntimeException e) {
                        key.cancel();
                        c.channel.close();
                        if (c.inFlight) {
                            c.certain = false;
                            c.inFlight = false;
                        }
                        if (errorSamples.size() < 5) {
                            errorSamples.add("connection " + c.index + ": " + e);
                        }
                        if (System.nanoTime() < measureTo) {
                            reconnects++;
                            c.answers.clear();
                            c.feed = new HttpResponseFeed(c.answers);
                            connect(c, selector);
                        }
                    }
                }
            }
            for (Conn c : conns) {
                c.channel.close();
            }
        }
        long[] lat = Arrays.copyOf(latencies, nLat);
        double seconds = measure.toNanos() / 1e9;
        long[] last = new long[connections];
        boolean[] certain = new boolean[connections];
        for (int i = 0; i < connections; i++) {
            last[i] = conns[i].lastAcked;
            certain[i] = conns[i].certain && !conns[i].inFlight;
        }
        QrtSummary latency = QrtSummary.ofNanos(lat);
        return new Result(connections, acked, errors, seconds, acked / seconds, latency, latency.p99Ms(), reconnects, last, certain,
                List.copyOf(errorSamples));
    }

    private void connect(Conn c, Selector selector) throws IOException {
        c.channel = SocketChannel.open();
        c.channel.configureBlocking(false);
        c.channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        if (c.channel.connect(server)) {
            SelectionKey key = c.channel.register(selector, 0, c);
            send(c, key);
        } else {
            c.channel.register(selector, SelectionKey.OP_CONNECT, c);
        }
    }

    private void send(Conn c, SelectionKey key) throws IOException {
        c.value++;
        byte[] body = ("{\"load_last_1min\":" + c.value + "}").getBytes(StandardCharsets.US_ASCII);
        byte[] len = (body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        ByteBuffer out = ByteBuffer.allocate(c.prefix.length + len.length + body.length);
        out.put(c.prefix).put(len).put(body).flip();
        c.out = out;
        c.inFlight = true;
        c.sentAt = System.nanoTime();
        c.channel.write(out);
        key.interestOps(out.hasRemaining() ? SelectionKey.OP_WRITE | SelectionKey.OP_READ : SelectionKey.OP_READ);
    }
}
