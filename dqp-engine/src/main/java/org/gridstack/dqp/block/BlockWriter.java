package org.gridstack.dqp.block;

import java.io.IOException;
import java.util.List;

/**
 * Writes a stream of blocks of one schema to an output stream, block by block, without holding
 * more than the block being written. Obtained from {@link BlockCodec#openWriter}. Not thread-safe:
 * one producer writes.
 */
public interface BlockWriter extends AutoCloseable {
    /** Writes {@code rows} as one block and flushes it to the stream. */
    void writeBlock(List<Object[]> rows) throws IOException;

    /** Ends the stream (the codec's trailer); the underlying output stream stays open. */
    void finish() throws IOException;

    /** Releases buffers; does not write a trailer. Idempotent. */
    @Override
    void close();
}
