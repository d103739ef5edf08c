package org.gridstack.bench.dqp;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.BlockWriter;

/**
 * The bytes a block codec produces for rows cut into blocks of a given size: what a data service
 * sends for an asynchronous scan in that codec and block size (the bodies of all block responses
 * together; each response is a stream of its own with the codec's header). Counted by encoding
 * into a stream that only counts, with dqp-engine's own codecs. Stateless.
 */
final class CodecBytes {
    private CodecBytes() {
    }

    /** Bytes of {@code rows} in {@code codec}, one stream per block of {@code blockSize} tuples. */
    static long of(BlockCodec codec, BlockSchema schema, List<Object[]> rows, int blockSize) throws IOException {
        if (blockSize < 1) {
            throw new IllegalArgumentException("blockSize must be at least 1, is " + blockSize);
        }
        Counting out = new Counting();
        for (int from = 0; from < rows.size(); from += blockSize) {
            try (BlockWriter w = codec.openWriter(schema, out)) {
                w.writeBlock(rows.subList(from, Math.min(rows.size(), from + blockSize)));
                w.finish();
            }
        }
        return out.count;
    }

    private static final class Counting extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
