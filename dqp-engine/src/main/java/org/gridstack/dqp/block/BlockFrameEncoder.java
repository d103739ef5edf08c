package org.gridstack.dqp.block;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Writes the frames of a block-frame stream: many blocks on one connection (one HTTP body) instead
 * of one request per block. A frame is a 4-byte big-endian length {@code n > 0} followed by
 * {@code n} bytes of exactly one block in the codec's format ({@link BlockCodec#openFrameWriter}):
 * in WebRowSet a complete document per block, as the seed sent it; in Arrow the next part of one
 * Arrow IPC stream over the whole frame stream (the schema in the first frame only, strings
 * dictionary-encoded with delta dictionaries, one record batch per block), so the frames must be
 * read in order by one {@link BlockFrameReader}. Length 0 ends the
 * stream; length -2 also ends it and is followed by a 4-byte length and that many bytes of a trailer
 * (e.g. the producer's cost counters as JSON); length -1 is followed by a 4-byte length and that
 * many UTF-8 bytes of an error message (the producer failed; the stream ends there). {@link BlockFrameReader} reads it. One encoder
 * per stream; not thread-safe (one producer writes the frames in order).
 */
public final class BlockFrameEncoder {
    /** HTTP content type of a block-frame stream; the payload codec is its {@code codec} parameter. */
    public static final String CONTENT_TYPE = "application/vnd.gridstack.dqp-block-frames";
    static final int END = 0;
    static final int ERROR = -1;
    static final int END_WITH_TRAILER = -2;
    private static final byte[] END_FRAME = {0, 0, 0, 0};

    private final BlockCodec codec;
    private final FramePayloadWriter payloads;

    public BlockFrameEncoder(BlockCodec codec, BlockSchema schema) {
        this.codec = requireNonNull(codec, "codec is null");
        this.payloads = codec.openFrameWriter(requireNonNull(schema, "schema is null"));
    }

    /** The content type naming this encoder's codec, e.g. {@code application/vnd.gridstack.dqp-block-frames; codec=binary}. */
    public String contentType() {
        return contentType(codec);
    }

    /** The content type of a block-frame stream whose payloads are in {@code codec}. */
    public static String contentType(BlockCodec codec) {
        return CONTENT_TYPE + "; codec=" + codec.name();
    }

    /**
     * The codec named by a block-frame content type's {@code codec} parameter.
     *
     * @throws IllegalArgumentException when {@code contentType} is not a block-frame stream or names no known codec
     */
    public static BlockCodec codecOf(String contentType) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith(CONTENT_TYPE)) {
            throw new IllegalArgumentException("expected Content-Type " + CONTENT_TYPE + "; codec=<binary|binary-zstd|webrowset>, got "
                    + contentType);
        }
        for (String part : contentType.split(";")) {
            String p = part.trim();
            if (p.toLowerCase(Locale.ROOT).startsWith("codec=")) {
                return BlockCodec.named(p.substring("codec=".length()).trim());
            }
        }
        throw new IllegalArgumentException("Content-Type " + contentType + " names no codec; add '; codec=binary'");
    }

    /** The next block as a frame: its length, then the block in the codec's frame payload format. */
    public byte[] frame(List<Object[]> rows) throws IOException {
        requireNonNull(rows, "rows is null");
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(Math.max(256, rows.size() * 48));
        buffer.write(END_FRAME); // room for the length
        payloads.writeBlock(rows, buffer);
        byte[] frame = buffer.toByteArray();
        int n = frame.length - 4;
        frame[0] = (byte) (n >>> 24);
        frame[1] = (byte) (n >>> 16);
        frame[2] = (byte) (n >>> 8);
        frame[3] = (byte) n;
        return frame;
    }

    /** The frame that ends a stream. */
    public static byte[] endFrame() {
        return END_FRAME.clone();
    }

    /** The frame that ends a stream and carries {@code trailer} (at most 64 KB) to the reader. */
    public static byte[] endFrame(byte[] trailer) {
        requireNonNull(trailer, "trailer is null");
        if (trailer.length > BlockFrameReader.MAX_TRAILER_BYTES) {
            throw new IllegalArgumentException("a trailer has at most " + BlockFrameReader.MAX_TRAILER_BYTES + " bytes, not " + trailer.length);
        }
        return lengthPrefixed(END_WITH_TRAILER, trailer, trailer.length);
    }

    private static byte[] lengthPrefixed(int code, byte[] bytes, int n) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(8 + n);
        try (DataOutputStream out = new DataOutputStream(buffer)) {
            out.writeInt(code);
            out.writeInt(n);
            out.write(bytes, 0, n);
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory failed", e);
        }
        return buffer.toByteArray();
    }

    /** The frame that ends a stream with a failure: {@code message} (cut to 16 KB) is what the reader reports. */
    public static byte[] errorFrame(String message) {
        byte[] text = String.valueOf(message).getBytes(StandardCharsets.UTF_8);
        return lengthPrefixed(ERROR, text, Math.min(text.length, BlockFrameReader.MAX_ERROR_BYTES));
    }
}
