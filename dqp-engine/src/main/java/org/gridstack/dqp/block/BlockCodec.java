package org.gridstack.dqp.block;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Locale;

/**
 * A wire format for blocks of rows between services: the seed's XML WebRowSet or Apache Arrow's
 * IPC stream format (the default). Stateless and thread-safe; the readers and writers it opens are
 * not.
 */
@ThreadSafe
public interface BlockCodec {
    /** The name used in requests ({@code "binary"} or {@code "webrowset"}). */
    String name();

    /** The HTTP content type of a stream in this format. */
    String contentType();

    /** Starts a stream of {@code schema} on {@code out} (writes its header). */
    BlockWriter openWriter(BlockSchema schema, OutputStream out) throws IOException;

    /** Starts reading a stream from {@code in} (reads its header). */
    BlockReader openReader(InputStream in) throws IOException;

    /**
     * Encodes the blocks of one block-frame stream ({@link BlockFrameEncoder}). By default each
     * payload is a complete stream of this codec holding one block; a codec may override this to
     * carry state across the blocks of the stream (Arrow does: one IPC stream over all frames).
     */
    default FramePayloadWriter openFrameWriter(BlockSchema schema) {
        return SelfContainedFrames.writer(this, schema);
    }

    /** Decodes the payloads written by {@link #openFrameWriter}, in order. */
    default FramePayloadReader openFrameReader() {
        return SelfContainedFrames.reader(this);
    }

    /**
     * The codec named {@code name}: {@code binary} (or {@code arrow}), {@code binary-zstd} (or {@code arrow-zstd}) or
     * {@code webrowset} (or {@code xml}),
     * case-insensitive.
     *
     * @throws IllegalArgumentException for another name, listing the known ones
     */
    static BlockCodec named(String name) {
        return switch (name == null ? "" : name.toLowerCase(Locale.ROOT)) {
            case "binary", "arrow" -> ArrowBlockCodec.INSTANCE;
            case "binary-zstd", "arrow-zstd" -> ArrowBlockCodec.ZSTD;
            case "webrowset", "xml" -> WebRowSetBlockCodec.INSTANCE;
            default -> throw new IllegalArgumentException("unknown codec '" + name + "'; use binary (Arrow IPC stream), binary-zstd (Arrow with ZSTD-compressed buffers) or webrowset (XML)");
        };
    }
}
