package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

import org.basex.api.client.Session;

/**
 * Reusable sessions of one user, so an operation does not pay a login (a server round trip in
 * client mode) before its first request. A borrowed session belongs to one thread until it is
 * returned; a session that failed is closed instead of returned. Thread-safe (lock-free deque).
 */
@ThreadSafe
final class SessionPool implements AutoCloseable {
    /** Opens a new session; may throw IOException. */
    interface Opener {
        Session open() throws IOException;
    }

    @SuppressWarnings("ThreadSafe") // the owner's SessionFactory::open (or a lambda over it), itself @ThreadSafe
    private final Opener opener;
    private final int maxIdle;
    @SuppressWarnings("ThreadSafe") // idle sessions: each one is taken by one borrower at a time, never shared
    private final ConcurrentLinkedDeque<Session> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger idleCount = new AtomicInteger();
    @SuppressWarnings("ThreadSafe") // volatile: set once by close(), read without a lock
    private volatile boolean closed;

    SessionPool(Opener opener, int maxIdle) {
        this.opener = requireNonNull(opener, "opener is null");
        this.maxIdle = maxIdle;
    }

    Session borrow() throws IOException {
        if (closed) {
            throw new IOException("the BaseX backend is closed");
        }
        Session s = idle.pollFirst();
        if (s != null) {
            idleCount.decrementAndGet();
            return s;
        }
        return opener.open();
    }

    /** Returns a healthy session for reuse. */
    void giveBack(Session s) {
        if (!closed && idleCount.incrementAndGet() <= maxIdle) {
            idle.offerFirst(s);
        } else {
            idleCount.decrementAndGet();
            quietClose(s);
        }
    }

    /** Closes a session that failed (its protocol state is unknown). */
    void discard(Session s) {
        quietClose(s);
    }

    /** Drops idle sessions (after the database was replaced or users changed). */
    void clear() {
        Session s;
        while ((s = idle.pollFirst()) != null) {
            idleCount.decrementAndGet();
            quietClose(s);
        }
    }

    @Override
    public void close() {
        closed = true;
        clear();
    }

    static void quietClose(Session s) {
        try {
            s.close();
        } catch (IOException | RuntimeException e) {
            // closing is best effort: the session is dropped either way
        }
    }

}
