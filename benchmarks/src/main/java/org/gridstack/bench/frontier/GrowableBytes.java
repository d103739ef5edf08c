package org.gridstack.bench.frontier;

import java.util.Arrays;

/** A reusable byte array with a fill level, so a load loop allocates nothing per answer. Not thread-safe. */
final class GrowableBytes {
    private byte[] data;
    private int length;

    GrowableBytes(int initialCapacity) {
        data = new byte[Math.max(16, initialCapacity)];
    }

    byte[] data() {
        return data;
    }

    int length() {
        return length;
    }

    void clear() {
        length = 0;
    }

    /** Makes room for {@code more} bytes after the fill level and returns the (possibly new) array. */
    byte[] reserve(int more) {
        long needed = (long) length + more;
        if (needed > data.length) {
            if (needed > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("answer larger than 2 GB");
            }
            data = Arrays.copyOf(data, (int) Math.max(needed, Math.min(Integer.MAX_VALUE - 16L, 2L * data.length)));
        }
        return data;
    }

    void advance(int n) {
        length += n;
    }

    byte[] toArray() {
        return Arrays.copyOf(data, length);
    }
}
