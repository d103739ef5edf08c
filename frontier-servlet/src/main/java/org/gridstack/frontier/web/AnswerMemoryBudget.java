package org.gridstack.frontier.web;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Memory all answers held back in {@link ResponseOutput} may use together
 * ({@code frontier.response-buffer-total-bytes}). An answer that cannot get more stops being held
 * back and is sent as it is produced. Thread-safe, lock-free.
 */
final class AnswerMemoryBudget {
    private final long total;
    private final AtomicLong used = new AtomicLong();

    AnswerMemoryBudget(long total) {
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

    /** Bytes held by answers now. */
    long used() {
        return used.get();
    }
}
