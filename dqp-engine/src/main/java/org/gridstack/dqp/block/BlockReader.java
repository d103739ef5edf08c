package org.gridstack.dqp.block;

import java.io.IOException;
import java.util.List;

/**
 * Reads a stream of blocks written by the matching {@link BlockWriter}, one block at a time, never
 * the whole stream. Obtained from {@link BlockCodec#openReader}. Not thread-safe: one consumer reads.
 */
public interface BlockReader extends AutoCloseable {
    /** The schema announced at the head of the stream. */
    BlockSchema schema();

    /**
     * The next block's rows, or null at the end of the stream.
     *
     * @throws IOException on a broken stream; {@link MalformedBlockException} on bytes that are not the codec's format
     */
    List<Object[]> nextBlock() throws IOException;

    /** Releases buffers; does not close the underlying input stream. Idempotent. */
    @Override
    void close();
}
