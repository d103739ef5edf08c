package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.gridstack.service.admission.AddressShare;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.ldap.listener.LDAPListenerRequestHandler;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;
import java.time.Duration;

/**
 * An LDAP listener in slapd's shape: a few selector threads ({@link EventLoopSettings#selectorThreads()})
 * accept, read and write every connection without blocking, and a fixed pool of worker threads
 * ({@link EventLoopSettings#workerThreads()}) runs the requests through the same handler chain the
 * SDK's listener would (each connection's chain is made by the SDK's
 * {@code LDAPListenerClientConnection}, which is never started as a thread). A request is decoded
 * only when it has arrived whole (at most the message limit; its nesting checked first,
 * {@link RequestAdmission}); a connection has at most one request in the workers' queue, and the
 * queue is served in arrival order, so connections are served in turn and an idle connection
 * costs a socket and a small buffer, not a thread. Answers are written without blocking the
 * loop, and each connection's unsent bytes are bounded ({@link EventLoopConnection}); an abandon or
 * unbind is read and acted on while a request of its connection runs. {@link #close()} sends every
 * open connection a Notice of Disconnection ({@code unavailable}) before closing it. Idle and read
 * timeouts and connections per address are {@link ConnectionLimits}'; connections over the
 * listener's maximum or over their address's share are closed as they are accepted. Thread-safe;
 * {@link #close()} stops it.
 */
@ThreadSafe
public final class EventLoopListener implements RunningListener {
    private static final Logger log = LoggerFactory.getLogger(EventLoopListener.class);
    private static final long SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    @SuppressWarnings("ThreadSafe") // the handler chain: only asked for per-connection instances (newInstance)
    private final LDAPListenerRequestHandler root;
    private final ConnectionLimits limits;
    private final EventLoopSettings eventLoop;
    private final Duration writeTimeout;
    private final int maxMessageBytes;
    private final int maxConnections;
    private final RequestAdmission admission;
    private final AddressShare share;
    @SuppressWarnings("ThreadSafe") // server-socket channels are safe for use by concurrent threads (its Javadoc)
    private final ServerSocketChannel server;
    @SuppressWarnings("ThreadSafe") // filled by the constructor, never changed after
    private final List<Loop> loops = new ArrayList<>();
    @SuppressWarnings("ThreadSafe") // a java.util.concurrent executor, thread-safe
    private final ThreadPoolExecutor workers;
    @SuppressWarnings("ThreadSafe") // a concurrent key set (ConcurrentHashMap.newKeySet)
    private final Set<EventLoopConnection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicLong refusals = new AtomicLong();
    @SuppressWarnings("ThreadSafe") // volatile: set once by close(), read without a lock
    private volatile boolean closed;

    private EventLoopListener(ListenerSettings settings, LDAPListenerRequestHandler root, int maxMessageBytes)
            throws IOException {
        this.root = requireNonNull(root, "root is null");
        this.limits = settings.connectionLimits();
        this.eventLoop = requireNonNull(settings.eventLoop(), "the settings choose no event loop");
        this.writeTimeout = settings.writeTimeout();
        this.maxMessageBytes = maxMessageBytes;
        this.maxConnections = settings.maxConnections();
        this.admission = new RequestAdmission(limits.maxNesting());
        this.share = limits.maxPerAddress() == 0 ? null : new AddressShare(limits.maxPerAddress());
        AtomicInteger workerNumber = new AtomicInteger();
        this.workers = new ThreadPoolExecutor(eventLoop.workerThreads(), eventLoop.workerThreads(), 0, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "ldap-worker-" + workerNumber.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        this.server = ServerSocketChannel.open();
        try {
            server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            server.bind(new InetSocketAddress(settings.listenAddress(), settings.port()), ListenerSocketFactory.BACKLOG);
            server.configureBlocking(false);
            for (int i = 0; i < eventLoop.selectorThreads(); i++) {
                loops.add(new Loop(i));
            }
            server.register(loops.get(0).selector, SelectionKey.OP_ACCEPT);
        } catch (IOException | RuntimeException e) {
            closeQuietly();
            throw e;
        }
        loops.forEach(Thread::start);
    }

    /**
     * Starts listening with {@code settings} (whose {@link ListenerSettings#eventLoop()} must be
     * set); {@code root} is the outermost handler of the chain.
     */
    public static EventLoopListener start(ListenerSettings settings, LDAPListenerRequestHandler root, int maxMessageBytes)
            throws IOException {
        requireNonNull(settings, "settings is null");
        if (maxMessageBytes < 1) {
            throw new IllegalArgumentException("maxMessageBytes must be positive");
        }
        return new EventLoopListener(settings, root, maxMessageBytes);
    }

    @Override
    public int port() {
        return server.socket().getLocalPort();
    }

    /** Connections open now. */
    public int connectionCount() {
        return connections.size();
    }

    ConnectionLimits limits() {
        return limits;
    }

    EventLoopSettings eventLoop() {
        return eventLoop;
    }

    Duration writeTimeout() {
        return writeTimeout;
    }

    int maxMessageBytes() {
        return maxMessageBytes;
    }

    RequestAdmission admission() {
        return admission;
    }

    ExecutorService workers() {
        return workers;
    }

    void forget(EventLoopConnection c) {
        connections.remove(c);
    }

    /** Accepts every waiting connection; on loop 0's thread. */
    private void accept() {
        while (true) {
            SocketChannel channel;
            try {
                channel = server.accept();
            } catch (IOException e) {
                log.debug("accepting a connection failed", e);
                return;
            }
            if (channel == null) {
                return;
            }
            AddressShare.Slot slot = AddressShare.NONE;
            try {
                InetSocketAddress remote = (InetSocketAddress) channel.getRemoteAddress();
                if (connections.size() >= maxConnections) {
                    refuse(channel, remote, "the server holds its " + maxConnections + " connections");
                    continue;
                }
                slot = share == null ? AddressShare.NONE : share.tryEnter(remote.getAddress());
                if (slot == null) {
                    refuse(channel, remote, "the address holds its share of " + share.perAddress() + " connections");
                    continue;
                }
                channel.configureBlocking(false);
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                Loop loop = loops.get(Math.floorMod(next.getAndIncrement(), loops.size()));
                EventLoopConnection c = new EventLoopConnection(this, loop, channel, slot);
                connections.add(c);
                loop.run(() -> loop.open(c, channel));
            } catch (IOException e) {
                slot.close();
                closeChannel(channel);
            }
        }
    }

    private void refuse(SocketChannel channel, InetSocketAddress remote, String why) {
        long n = refusals.incrementAndGet();
        if (n == 1 || Long.bitCount(n) == 1) { // one line, then at powers of two: a flood must not flood the log
            log.warn("refused a connection from {}: {} ({} refused so far)", remote.getAddress().getHostAddress(), why, n);
        }
        try {
            channel.setOption(StandardSocketOptions.SO_LINGER, 0);
        } catch (IOException e) {
            // closing anyway
        }
        closeChannel(channel);
    }

    private static void closeChannel(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // gone already
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        closeQuietly();
    }

    private void closeQuietly() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closed
        }
        for (EventLoopConnection c : List.copyOf(connections)) {
            c.closeWithNotice(ResultCode.UNAVAILABLE, "the server is shutting down");
        }
        for (Loop l : loops) {
            l.selector.wakeup();
        }
        workers.shutdownNow();
        for (Loop l : loops) {
            try {
                l.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            try {
                l.selector.close();
            } catch (IOException e) {
                // closed
            }
        }
        try {
            workers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One selector thread and the connections it owns. */
    final class Loop extends Thread {
        private final Selector selector;
        private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();

        Loop(int number) throws IOException {
            super("ldap-loop-" + number);
            setDaemon(true);
            this.selector = Selector.open();
        }

        /** Runs {@code task} on this loop's thread. */
        void run(Runnable task) {
            tasks.add(task);
            selector.wakeup();
        }

        void wakeup() {
            selector.wakeup();
        }

        private void open(EventLoopConnection c, SocketChannel channel) {
            try {
                c.open(selector, root);
            } catch (IOException | LDAPException | RuntimeException e) {
                log.info("could not open a connection from {}: {}", c.remote(), e.toString());
                c.close(null);
                closeChannel(channel);
            }
        }

        @Override
        public void run() {
            long nextSweep = System.nanoTime() + SWEEP_NANOS;
            while (!closed) {
                try {
                    selector.select(250);
                    Runnable task;
                    while ((task = tasks.poll()) != null) {
                        task.run();
                    }
                    for (SelectionKey k : selector.selectedKeys()) {
                        if (!k.isValid()) {
                            continue;
                        }
                        if (k.attachment() == null) {
                            accept();
                            continue;
                        }
                        EventLoopConnection c = (EventLoopConnection) k.attachment();
                        if (k.isWritable()) {
                            c.writable();
                        }
                        if (k.isValid() && k.isReadable()) {
                            c.readable();
                        }
                    }
                    selector.selectedKeys().clear();
                    long now = System.nanoTime();
                    if (now - nextSweep > 0) {
                        nextSweep = now + SWEEP_NANOS;
                        for (SelectionKey k : selector.keys()) {
                            if (k.attachment() instanceof EventLoopConnection c) {
                                c.sweep(now);
                            }
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    if (!closed) {
                        log.warn("the LDAP event loop {} caught an error and goes on", getName(), e);
                    }
                }
            }
        }
    }
}
