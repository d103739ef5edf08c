package org.gridstack.dqp.evaluator.exchange;

import java.util.ArrayList;
import java.util.List;

/**
 * Packs tuples into EXCHANGE blocks: a block is full at {@code maxTuples} tuples or, when
 * {@code maxBytes} &gt; 0, once its estimated size reaches {@code maxBytes} (the seed's producer
 * "measures the tuples' size to decide when a buffer is full"). Size estimate per value: a string's
 * length in characters plus 4, 4 for an int, 8 for a long or double, 1 for a boolean, 1 for NULL.
 * Not thread-safe: one producer.
 */
public final class BlockPacker {
    private final int maxTuples;
    private final long maxBytes;
    private List<Object[]> current = new ArrayList<>();
    private long currentBytes;

    public BlockPacker(int maxTuples, long maxBytes) {
        if (maxTuples < 1) {
            throw new IllegalArgumentException("maxTuples must be at least 1, is " + maxTuples);
        }
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must not be negative, is " + maxBytes);
        }
        this.maxTuples = maxTuples;
        this.maxBytes = maxBytes;
    }

    /** Adds {@code row}; returns the block it completed, or null while the block has room. */
    public List<Object[]> add(Object[] row) {
        current.add(row);
        currentBytes += estimate(row);
        if (current.size() >= maxTuples || (maxBytes > 0 && currentBytes >= maxBytes)) {
            return take();
        }
        return null;
    }

    /** The partly filled block (maybe empty), emptying the packer. */
    public List<Object[]> take() {
        List<Object[]> block = current;
        current = new ArrayList<>();
        currentBytes = 0;
        return block;
    }

    /** The estimated size of {@code row} in bytes. */
    public static long estimate(Object[] row) {
        long bytes = 0;
        for (Object v : row) {
            if (v == null) {
                bytes += 1;
            } else if (v instanceof String s) {
                bytes += s.length() + 4;
            } else if (v instanceof Integer) {
                bytes += 4;
            } else if (v instanceof Boolean) {
                bytes += 1;
            } else {
                bytes += 8;
            }
        }
        return bytes;
    }
}
