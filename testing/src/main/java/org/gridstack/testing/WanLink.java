package org.gridstack.testing;

import com.google.errorprone.annotations.Immutable;
import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An emulated wide-area link in user space, for machines where {@code tc netem} is not available
 * (it needs root and the kernel's {@code sch_netem}): a TCP forwarder on a free loopback port that
 * passes every connection on to {@code target} and back, each byte delayed and rate-limited as
 * {@link LinkSchedule} computes (one-way delay, a per-connection rate, a link rate shared by all
 * connections in the same direction). What it models: propagation delay (the request waits one
 * delay, the answer another), serialisation at the bottleneck, and a single stream's ceiling.
 * What it does not: packet loss, jitter, and TCP's own slow start and window growth on the real
 * path (the per-connection rate stands for their net effect).
 *
 * <p>Each direction of each connection has a reader (from one socket into a bounded queue: at
 * most {@link #WINDOW_BYTES} in flight, which gives back-pressure like a TCP window) and a writer
 * (waits until each chunk's departure time, then writes it to the other socket). An end of stream
 * is passed on as a half-close; an error on either side closes both. {@link #close()} stops
 * accepting, closes every connection and waits for the threads. Thread-safe.
 */
@ThreadSafe
public final class WanLink implements AutoCloseable {
    /** Bytes one direction of one connection may have in flight inside the link. */
    static final int WINDOW_BYTES = 256 * 1024;
    private static final int CHUNK = 8 * 1024;
    private static final byte[] END = new byte[0];

    /**
     * The link's properties.
     *
     * @param oneWayDelay delay added in each direction (the round trip adds twice this)
     * @param connectionBytesPerSecond the ceiling of one connection in each direction; 0 = none
     * @param linkBytesPerSecond the ceiling of all connections together in each direction; 0 = none
     */
    @Immutable
    public record Profile(Duration oneWayDelay, long connectionBytesPerSecond, long linkBytesPerSecond) {
        public Profile {
            Objects.requireNonNull(oneWayDelay, "oneWayDelay is null");
            if (oneWayDelay.isNegative() || connectionBytesPerSecond < 0 || linkBytesPerSecond < 0) {
                throw new IllegalArgumentException("a WAN profile needs a delay and rates of 0 or more, got " + oneWayDelay + ", "
                        + connectionBytesPerSecond + " B/s, " + linkBytesPerSecond + " B/s");
            }
        }

        /** For reports: {@code RTT 120 ms, 265 kB/s per connection, 1,600 kB/s link}. */
        public String describe() {
            return "RTT " + oneWayDelay.multipliedBy(2).toMillis() + " ms, "
                    + (connectionBytesPerSecond == 0 ? "no per-connection limit" : String.format(Locale.ROOT, "%,d kB/s per connection",
                            connectionBytesPerSecond / 1000))
                    + ", " + (linkBytesPerSecond == 0 ? "no link limit" : String.format(Locale.ROOT, "%,d kB/s link", linkBytesPerSecond / 1000));
        }
    }

    private final String name;
    @SuppressWarnings("ThreadSafe") // InetSocketAddress is immutable
    private final InetSocketAddress target;
    private final Profile profile;
    @SuppressWarnings("ThreadSafe") // accepted on by the acceptor thread; close() from any thread ends its accept
    private final ServerSocket server;
    private final LinkSchedule.Shared upstream;
    private final LinkSchedule.Shared downstream;
    // concurrent key sets (ConcurrentHashMap.newKeySet); a Socket is closed from any thread to end its copy
    @SuppressWarnings("ThreadSafe")
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    @SuppressWarnings("ThreadSafe")
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private final AtomicLong forwarded = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private final Thread acceptor;
    @SuppressWarnings("ThreadSafe") // volatile: set once by close(), read without a lock
    private volatile boolean closed;

    private WanLink(String name, InetSocketAddress listen, InetSocketAddress target, Profile profile) throws IOException {
        this.name = name;
        this.target = target;
        this.profile = profile;
        this.upstream = new LinkSchedule.Shared(profile.linkBytesPerSecond());
        this.downstream = new LinkSchedule.Shared(profile.linkBytesPerSecond());
        this.server = new ServerSocket(listen.getPort(), 256, listen.getAddress());
        this.acceptor = new Thread(this::accept, "wan-" + name + "-accept");
        acceptor.setDaemon(true);
    }

    /** Starts a link on a free loopback port in front of {@code target}. */
    public static WanLink start(String name, InetSocketAddress target, Profile profile) throws IOException {
        return start(name, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), target, profile);
    }

    /** Starts a link listening on {@code listen} (port 0: a free one) in front of {@code target}. */
    public static WanLink start(String name, InetSocketAddress listen, InetSocketAddress target, Profile profile) throws IOException {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(listen, "listen is null");
        Objects.requireNonNull(target, "target is null");
        Objects.requireNonNull(profile, "profile is null");
        WanLink link = new WanLink(name, listen, target, profile);
        link.acceptor.start();
        return link;
    }

    /** The loopback port clients connect to instead of the target's. */
    public int port() {
        return server.getLocalPort();
    }

    public Profile profile() {
        return profile;
    }

    /** Bytes delivered through the link so far, both directions. */
    public long bytesForwarded() {
        return forwarded.get();
    }

    /** Connections accepted so far. */
    public long connectionsAccepted() {
        return connections.get();
    }

    private void accept() {
        while (!closed) {
            Socket near;
            try {
                near = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            connections.incrementAndGet();
            sockets.add(near);
            Socket far = new Socket();
            try {
                far.connect(target, 10_000);
                near.setTcpNoDelay(true);
                far.setTcpNoDelay(true);
            } catch (IOException e) {
                closeQuietly(near);
                closeQuietly(far);
                sockets.remove(near);
                continue;
            }
            sockets.add(far);
            long id = connections.get();
            pipe(near, far, new LinkSchedule(profile.oneWayDelay(), profile.connectionBytesPerSecond(), upstream), "wan-" + name + "-" + id + "-up");
            pipe(far, near, new LinkSchedule(profile.oneWayDelay(), profile.connectionBytesPerSecond(), downstream), "wan-" + name + "-" + id + "-down");
        }
    }

    /** One direction: a reader queues chunks with their departure time, a writer delivers them on time. */
    private void pipe(Socket from, Socket to, LinkSchedule schedule, String threadName) {
        BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(WINDOW_BYTES / 512);
        Semaphore window = new Semaphore(WINDOW_BYTES);
        start(threadName + "-read", () -> {
            try {
                InputStream in = from.getInputStream(); // not closed here: that would close the socket
                byte[] buffer = new byte[CHUNK];
                int n;
                while ((n = in.read(buffer)) > 0) {
                    window.acquire(n);
                    queue.put(new Chunk(Arrays.copyOf(buffer, n), schedule.departure(System.nanoTime(), n)));
                }
                queue.put(new Chunk(END, schedule.departure(System.nanoTime(), 0)));
            } catch (IOException | InterruptedException e) {
                abort(from, to);
                queue.offer(new Chunk(END, 0)); // wakes the writer if it waits for more
            }
        });
        start(threadName + "-write", () -> {
            try {
                OutputStream out = to.getOutputStream();
                while (true) {
                    Chunk c = queue.take();
                    long wait;
                    while ((wait = c.departure - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(wait);
                        if (closed) {
                            return;
                        }
                    }
                    if (c.bytes == END) {
                        to.shutdownOutput();
                        finishIfDone(from, to);
                        return;
                    }
                    out.write(c.bytes);
                    out.flush();
                    forwarded.addAndGet(c.bytes.length);
                    window.release(c.bytes.length);
                }
            } catch (IOException | InterruptedException e) {
                abort(from, to);
            } finally {
                window.release(WINDOW_BYTES); // a reader waiting for room wakes, and finds its socket closed
            }
        });
    }

    private record Chunk(byte[] bytes, long departure) {
    }

    private void start(String threadName, Runnable body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } finally {
                threads.remove(Thread.currentThread());
            }
        }, threadName);
        t.setDaemon(true);
        threads.add(t);
        t.start();
    }

    /** Both directions have ended (each side half-closed its output): release the sockets. */
    private void finishIfDone(Socket from, Socket to) {
        if (from.isOutputShutdown() && to.isOutputShutdown()) {
            abort(from, to);
        }
    }

    private void abort(Socket a, Socket b) {
        closeQuietly(a);
        closeQuietly(b);
        sockets.remove(a);
        sockets.remove(b);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing: nothing left to do
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing
        }
        for (Socket s : sockets) {
            closeQuietly(s);
        }
        sockets.clear();
        for (Thread t : threads) {
            t.interrupt();
        }
        joinQuietly(acceptor);
        for (Thread t : Set.copyOf(threads)) {
            joinQuietly(t);
        }
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "WanLink[" + name + " 127.0.0.1:" + port() + " -> " + target + ", " + profile.describe() + "]";
    }
}
