package org.gridstack.bench.dqp;

import java.io.IOException;
import java.util.List;
import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockFrameEncoder;
import org.gridstack.dqp.block.BlockSchema;

/**
 * The bytes a block codec produces for rows cut into blocks of a given size, as a data service's
 * streamed scan and an EXCHANGE send them: one block-frame stream, each block one frame, counted
 * without the frames' 4-byte lengths. In WebRowSet each frame is a document of its own (as the
 * seed's blocks were); in Arrow the frames are one IPC stream (the schema once, strings in a
 * dictionary shared across the blocks). Encoded with dqp-engine's own {@link BlockFrameEncoder}.
 * Stateless.
 */
final class CodecBytes {
    private CodecBytes() {
    }

    /** Payload bytes of {@code rows} in {@code codec}, one frame per block of {@code blockSize} tuples. */
    static long of(BlockCodec codec, BlockSchema schema, List<Object[]> rows, int blockSize) throws IOException {
        if (blockSize < 1) {
            throw new IllegalArgumentException("blockSize must be at least 1, is " + blockSize);
        }
        BlockFrameEncoder frames = new BlockFrameEncoder(codec, schema);
        long bytes = 0;
        for (int from = 0; from < rows.size(); from += blockSize) {
            bytes += frames.frame(rows.subList(from, Math.min(rows.size(), from + blockSize))).length - 4;
        }
        return bytes;
    }
}
