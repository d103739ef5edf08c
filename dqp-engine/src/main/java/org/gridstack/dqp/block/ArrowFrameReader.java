package org.gridstack.dqp.block;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowStreamReader;

/**
 * Reads the payloads written by {@link ArrowFrameWriter} with Arrow's own stream reader: the
 * payloads, fed to it one at a time, are one Arrow IPC stream, and each must hold exactly the
 * dictionary batches and the one record batch of its block. The dictionaries (bounded by the
 * writer) stay in this reader's Arrow memory between payloads, a child of the codec's allocator,
 * until {@link #close}. Not thread-safe: one consumer.
 */
final class ArrowFrameReader implements FramePayloadReader {
    private final FrameFeed feed = new FrameFeed();
    private final BufferAllocator allocator;
    private final ArrowStreamReader reader;
    private BlockSchema schema;
    private long payloads;
    private boolean closed;

    ArrowFrameReader(BufferAllocator parent) {
        this.allocator = requireNonNull(parent, "parent is null").newChildAllocator("frame-reader", 0, ArrowBlockCodec.MAX_ALLOCATION_BYTES);
        this.reader = new ArrowStreamReader(feed, allocator, CommonsCompressionFactory.INSTANCE);
    }

    @Override
    public List<Object[]> readBlock(byte[] payload) throws IOException {
        requireNonNull(payload, "payload is null");
        if (closed) {
            throw new IllegalStateException("the frame reader is closed");
        }
        feed.next(payload);
        boolean loaded;
        try {
            if (schema == null) {
                schema = ArrowBlockCodec.fromArrow(reader.getVectorSchemaRoot().getSchema(), reader);
            }
            loaded = reader.loadNextBatch();
        } catch (MalformedBlockException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new MalformedBlockException("Arrow frame " + (payloads + 1) + " is not the next part of the stream's Arrow IPC stream: "
                    + e.getMessage(), e);
        }
        payloads++;
        if (!loaded) {
            throw new MalformedBlockException("Arrow frame " + payloads + " holds no record batch; each frame holds one block");
        }
        if (feed.remaining() > 0) {
            throw new MalformedBlockException("Arrow frame " + payloads + " has " + feed.remaining()
                    + " bytes after its record batch; each frame holds one block");
        }
        return ArrowBlockCodec.rows(reader.getVectorSchemaRoot(), reader, schema);
    }

    @Override
    public BlockSchema schema() {
        return schema;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            ArrowBlockCodec.release(reader, allocator);
        }
    }

    /** The payload being read; it ends (returns -1) where the payload ends. */
    private static final class FrameFeed extends InputStream {
        private byte[] bytes = new byte[0];
        private int position;

        void next(byte[] payload) {
            bytes = payload;
            position = 0;
        }

        int remaining() {
            return bytes.length - position;
        }

        @Override
        public int read() {
            return position < bytes.length ? bytes[position++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            int n = Math.min(len, bytes.length - position);
            if (n <= 0) {
                return -1;
            }
            System.arraycopy(bytes, position, b, off, n);
            position += n;
            return n;
        }
    }
}
