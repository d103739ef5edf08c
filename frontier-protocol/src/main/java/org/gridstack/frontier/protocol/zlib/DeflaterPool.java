package org.gridstack.frontier.protocol.zlib;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.util.ArrayDeque;
import java.util.zip.Deflater;

/**
 * Idle zlib-wrapped {@link Deflater}s kept per level for reuse, so that a short answer does not
 * set up and tear down zlib's state (about 256 KiB of native memory) per request.
 *
 * <p>{@link #take} hands out an idle deflater of the level, or a new one; {@link #give} resets it
 * and keeps it if fewer than {@code maxIdlePerLevel} of that level are idle, else ends it. A
 * deflater that failed, or one given after {@link #close()}, is ended instead of kept. At most
 * {@code 9 * maxIdlePerLevel} deflaters are idle at any time.
 *
 * <p>Thread-safety: thread-safe; a deflater taken belongs to the taker until given back.
 */
@ThreadSafe
final class DeflaterPool implements AutoCloseable {
    private final int maxIdlePerLevel;
    @SuppressWarnings("unchecked")
    @GuardedBy("this")
    private final ArrayDeque<Deflater>[] idle = new ArrayDeque[10]; // index: level 1..9
    @GuardedBy("this")
    private boolean closed;

    /** @param maxIdlePerLevel idle deflaters kept per level, at least 0 (0: nothing is reused) */
    DeflaterPool(int maxIdlePerLevel) {
        if (maxIdlePerLevel < 0) {
            throw new IllegalArgumentException("maxIdlePerLevel must be >= 0, got " + maxIdlePerLevel);
        }
        this.maxIdlePerLevel = maxIdlePerLevel;
        for (int level = 1; level <= 9; level++) {
            idle[level] = new ArrayDeque<>(maxIdlePerLevel);
        }
    }

    /** A deflater writing zlib streams at {@code level} (1..9), in its initial state. */
    Deflater take(int level) {
        checkLevel(level);
        synchronized (this) {
            Deflater d = idle[level].pollFirst();
            if (d != null) {
                return d;
            }
        }
        return new Deflater(level);
    }

    /**
     * Gives back a deflater taken at {@code level}. {@code healthy} false (its use failed) ends it;
     * so does a full pool or a closed one.
     */
    void give(Deflater d, int level, boolean healthy) {
        checkLevel(level);
        if (healthy) {
            d.reset();
            synchronized (this) {
                if (!closed && idle[level].size() < maxIdlePerLevel) {
                    idle[level].addFirst(d);
                    return;
                }
            }
        }
        d.end();
    }

    /** Deflaters of {@code level} idle now. */
    synchronized int idle(int level) {
        checkLevel(level);
        return idle[level].size();
    }

    /** Ends every idle deflater; deflaters given back later are ended too. */
    @Override
    public void close() {
        ArrayDeque<Deflater> ending = new ArrayDeque<>();
        synchronized (this) {
            closed = true;
            for (int level = 1; level <= 9; level++) {
                ending.addAll(idle[level]);
                idle[level].clear();
            }
        }
        ending.forEach(Deflater::end);
    }

    private static void checkLevel(int level) {
        if (level < 1 || level > 9) {
            throw new IllegalArgumentException("level must be 1..9: " + level);
        }
    }
}
