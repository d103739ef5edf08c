package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

import javax.net.ServerSocketFactory;

/**
 * The server sockets of our LDAP listeners (handed to the SDK's listener configuration): a
 * listen backlog of {@link #BACKLOG} connections instead of the 128 the SDK asks for (seed 001's
 * users open a connection per query; with a short accept queue a burst of connections overflows
 * it and the kernel drops SYNs, which the clients retry only after a second), and accepted
 * sockets whose output stream is a {@link SearchEntryCoalescingOutputStream}, so an answer's
 * entries leave in one write instead of one per entry, and whose input stream is a
 * {@link RequestGateInputStream} (idle and read timeouts, request nesting, {@link ConnectionLimits}).
 * Immutable; thread-safe.
 */
public final class ListenerSocketFactory extends ServerSocketFactory {
    /** The accept queue asked for (the kernel caps it at {@code net.core.somaxconn}). */
    public static final int BACKLOG = 4096;

    private final ConnectionLimits limits;
    private final int maxMessageBytes;

    /**
     * @param limits          what one connection may hold before its requests are decoded
     * @param maxMessageBytes the largest request; a longer one ends its connection
     */
    public ListenerSocketFactory(ConnectionLimits limits, int maxMessageBytes) {
        this.limits = requireNonNull(limits, "limits is null");
        if (maxMessageBytes < 1) {
            throw new IllegalArgumentException("maxMessageBytes must be positive");
        }
        this.maxMessageBytes = maxMessageBytes;
    }

    @Override
    public ServerSocket createServerSocket() throws IOException {
        return new CoalescingServerSocket(limits, maxMessageBytes);
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
        ServerSocket s = new CoalescingServerSocket(limits, maxMessageBytes);
        try {
            s.setReuseAddress(true);
            s.bind(new java.net.InetSocketAddress(address, port), Math.max(backlog, BACKLOG));
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

        CoalescingServerSocket(ConnectionLimits limits, int maxMessageBytes) throws IOException {
            super();
            this.limits = limits;
            this.maxMessageBytes = maxMessageBytes;
        }

        @Override
        public Socket accept() throws IOException {
            if (isClosed()) {
                throw new java.net.SocketException("the server socket is closed");
            }
            Socket s = new CoalescingSocket(limits, maxMessageBytes);
            implAccept(s);
            return s;
        }
    }

    /** A socket whose output stream (one per socket) coalesces search result entries. */
    private static final class CoalescingSocket extends Socket {
        private final ConnectionLimits limits;
        private final int maxMessageBytes;
        private OutputStream output;
        private InputStream input;

        CoalescingSocket(ConnectionLimits limits, int maxMessageBytes) {
            this.limits = limits;
            this.maxMessageBytes = maxMessageBytes;
        }

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (input == null) {
                input = new RequestGateInputStream(this, super.getInputStream(), getOutputStream(), limits, maxMessageBytes);
            }
            return input;
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (output == null) {
                output = new SearchEntryCoalescingOutputStream(super.getOutputStream());
            }
            return output;
        }
    }
}
