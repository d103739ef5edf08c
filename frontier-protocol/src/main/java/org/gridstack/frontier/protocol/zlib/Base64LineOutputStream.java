package org.gridstack.frontier.protocol.zlib;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * Streaming Base64 encoder (RFC 4648 standard alphabet, {@code =} padding) that puts a
 * {@code '\n'} after every 76 characters but never at the very end, i.e. the output equals
 * {@code Base64.getMimeEncoder(76, new byte[] {'\n'}).encode(all)}.
 *
 * <p>Input collects in a chunk of whole lines (57 input bytes each); a full chunk is encoded by
 * the JDK's MIME encoder, whose inner loop is a CPU intrinsic (about twice as fast as a table
 * loop in Java), and handed to the underlying stream in one write, preceded by a line feed when
 * it is not the first. {@link #finish()} encodes the last, partial chunk with padding.
 *
 * <p>Thread-safety: not thread-safe; one thread at a time may use an instance.
 */
public final class Base64LineOutputStream extends OutputStream {
    private static final int LINE_INPUT = 57; // 57 input bytes = one 76-character line
    private static final int LINES_PER_CHUNK = 1150; // ~64 KiB of input per encoder call
    private static final int CHUNK = LINE_INPUT * LINES_PER_CHUNK;
    private static final Base64.Encoder MIME = Base64.getMimeEncoder(76, new byte[] {'\n'});

    private final OutputStream out;
    private final byte[] chunk = new byte[CHUNK];
    private final byte[] encoded = new byte[LINES_PER_CHUNK * 77];
    private int pos;
    private long charsOut;
    private boolean finished;
    private boolean closed;

    /** @param out receives the Base64 text; closed by {@link #close()} */
    public Base64LineOutputStream(OutputStream out) {
        this.out = Objects.requireNonNull(out, "out is null");
    }

    /** Characters produced so far, line feeds included (input still held in the chunk is not counted). */
    public long charsOut() {
        return charsOut;
    }

    @Override
    public void write(int b) throws IOException {
        ensureOpen();
        chunk[pos++] = (byte) b;
        if (pos == CHUNK) {
            encodeChunk();
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        ensureOpen();
        while (len > 0) {
            int n = Math.min(len, CHUNK - pos);
            System.arraycopy(b, off, chunk, pos, n);
            pos += n;
            off += n;
            len -= n;
            if (pos == CHUNK) {
                encodeChunk();
            }
        }
    }

    /** Flushes the underlying stream; input that does not fill a chunk yet stays held back. */
    @Override
    public void flush() throws IOException {
        if (!closed) {
            out.flush();
        }
    }

    /**
     * Encodes the held-back input with padding and writes everything out, without closing the
     * underlying stream. Further writes fail; calling it again does nothing.
     */
    public void finish() throws IOException {
        if (finished) {
            return;
        }
        finished = true;
        if (pos > 0) {
            byte[] text = MIME.encode(Arrays.copyOf(chunk, pos));
            if (charsOut > 0) {
                out.write('\n');
                charsOut++;
            }
            out.write(text);
            charsOut += text.length;
            pos = 0;
        }
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

    private void encodeChunk() throws IOException {
        // the encoder ends the chunk without a line feed; one separates it from the previous chunk
        if (charsOut > 0) {
            out.write('\n');
            charsOut++;
        }
        int n = MIME.encode(chunk, encoded);
        out.write(encoded, 0, n);
        charsOut += n;
        pos = 0;
    }
}
