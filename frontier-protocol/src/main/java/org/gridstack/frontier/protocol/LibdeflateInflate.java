package org.gridstack.frontier.protocol;

import com.sun.jna.Memory;
import java.util.Objects;
import org.gridstack.frontier.protocol.zlib.Libdeflate;

/**
 * Inflates whole zlib streams with libdeflate for an {@link AnswerDecoder}: the compressed bytes
 * are copied to native memory, inflated in one call into a native buffer that grows (doubling)
 * until the row stream fits, and copied out by the caller. The native buffers are kept for the
 * next payload and freed by {@link #close()}.
 *
 * <p>Not thread-safe: owned by one decoder.
 */
final class LibdeflateInflate implements AutoCloseable {
    /** Returned when the input continues after the end of its zlib stream. */
    static final long TRAILING_DATA = -1;
    /** Returned when the inflated data would be longer than allowed. */
    static final long TOO_LARGE = -2;
    /** Returned when libdeflate finds the input is not a (complete, intact) zlib stream. */
    static final long BAD_DATA = -3;

    private final Libdeflate libdeflate;
    private final Memory counts = new Memory(2L * Long.BYTES);
    private Memory in;
    private Memory out;

    LibdeflateInflate(Libdeflate libdeflate) {
        this.libdeflate = Objects.requireNonNull(libdeflate, "libdeflate is null");
    }

    /**
     * Inflates {@code zlib[0, n)}.
     *
     * @param guess    first size tried for the inflated data
     * @param maxBytes most inflated bytes allowed
     * @return the inflated length (then {@link #copyOut} takes the bytes), or {@link #TRAILING_DATA},
     *         {@link #TOO_LARGE} or {@link #BAD_DATA}
     */
    long inflate(byte[] zlib, int n, long guess, long maxBytes) {
        in = atLeast(in, Math.max(1, n));
        in.write(0, zlib, 0, n);
        long capacity = Math.min(maxBytes, Math.max(guess, out == null ? 1 : out.size()));
        try (Libdeflate.Decompressor d = libdeflate.decompressor()) {
            while (true) {
                out = atLeast(out, Math.max(1, capacity));
                Libdeflate.Status status = d.decompress(in, n, out, capacity, counts);
                switch (status) {
                    case OK -> {
                        return counts.getLong(0) < n ? TRAILING_DATA : counts.getLong(Long.BYTES);
                    }
                    case BAD_DATA -> {
                        return BAD_DATA;
                    }
                    case NO_ROOM -> {
                        if (capacity >= maxBytes) {
                            return TOO_LARGE;
                        }
                        capacity = Math.min(maxBytes, 2 * capacity);
                    }
                }
            }
        }
    }

    /** Copies the first {@code n} inflated bytes of the last successful {@link #inflate}. */
    void copyOut(byte[] rows, int n) {
        out.read(0, rows, 0, n);
    }

    private static Memory atLeast(Memory m, long size) {
        if (m != null && m.size() >= size) {
            return m;
        }
        if (m != null) {
            m.close();
        }
        return new Memory(size);
    }

    @Override
    public void close() {
        if (in != null) {
            in.close();
            in = null;
        }
        if (out != null) {
            out.close();
            out = null;
        }
        counts.close();
    }
}
