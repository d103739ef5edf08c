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

import com.unboundid.ldap.sdk.ResultCode;
import java.util.Objects;


/**
 * The input of one LDAP connection, read one whole request at a time before the SDK's listener
 * decodes it: a connection idle longer than {@link ConnectionLimits#idleTimeout()} ends without a
 * notice (as slapd's {@code idletimeout}); a request that does not arrive within
 * {@link ConnectionLimits#readTimeout()} of its first byte, a request longer than the message
 * limit, bytes that are not BER, and a request that does not decode as LDAP end the connection
 * with a Notice of Disconnection with {@code protocolError} (slapd's answer); a request whose BER
 * elements nest deeper than {@link ConnectionLimits#maxNesting()} never reaches the SDK's
 * recursive decoder: a search gets {@code protocolError} ("filter nested too deeply", as slapd
 * says) and the connection goes on, any other request that deep ends the connection with that
 * notice. Every end is an end of stream between two requests, so the SDK closes the connection
 * without a notice of its own (its notices carry client-side result codes such as 81). Each
 * refusal is one log line. The depth is measured without recursion. Not thread-safe: only the
 * connection's reader thread reads; the refusal is written from that thread while no other
 * request of the connection is in progress.
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
    public int read() {
        if (!available(true)) {
            return -1;
        }
        return message[position++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, b.length);
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

    /**
     * True when bytes of an accepted request are waiting; reads (and refuses) requests until one
     * is accepted. The connection's end is always an end of stream between two requests, which the
     * SDK takes as the client's close: a refusal has sent its own Notice of Disconnection
     * (with a result code of RFC 4511), and the SDK sends none of its own (those carry its
     * client-side codes, such as 81 serverDown, for an I/O error).
     */
    private boolean available(boolean block) {
        while (position == message.length) {
            if (ended || !block) {
                return false;
            }
            byte[] next;
            try {
                next = readRequest();
                if (next != null && !admit(next)) {
                    continue;
                }
            } catch (Refused e) {
                send(e.notice);
                next = null;
            } catch (IOException e) {
                log.debug("the connection from {} ended: {}", socket.getInetAddress().getHostAddress(), e.toString());
                next = null;
            }
            if (next == null) {
                ended = true;
                return false;
            }
            message = next;
            position = 0;
        }
        return true;
    }

    /** A request refused in a way that ends the connection with {@link #notice}. */
    private static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient byte[] notice;

        Refused(String message, byte[] notice) {
            super(message);
            this.notice = notice;
        }
    }

    private static Refused refused(String why) {
        return new Refused(why, RequestAdmission.notice(ResultCode.PROTOCOL_ERROR, why));
    }

    private void send(byte[] notice) {
        try {
            out.write(notice);
            out.flush();
        } catch (IOException e) {
            // the client is gone already
        }
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
                log.info("closing a connection from {}: the request is not BER-encoded LDAP", socket.getInetAddress()
                        .getHostAddress());
                throw refused("the request is not BER-encoded LDAP");
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
                log.info("closing a connection from {}: a request of {} bytes is over the limit", socket.getInetAddress()
                        .getHostAddress(), l);
                throw refused("a request of " + l + " bytes is over the limit of " + maxMessageBytes);
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

    private Refused readTimedOut() {
        log.info("closing a connection from {}: its request did not arrive within {} s", socket.getInetAddress()
                .getHostAddress(), limits.readTimeout().toSeconds());
        return refused("the request did not arrive whole within " + limits.readTimeout().toSeconds() + " s");
    }

    /** False when the request was refused here and answered; throws when the connection must end. */
    private boolean admit(byte[] request) throws IOException {
        RequestAdmission.Verdict v = admission.admit(request, socket.getInetAddress().getHostAddress());
        if (v.request() != null) {
            return true;
        }
        if (v.notice() != null) {
            throw new Refused("a refused request ended the connection", v.notice());
        }
        out.write(v.answer());
        out.flush();
        return false;
    }
}
