package org.gridstack.dqp.block;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Encodes the blocks of one block-frame stream, one frame payload per block, in order. A codec may
 * carry state from one block to the next (Arrow: the schema once, then dictionaries that grow by
 * deltas), so the payloads must be read back in the same order by the codec's
 * {@link FramePayloadReader}. Obtained from {@link BlockCodec#openFrameWriter}; holds no off-heap
 * memory between blocks, so it needs no closing. Not thread-safe: one producer writes.
 */
public interface FramePayloadWriter {
    /** Writes the payload of the next block (exactly one block) to {@code out}. */
    void writeBlock(List<Object[]> rows, OutputStream out) throws IOException;
}
