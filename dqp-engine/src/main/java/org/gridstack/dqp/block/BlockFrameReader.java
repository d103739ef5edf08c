package org.gridstack.dqp.block;

import static java.util.Objects.requireNonNull;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads a block-frame stream written with {@link BlockFrameEncoder}: one block per frame, each
 * decoded with the payload codec, in the order written. The end frame ends it (its trailer, if any,
 * is kept for {@link #trailer}); an error frame is
 * thrown as {@link RemoteFailure} with the producer's message; a stream that stops before its end
 * frame is an {@link EOFException} (the producer or the connection died), and a frame longer than
 * {@value #MAX_FRAME_BYTES} bytes is a {@link MalformedBlockException}. Holds one frame at a time,
 * and what the codec carries from frame to frame (Arrow: its dictionaries, bounded by the writer),
 * which it releases when the stream ends (end, error, cut or malformed frame) or on {@link #close}.
 * Does not close the input stream. Not thread-safe: one consumer.
 */
public final class BlockFrameReader implements AutoCloseable {
    /** The largest frame accepted (a block, encoded). */
    public static final int MAX_FRAME_BYTES = 64 * 1024 * 1024;
    static final int MAX_ERROR_BYTES = 16 * 1024;
    static final int MAX_TRAILER_BYTES = 64 * 1024;

    /** The producer ended the stream with an error frame; the message is the producer's. */
    public static final class RemoteFailure extends IOException {
        public RemoteFailure(String message) {
            super(message);
        }
    }

    private final FramePayloadReader payloads;
    private final DataInputStream in;
    private boolean ended;
    private long payloadBytes;
    private long blocks;
    private long decodeNanos;
    private BlockSchema schema;
    private byte[] trailer;

    public BlockFrameReader(BlockCodec codec, InputStream in) {
        this.payloads = requireNonNull(codec, "codec is null").openFrameReader();
        this.in = new DataInputStream(requireNonNull(in, "in is null"));
    }

    /**
     * The next block, or null after the end frame.
     *
     * @throws RemoteFailure for an error frame; EOFException when the stream stops early
     */
    public List<Object[]> nextBlock() throws IOException {
        if (ended) {
            return null;
        }
        try {
            List<Object[]> rows = next();
            if (ended) {
                payloads.close();
            }
            return rows;
        } catch (IOException | RuntimeException e) {
            ended = true;
            payloads.close();
            throw e;
        }
    }

    private List<Object[]> next() throws IOException {
        int n;
        try {
            n = in.readInt();
        } catch (EOFException e) {
            ended = true;
            throw new EOFException("the block stream stopped before its end frame (after " + blocks + " blocks)");
        }
        if (n == BlockFrameEncoder.END) {
            ended = true;
            return null;
        }
        if (n == BlockFrameEncoder.END_WITH_TRAILER) {
            ended = true;
            int length = in.readInt();
            if (length < 0 || length > MAX_TRAILER_BYTES) {
                throw new MalformedBlockException("trailer of " + length + " bytes; at most " + MAX_TRAILER_BYTES);
            }
            trailer = in.readNBytes(length);
            if (trailer.length < length) {
                throw new EOFException("the block stream stopped inside its trailer");
            }
            return null;
        }
        if (n == BlockFrameEncoder.ERROR) {
            ended = true;
            int length = in.readInt();
            if (length < 0 || length > MAX_ERROR_BYTES) {
                throw new MalformedBlockException("error frame of " + length + " bytes; at most " + MAX_ERROR_BYTES);
            }
            throw new RemoteFailure(new String(in.readNBytes(length), StandardCharsets.UTF_8));
        }
        if (n < 0 || n > MAX_FRAME_BYTES) {
            ended = true;
            throw new MalformedBlockException("block frame of " + n + " bytes; frames are 1.." + MAX_FRAME_BYTES + " bytes");
        }
        byte[] payload = in.readNBytes(n);
        if (payload.length < n) {
            ended = true;
            throw new EOFException("the block stream stopped inside a frame (" + payload.length + " of " + n + " bytes)");
        }
        payloadBytes += n;
        blocks++;
        long start = System.nanoTime();
        try {
            return decode(payload);
        } finally {
            decodeNanos += System.nanoTime() - start;
        }
    }

    private List<Object[]> decode(byte[] payload) throws IOException {
        List<Object[]> rows = payloads.readBlock(payload);
        schema = payloads.schema();
        return rows;
    }

    /** The columns of the stream, or null before the first block. */
    public BlockSchema schema() {
        return schema;
    }

    /** The trailer of the end frame, or null (no end frame yet, or one without a trailer). */
    public byte[] trailer() {
        return trailer == null ? null : trailer.clone();
    }

    /** Whether the end (or error) frame was read. */
    public boolean ended() {
        return ended;
    }

    /** Time spent decoding payloads into rows (unpacking), in nanoseconds; waiting for bytes is not in it. */
    public long decodeNanos() {
        return decodeNanos;
    }

    /** Releases what the codec holds between frames (the input stream stays open). Idempotent. */
    @Override
    public void close() {
        payloads.close();
    }

    /** Payload bytes of the blocks read so far (without the 4-byte lengths). */
    public long payloadBytes() {
        return payloadBytes;
    }
}
