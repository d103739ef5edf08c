package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;


/**
 * The input of one LDAP connection, read one whole request at a time before the SDK's listener
 * decodes it: a connection idle longer than {@link ConnectionLimits#idleTimeout()} or whose
 * request does not arrive within {@link ConnectionLimits#readTimeout()} of its first byte ends
 * (the SDK's reader sees an I/O error and closes it), a request longer than the message limit
 * ends the connection, and a request whose BER elements nest deeper than
 * {@link ConnectionLimits#maxNesting()} never reaches the SDK's recursive decoder: a search gets
 * {@code protocolError} ("filter nested too deeply", as slapd says) and the connection goes on;
 * any other request that deep, and a request that does not decode as LDAP, get a Notice of
 * Disconnection with {@code protocolError} (slapd's answer) and end the connection, instead of
 * leaving the SDK's reader waiting inside them. Each refusal is one log line. The depth is
 * measured without recursion. Not thread-safe: only the connection's reader thread reads; the
 * refusal is written from that thread while no other request of the connection is in progress.
 */
final class RequestGateInputStream extends InputStream {
    private static final Logger log = LoggerFactory.getLogger(RequestGateInputStream.class);

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final ConnectionLimits limits;
    private final int maxMessageBytes;
    private final RequestAdmission admission;
    private byte[] message = new byte[0];
    private int position;
    private long deadlineNanos;
    private boolean ended;

    RequestGateInputStream(Socket socket, InputStream in, OutputStream out, ConnectionLimits limits, int maxMessageBytes) {
        this.socket = requireNonNull(socket, "socket is null");
        this.in = requireNonNull(in, "in is null");
        this.out = requireNonNull(out, "out is null");
        this.limits = requireNonNull(limits, "limits is null");
        this.maxMessageBytes = maxMessageBytes;
        this.admission = new RequestAdmission(limits.maxNesting());
    }

    @Override
    public int read() throws IOException {
        if (!available(true)) {
            return -1;
        }
        return message[position++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (!available(true)) {
            return -1;
        }
        int n = Math.min(len, message.length - position);
        System.arraycopy(message, position, b, off, n);
        position += n;
        return n;
    }

    @Override
    public int available() {
        return message.length - position;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** True when bytes of an accepted request are waiting; reads (and refuses) requests until one is accepted. */
    private boolean available(boolean block) throws IOException {
        while (position == message.length) {
            if (ended || !block) {
                return false;
            }
            byte[] next = readRequest();
            if (next == null) {
                ended = true;
                return false;
            }
            if (admit(next)) {
                message = next;
                position = 0;
            }
        }
        return true;
    }

    /** One whole BER element from the socket, or null at the end of the stream. */
    private byte[] readRequest() throws IOException {
        int tag = readFirstByte();
        if (tag < 0) {
            return null;
        }
        deadlineNanos = System.nanoTime() + limits.readTimeout().toNanos();
        int first = readTimed();
        int length;
        byte[] header;
        if (first < 0x80) {
            length = first;
            header = new byte[] {(byte) tag, (byte) first};
        } else {
            int n = first & 0x7f;
            if (n == 0 || n > 4) {
                throw new IOException("a request with a BER length of " + n + " bytes is not LDAP");
            }
            header = new byte[2 + n];
            header[0] = (byte) tag;
            header[1] = (byte) first;
            long l = 0;
            for (int i = 0; i < n; i++) {
                int b = readTimed();
                header[2 + i] = (byte) b;
                l = (l << 8) | b;
            }
            if (l > maxMessageBytes) {
                throw new IOException("a request of " + l + " bytes is over the limit of " + maxMessageBytes);
            }
            length = (int) l;
        }
        byte[] whole = new byte[header.length + length];
        System.arraycopy(header, 0, whole, 0, header.length);
        int at = header.length;
        while (at < whole.length) {
            setTimeout(deadlineNanos);
            int r;
            try {
                r = in.read(whole, at, whole.length - at);
            } catch (SocketTimeoutException e) {
                throw readTimedOut();
            }
            if (r < 0) {
                throw new EOFException("the client closed its connection in the middle of a request");
            }
            at += r;
        }
        return whole;
    }

    private int readFirstByte() throws IOException {
        long idle = limits.idleTimeout().toMillis();
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, idle));
        try {
            return in.read();
        } catch (SocketTimeoutException e) {
            log.info("closing a connection from {} idle for {} s", socket.getInetAddress().getHostAddress(),
                    limits.idleTimeout().toSeconds());
            throw new IOException("idle for " + limits.idleTimeout().toSeconds() + " s (idle timeout)");
        }
    }

    private int readTimed() throws IOException {
        setTimeout(deadlineNanos);
        try {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("the client closed its connection in the middle of a request");
            }
            return b;
        } catch (SocketTimeoutException e) {
            throw readTimedOut();
        }
    }

    private void setTimeout(long deadline) throws IOException {
        long left = (deadline - System.nanoTime()) / 1_000_000;
        if (left <= 0) {
            throw readTimedOut();
        }
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
    }

    private IOException readTimedOut() {
        log.info("closing a connection from {}: its request did not arrive within {} s", socket.getInetAddress()
                .getHostAddress(), limits.readTimeout().toSeconds());
        return new IOException("the request did not arrive within " + limits.readTimeout().toSeconds() + " s (read timeout)");
    }

    /** False when the request was refused here (answered or not); throws when the connection must end. */
    private boolean admit(byte[] request) throws IOException {
        RequestAdmission.Verdict v = admission.admit(request, socket.getInetAddress().getHostAddress());
        if (v.request() != null) {
            return true;
        }
        out.write(v.answer() != null ? v.answer() : v.notice());
        out.flush();
        if (v.notice() != null) {
            throw new IOException("a refused request ended the connection");
        }
        return false;
    }
}
