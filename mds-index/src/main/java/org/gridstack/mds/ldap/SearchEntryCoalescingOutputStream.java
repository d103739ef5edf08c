package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The output of one LDAP connection that sends the entries of a search answer in as few socket
 * writes as possible. The SDK's listener writes every LDAP message with one {@code write} call
 * straight to the socket, so an answer of N entries costs N + 1 system calls (and, with
 * {@code TCP_NODELAY}, N + 1 segments the client must read one by one). Here a message whose
 * operation is a SearchResultEntry (tag {@code 0x64}) is held in a buffer; any other message (the
 * SearchResultDone that ends the answer, every other response) is appended and the whole
 * buffer goes out in one write. The buffer is written early when the next entry would not fit
 * ({@link #DEFAULT_CAPACITY}), so memory per connection stays bounded and a big answer still
 * streams. A write that is not one whole LDAP message, or that cannot be parsed, is never held:
 * what is buffered goes out first, then it. A Notice of Disconnection the SDK writes with one of its
 * client-side result codes (81, 82, 84, ...) goes out with a code RFC 4511 names for it instead
 * ({@link RequestAdmission#onTheWire}). Not thread-safe: the SDK serialises a connection's
 * writes (its send method is synchronized on the connection, and so are ours,
 * {@link #writeSearchResultEntry} through {@code DirectoryRequestHandler}).
 */
public final class SearchEntryCoalescingOutputStream extends OutputStream {
    /** The most bytes held before they are written: 64 KiB. */
    public static final int DEFAULT_CAPACITY = 64 * 1024;
    private static final int SEQUENCE = 0x30;
    private static final int INTEGER = 0x02;
    private static final int SEARCH_RESULT_ENTRY = 0x64;

    private final OutputStream out;
    private final byte[] buffer;
    private int held;

    public SearchEntryCoalescingOutputStream(OutputStream out) {
        this(out, DEFAULT_CAPACITY);
    }

    public SearchEntryCoalescingOutputStream(OutputStream out, int capacity) {
        this.out = requireNonNull(out, "out is null");
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive, got " + capacity);
        }
        this.buffer = new byte[capacity];
    }

    @Override
    public void write(int b) throws IOException {
        flushHeld();
        out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return;
        }
        boolean entry = isSearchResultEntry(b, off, len);
        if (!entry) {
            byte[] notice = RequestAdmission.onTheWire(b, off, len); // the SDK's own notices: never its client-side codes
            if (notice != null) {
                b = notice;
                off = 0;
                len = notice.length;
            }
        }
        if (held + len > buffer.length) {
            flushHeld();
        }
        if (len > buffer.length) {
            out.write(b, off, len);
            return;
        }
        System.arraycopy(b, off, buffer, held, len);
        held += len;
        if (!entry) {
            flushHeld();
        }
    }

    @Override
    public void flush() throws IOException {
        flushHeld();
        out.flush();
    }

    /**
     * Closes the socket's stream and drops what is held: every complete answer has already gone
     * out with its result message, so held bytes belong to an answer that cannot be finished; and
     * a close may come from another thread than the writer's (the SDK closing the connection).
     */
    @Override
    public void close() throws IOException {
        held = 0;
        out.close();
    }

    /**
     * Appends a SearchResultEntry message made of {@code messageId} and an already BER-encoded
     * protocol op ({@code encodedOp}, e.g. {@code SearchResultEntryProtocolOp.writeTo}), so a
     * cached entry is not encoded again for every answer. Held like any other entry.
     */
    public void writeSearchResultEntry(int messageId, byte[] encodedOp) throws IOException {
        if (encodedOp.length == 0 || (encodedOp[0] & 0xff) != SEARCH_RESULT_ENTRY) {
            throw new IllegalArgumentException("not an encoded SearchResultEntry operation");
        }
        writeEncoded(messageId, encodedOp);
    }

    /**
     * Appends the LDAP message made of {@code messageId} and an already BER-encoded protocol op: a
     * SearchResultEntry is held like any other entry; any other operation (e.g. the
     * SearchResultDone of an answer encoded once, {@link EncodedAnswers}) ends the answer, and what
     * is held goes out with it in one write.
     */
    public void writeEncoded(int messageId, byte[] encodedOp) throws IOException {
        if (encodedOp.length == 0) {
            throw new IllegalArgumentException("the encoded operation is empty");
        }
        boolean entry = (encodedOp[0] & 0xff) == SEARCH_RESULT_ENTRY;
        byte[] id = integerContents(messageId);
        int body = 2 + id.length + encodedOp.length;
        int lengthBytes = body < 0x80 ? 1 : body < 0x100 ? 2 : body < 0x10000 ? 3 : body < 0x1000000 ? 4 : 5;
        int total = 1 + lengthBytes + body;
        if (held + total > buffer.length) {
            flushHeld();
        }
        byte[] target = buffer;
        int at = held;
        if (total > buffer.length) {
            target = new byte[total];
            at = 0;
        }
        target[at++] = SEQUENCE;
        if (lengthBytes == 1) {
            target[at++] = (byte) body;
        } else {
            target[at++] = (byte) (0x80 | (lengthBytes - 1));
            for (int i = lengthBytes - 2; i >= 0; i--) {
                target[at++] = (byte) (body >>> (8 * i));
            }
        }
        target[at++] = INTEGER;
        target[at++] = (byte) id.length;
        System.arraycopy(id, 0, target, at, id.length);
        at += id.length;
        System.arraycopy(encodedOp, 0, target, at, encodedOp.length);
        at += encodedOp.length;
        if (target == buffer) {
            held = at;
            if (!entry) {
                flushHeld();
            }
        } else {
            out.write(target, 0, at);
        }
    }

    /** The content octets of a BER INTEGER for a message ID (non-negative: shortest form with a clear high bit). */
    private static byte[] integerContents(int v) {
        int n = 1;
        while (n < 4 && (v >>> (8 * n - 1)) != 0) {
            n++;
        }
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (v >>> (8 * (n - 1 - i)));
        }
        return b;
    }

    /** Drops the bytes held, not yet written (an answer that must not go out: its operation was abandoned). */
    void discardHeld() {
        held = 0;
    }

    /** Bytes held, not yet written. */
    int held() {
        return held;
    }

    private void flushHeld() throws IOException {
        if (held > 0) {
            int n = held;
            held = 0;
            out.write(buffer, 0, n);
        }
    }

    /**
     * True when {@code b[off..off+len)} is exactly one LDAP message (SEQUENCE of a message ID and
     * an operation) whose operation is a SearchResultEntry.
     */
    static boolean isSearchResultEntry(byte[] b, int off, int len) {
        if (len < 2 || (b[off] & 0xff) != SEQUENCE) {
            return false;
        }
        int first = b[off + 1] & 0xff;
        int header;
        long body;
        if (first < 0x80) {
            header = 2;
            body = first;
        } else {
            int n = first & 0x7f;
            if (n == 0 || n > 4 || len < 2 + n) {
                return false;
            }
            body = 0;
            for (int i = 0; i < n; i++) {
                body = (body << 8) | (b[off + 2 + i] & 0xff);
            }
            header = 2 + n;
        }
        if (header + body != len) {
            return false; // not one whole message: never hold it
        }
        int id = off + header;
        if (len < header + 3 || (b[id] & 0xff) != INTEGER) {
            return false;
        }
        int idLength = b[id + 1] & 0xff;
        if (idLength < 1 || idLength > 4 || len <= header + 2 + idLength) {
            return false;
        }
        return (b[id + 2 + idLength] & 0xff) == SEARCH_RESULT_ENTRY;
    }
}
