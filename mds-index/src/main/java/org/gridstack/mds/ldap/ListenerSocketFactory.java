package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

import javax.net.ServerSocketFactory;

import org.gridstack.service.admission.AddressShare;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.io.BufferedInputStream;
import java.io.FilterOutputStream;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server sockets of our LDAP listeners (handed to the SDK's listener configuration): a
 * listen backlog of {@link #BACKLOG} connections instead of the 128 the SDK asks for (seed 001's
 * users open a connection per query; with a short accept queue a burst of connections overflows
 * it and the kernel drops SYNs, which the clients retry only after a second), and accepted
 * sockets whose output stream is a {@link SearchEntryCoalescingOutputStream}, so an answer's
 * entries leave in one write instead of one per entry, and whose input stream is a
 * {@link RequestGateInputStream} (idle and read timeouts, request nesting, {@link ConnectionLimits}),
 * and whose every write is watched by a {@link WriteTimeoutGuard} (a client that stops reading
 * has its socket closed after the write timeout);
 * a connection from an address already holding {@link ConnectionLimits#maxPerAddress()} is closed
 * as soon as it is accepted (service-kit's {@link AddressShare}; the share is given back when the
 * socket closes).
 * Immutable; thread-safe.
 */
@ThreadSafe
public final class ListenerSocketFactory extends ServerSocketFactory {
    /** The accept queue asked for (the kernel caps it at {@code net.core.somaxconn}). */
    public static final int BACKLOG = 4096;
    private static final Logger log = LoggerFactory.getLogger(ListenerSocketFactory.class);

    private final ConnectionLimits limits;
    private final int maxMessageBytes;
    private final WriteTimeoutGuard guard;

    /**
     * @param limits          what one connection may hold before its requests are decoded
     * @param maxMessageBytes the largest request; a longer one ends its connection
     * @param guard           closes a socket stuck in one write longer than its timeout
     */
    public ListenerSocketFactory(ConnectionLimits limits, int maxMessageBytes, WriteTimeoutGuard guard) {
        this.limits = requireNonNull(limits, "limits is null");
        this.guard = requireNonNull(guard, "guard is null");
        if (maxMessageBytes < 1) {
            throw new IllegalArgumentException("maxMessageBytes must be positive");
        }
        this.maxMessageBytes = maxMessageBytes;
    }

    @Override
    public ServerSocket createServerSocket() throws IOException {
        return new CoalescingServerSocket(limits, maxMessageBytes, guard);
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return createServerSocket(port, BACKLOG, null);
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) throws IOException {
        return createServerSocket(port, backlog, null);
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, InetAddress address) throws IOException {
        ServerSocket s = new CoalescingServerSocket(limits, maxMessageBytes, guard);
        try {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(address, port), Math.max(backlog, BACKLOG));
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        return s;
    }

    /** Accepts {@link CoalescingSocket}s. */
    private static final class CoalescingServerSocket extends ServerSocket {
        private final ConnectionLimits limits;
        private final int maxMessageBytes;
        private final WriteTimeoutGuard guard;
        private final AddressShare share;
        private final AtomicLong refusals = new AtomicLong();

        CoalescingServerSocket(ConnectionLimits limits, int maxMessageBytes, WriteTimeoutGuard guard) throws IOException {
            super();
            this.limits = limits;
            this.maxMessageBytes = maxMessageBytes;
            this.guard = guard;
            this.share = limits.maxPerAddress() == 0 ? null : new AddressShare(limits.maxPerAddress());
        }

        /** Accepts the next connection whose address is within its share; others are closed at once. */
        @Override
        public Socket accept() throws IOException {
            while (true) {
                if (isClosed()) {
                    throw new SocketException("the server socket is closed");
                }
                CoalescingSocket s = new CoalescingSocket(limits, maxMessageBytes);
                implAccept(s);
                AddressShare.Slot slot = share == null ? AddressShare.NONE : share.tryEnter(s.getInetAddress());
                if (slot != null) {
                    s.slot = slot;
                    s.guard = guard;
                    s.writer = guard.register(s);
                    return s;
                }
                refused(s);
            }
        }

        private void refused(Socket s) {
            long n = refusals.incrementAndGet();
            if (n == 1 || Long.bitCount(n) == 1) { // one line, then at powers of two: a flood must not flood the log
                log.warn("refused a connection from {}: it holds its share of {} connections ({} refused so far)",
                        s.getInetAddress().getHostAddress(), share.perAddress(), n);
            }
            try {
                s.setSoLinger(true, 0);
                s.close();
            } catch (IOException e) {
                // gone already
            }
        }
    }

    /** A socket whose output stream (one per socket) coalesces search result entries. */
    private static final class CoalescingSocket extends Socket {
        private final ConnectionLimits limits;
        private final int maxMessageBytes;
        private OutputStream output;
        private InputStream input;
        private volatile AddressShare.Slot slot = AddressShare.NONE;
        private volatile WriteTimeoutGuard.Writer writer;
        private volatile WriteTimeoutGuard guard;

        @Override
        public synchronized void close() throws IOException {
            try {
                super.close();
            } finally {
                slot.close();
                if (guard != null) {
                    guard.unregister(writer);
                }
            }
        }

        CoalescingSocket(ConnectionLimits limits, int maxMessageBytes) {
            this.limits = limits;
            this.maxMessageBytes = maxMessageBytes;
        }

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (input == null) {
                // buffered: a request's tag, length and body come in one read, not three
                input = new RequestGateInputStream(this, new BufferedInputStream(super.getInputStream(), 8192),
                        getOutputStream(), limits, maxMessageBytes);
            }
            return input;
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (output == null) {
                output = new SearchEntryCoalescingOutputStream(new GuardedOutput(super.getOutputStream(), this));
            }
            return output;
        }
    }

    /** The socket's own output, each write marked with the socket's {@link WriteTimeoutGuard.Writer}. */
    private static final class GuardedOutput extends FilterOutputStream {
        private final CoalescingSocket socket;

        GuardedOutput(OutputStream out, CoalescingSocket socket) {
            super(out);
            this.socket = socket;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            WriteTimeoutGuard.Writer w = socket.writer;
            if (w == null) {
                out.write(b, off, len);
                return;
            }
            w.begin();
            try {
                out.write(b, off, len);
            } finally {
                w.end();
            }
        }
    }
}
