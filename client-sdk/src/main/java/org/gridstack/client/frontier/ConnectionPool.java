package org.gridstack.client.frontier;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Deque;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * Idle keep-alive connections per peer ({@code host:port}), most recently used first. A connection
 * idle for longer than {@link #MAX_IDLE_NANOS} is closed instead of reused (proxies and servlets
 * drop idle connections after some seconds; a dropped one that slips through is retried once by
 * {@link HttpGet}). At most {@link #MAX_IDLE_PER_PEER} idle connections are kept per peer. After
 * {@link #close()} nothing is kept. Thread-safe.
 */
@ThreadSafe
final class ConnectionPool implements AutoCloseable {
    static final int MAX_IDLE_PER_PEER = 16;
    static final long MAX_IDLE_NANOS = TimeUnit.SECONDS.toNanos(10);

    // an HttpConnection is used by one thread at a time: the one that took it from its deque
    @SuppressWarnings("ThreadSafe")
    private final ConcurrentMap<String, ConcurrentLinkedDeque<HttpConnection>> idle = new ConcurrentHashMap<>();
    @SuppressWarnings("ThreadSafe") // volatile: set once by close(), read without a lock
    private volatile boolean closed;

    /** A reusable idle connection to the peer, or null. */
    HttpConnection take(String peer) {
        Deque<HttpConnection> q = idle.get(peer);
        if (q == null) {
            return null;
        }
        long now = System.nanoTime();
        for (HttpConnection c = q.pollFirst(); c != null; c = q.pollFirst()) {
            if (now - c.idleSince() < MAX_IDLE_NANOS && c.reusable()) {
                return c;
            }
            c.close();
        }
        return null;
    }

    /** Keeps a connection whose last answer ended cleanly, or closes it. */
    void release(HttpConnection c) {
        if (closed || !c.reusable()) {
            c.close();
            return;
        }
        Deque<HttpConnection> q = idle.computeIfAbsent(c.peer(), p -> new ConcurrentLinkedDeque<>());
        c.markIdle();
        q.offerFirst(c);
        while (q.size() > MAX_IDLE_PER_PEER) {
            HttpConnection oldest = q.pollLast();
            if (oldest == null) {
                break;
            }
            oldest.close();
        }
        if (closed) { // closed while we were adding
            closeAll();
        }
    }

    /** Idle connections kept now (all peers). */
    int idleCount() {
        return idle.values().stream().mapToInt(Deque::size).sum();
    }

    @Override
    public void close() {
        closed = true;
        closeAll();
    }

    private void closeAll() {
        for (Deque<HttpConnection> q : idle.values()) {
            for (HttpConnection c = q.pollFirst(); c != null; c = q.pollFirst()) {
                c.close();
            }
        }
    }
}
