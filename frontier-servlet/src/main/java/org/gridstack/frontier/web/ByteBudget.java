package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes that all requests together may hold of one resource: the memory of answers held back in
 * {@link ResponseOutput} ({@code frontier.response-buffer-total-bytes}), the disk of answers
 * spooled in a {@link SpoolArea} ({@code frontier.spool-total-bytes}). A taker that cannot get
 * more does without (an answer then goes to disk, or is refused). Thread-safe, lock-free.
 */
@ThreadSafe
final class ByteBudget {
    private final long total;
    private final AtomicLong used = new AtomicLong();

    ByteBudget(long total) {
        if (total < 0) {
            throw new IllegalArgumentException("total must not be negative, got " + total);
        }
        this.total = total;
    }

    /** Takes {@code bytes} if that many are left; false (taking nothing) otherwise. */
    boolean tryTake(long bytes) {
        while (true) {
            long now = used.get();
            if (now + bytes > total) {
                return false;
            }
            if (used.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    /** Gives back bytes taken before. */
    void give(long bytes) {
        used.addAndGet(-bytes);
    }

    /** Bytes held now. */
    long used() {
        return used.get();
    }

    /** Bytes all takers may hold together. */
    long total() {
        return total;
    }
}
