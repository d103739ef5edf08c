package org.gridstack.dqp.block;

import java.io.IOException;
import java.util.List;

/**
 * Decodes the frame payloads of one block-frame stream, in the order they were written by the
 * codec's {@link FramePayloadWriter}. Obtained from {@link BlockCodec#openFrameReader}. Not
 * thread-safe: one consumer reads.
 */
public interface FramePayloadReader extends AutoCloseable {
    /**
     * The rows of the block in {@code payload}.
     *
     * @throws MalformedBlockException when the payload is not exactly one block of the codec's format
     *     following the payloads read before
     */
    List<Object[]> readBlock(byte[] payload) throws IOException;

    /** The columns of the stream, or null before the first payload. */
    BlockSchema schema();

    /** Releases the buffers held between payloads. Idempotent. */
    @Override
    void close();
}
