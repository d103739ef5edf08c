package org.gridstack.frontier.protocol.zlib;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Streaming Base64 encoder (RFC 4648 standard alphabet, {@code =} padding) that puts a
 * {@code '\n'} after every 76 characters but never at the very end, i.e. the output equals
 * {@code Base64.getMimeEncoder(76, new byte[] {'\n'}).encode(all)}.
 *
 * <p>Characters are produced into an 8 KiB buffer with table lookups and handed to the
 * underlying stream in bulk. Up to two input bytes are held back until a 3-byte group is complete
 * or {@link #finish()} pads them.
 *
 * <p>Thread-safety: not thread-safe; one thread at a time may use an instance.
 */
public final class Base64LineOutputStream extends OutputStream {

    private static final int LINE_LENGTH = 76; // a multiple of 4: lines only break between groups
    private static final int BUFFER_SIZE = 8192;
    private static final byte[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
                    .getBytes(StandardCharsets.US_ASCII);
    // 12 input bits -> two output characters, so a 3-byte group costs two lookups per table
    private static final byte[] FIRST = new byte[4096];
    private static final byte[] SECOND = new byte[4096];

    static {
        for (int i = 0; i < 4096; i++) {
            FIRST[i] = ALPHABET[i >>> 6];
            SECOND[i] = ALPHABET[i & 63];
        }
    }

    private final OutputStream out;
    private final byte[] buf = new byte[BUFFER_SIZE];
    private int pos;
    private int lineLen; // characters on the current line, always a multiple of 4
    private int pendingBits; // 0..2 held-back input bytes, big-endian
    private int pendingLen;
    private long flushed;
    private boolean finished;
    private boolean closed;

    /** @param out receives the Base64 text; closed by {@link #close()} */
    public Base64LineOutputStream(OutputStream out) {
        this.out = Objects.requireNonNull(out, "out is null");
    }

    /** Characters produced so far, line feeds included (some may still be buffered). */
    public long charsOut() {
        return flushed + pos;
    }

    @Override
    public void write(int b) throws IOException {
        ensureOpen();
        pendingBits = (pendingBits << 8) | (b & 0xff);
        if (++pendingLen == 3) {
            encodeGroup(pendingBits);
            pendingBits = 0;
            pendingLen = 0;
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        ensureOpen();
        int end = off + len;
        while (pendingLen != 0 && off < end) {
            write(b[off++]);
        }
        int groupsEnd = off + (end - off) / 3 * 3;
        while (off < groupsEnd) {
            if (lineLen == LINE_LENGTH) {
                if (pos == BUFFER_SIZE) {
                    flushBuffer();
                }
                buf[pos++] = '\n';
                lineLen = 0;
            }
            // run branch-free to the end of the line, the input or the buffer, whichever is first
            int groups = Math.min((groupsEnd - off) / 3,
                    Math.min((LINE_LENGTH - lineLen) >> 2, (BUFFER_SIZE - pos) >> 2));
            if (groups == 0) {
                flushBuffer();
                continue;
            }
            byte[] buf = this.buf;
            int p = pos;
            for (int i = 0; i < groups; i++) {
                int bits = (b[off] & 0xff) << 16 | (b[off + 1] & 0xff) << 8 | (b[off + 2] & 0xff);
                int hi = bits >>> 12;
                int lo = bits & 0xfff;
                buf[p] = FIRST[hi];
                buf[p + 1] = SECOND[hi];
                buf[p + 2] = FIRST[lo];
                buf[p + 3] = SECOND[lo];
                off += 3;
                p += 4;
            }
            pos = p;
            lineLen += groups << 2;
        }
        for (; off < end; off++) {
            pendingBits = (pendingBits << 8) | (b[off] & 0xff);
            pendingLen++;
        }
    }

    /** Hands the complete groups to the underlying stream and flushes it; held-back bytes stay. */
    @Override
    public void flush() throws IOException {
        if (closed) {
            return;
        }
        flushBuffer();
        out.flush();
    }

    /**
     * Encodes the held-back bytes with padding and writes everything out, without closing the
     * underlying stream. Further writes fail; calling it again does nothing.
     */
    public void finish() throws IOException {
        if (finished) {
            return;
        }
        if (pendingLen == 1) {
            int bits = pendingBits << 16;
            emit(ALPHABET[bits >>> 18], ALPHABET[(bits >>> 12) & 63], '=', '=');
        } else if (pendingLen == 2) {
            int bits = pendingBits << 8;
            emit(ALPHABET[bits >>> 18], ALPHABET[(bits >>> 12) & 63],
                    ALPHABET[(bits >>> 6) & 63], '=');
        }
        pendingLen = 0;
        flushBuffer();
        finished = true;
    }

    /** Finishes the encoding and closes the underlying stream. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try (OutputStream o = out) {
            finish();
        }
    }

    private void ensureOpen() throws IOException {
        if (finished) {
            throw new IOException("Base64 stream already finished");
        }
    }

    private void encodeGroup(int bits) throws IOException {
        int hi = bits >>> 12;
        int lo = bits & 0xfff;
        emit(FIRST[hi], SECOND[hi], FIRST[lo], SECOND[lo]);
    }

    private void emit(int c0, int c1, int c2, int c3) throws IOException {
        if (pos > BUFFER_SIZE - 5) {
            flushBuffer();
        }
        // the line feed goes before the next group, never after the last one
        if (lineLen == LINE_LENGTH) {
            buf[pos++] = '\n';
            lineLen = 0;
        }
        buf[pos] = (byte) c0;
        buf[pos + 1] = (byte) c1;
        buf[pos + 2] = (byte) c2;
        buf[pos + 3] = (byte) c3;
        pos += 4;
        lineLen += 4;
    }

    private void flushBuffer() throws IOException {
        if (pos > 0) {
            out.write(buf, 0, pos);
            flushed += pos;
            pos = 0;
        }
    }
}
