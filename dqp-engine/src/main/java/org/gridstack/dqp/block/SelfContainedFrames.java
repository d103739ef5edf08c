package org.gridstack.dqp.block;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Frame payloads that are each one complete stream of a codec holding exactly one block (the
 * codec's header, the block, its end): what WebRowSet's frames are, each block a WebRowSet
 * document as the seed sent it. Nothing is carried from one frame to the next. Stateless apart from
 * the codec and schema; the writer is thread-safe, the reader is not (it remembers the last schema).
 */
final class SelfContainedFrames {
    private SelfContainedFrames() {
    }

    static FramePayloadWriter writer(BlockCodec codec, BlockSchema schema) {
        requireNonNull(codec, "codec is null");
        requireNonNull(schema, "schema is null");
        return (List<Object[]> rows, OutputStream out) -> {
            try (BlockWriter writer = codec.openWriter(schema, out)) {
                writer.writeBlock(rows);
                writer.finish();
            }
        };
    }

    static FramePayloadReader reader(BlockCodec codec) {
        return new Reader(requireNonNull(codec, "codec is null"));
    }

    private static final class Reader implements FramePayloadReader {
        private final BlockCodec codec;
        private BlockSchema schema;

        Reader(BlockCodec codec) {
            this.codec = codec;
        }

        @Override
        public List<Object[]> readBlock(byte[] payload) throws IOException {
            // a codec reader may hand one block over in parts (WebRowSet: at most 1,000 rows at a time)
            try (BlockReader reader = codec.openReader(new ByteArrayInputStream(payload))) {
                schema = reader.schema();
                List<Object[]> rows = new ArrayList<>();
                List<Object[]> part;
                while ((part = reader.nextBlock()) != null) {
                    rows.addAll(part);
                }
                return rows;
            }
        }

        @Override
        public BlockSchema schema() {
            return schema;
        }

        @Override
        public void close() {
            // nothing is held between frames
        }
    }
}
