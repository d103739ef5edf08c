package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketImpl;

/**
 * What the SDK's {@code LDAPListenerClientConnection} (and the handlers that ask it for its socket)
 * see of a connection of the {@link EventLoopListener}: a {@link Socket} with the channel's
 * addresses whose output stream is the connection's non-blocking, bounded output (through a
 * {@link SearchEntryCoalescingOutputStream}), whose input stream is empty (the event loop reads
 * the channel; the SDK's reader thread is never started), whose option setters are ignored (the
 * listener sets the channel's options itself), and whose {@code close} closes the connection. It
 * has no socket implementation of its own, so it holds no file descriptor. Thread-safe.
 */
final class ChannelSocket extends Socket {
    private final EventLoopConnection connection;
    private final SearchEntryCoalescingOutputStream output;

    ChannelSocket(EventLoopConnection connection) throws SocketException {
        super((SocketImpl) null);
        this.connection = requireNonNull(connection, "connection is null");
        this.output = new SearchEntryCoalescingOutputStream(connection.output());
    }

    @Override
    public InputStream getInputStream() {
        return InputStream.nullInputStream();
    }

    @Override
    public OutputStream getOutputStream() {
        return output;
    }

    /** Drops what the output holds back for coalescing (the entries of an abandoned answer); under the connection's monitor. */
    void discardHeld() {
        output.discardHeld();
    }

    @Override
    public void close() {
        connection.close("closed by the server");
    }

    @Override
    public boolean isClosed() {
        return connection.isClosed();
    }

    @Override
    public boolean isConnected() {
        return true;
    }

    @Override
    public boolean isBound() {
        return true;
    }

    @Override
    public InetAddress getInetAddress() {
        return connection.remote().getAddress();
    }

    @Override
    public int getPort() {
        return connection.remote().getPort();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return connection.remote();
    }

    @Override
    public InetAddress getLocalAddress() {
        return connection.local().getAddress();
    }

    @Override
    public int getLocalPort() {
        return connection.local().getPort();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return connection.local();
    }

    @Override
    public void setKeepAlive(boolean on) {
        // the listener sets the channel's options
    }

    @Override
    public void setReuseAddress(boolean on) {
        // the listener sets the channel's options
    }

    @Override
    public void setSoLinger(boolean on, int linger) {
        // the listener sets the channel's options
    }

    @Override
    public void setTcpNoDelay(boolean on) {
        // the listener sets the channel's options
    }

    @Override
    public void setSendBufferSize(int size) {
        // the listener sets the channel's options
    }

    @Override
    public void setSoTimeout(int timeout) {
        // reads are the event loop's; its timeouts are ConnectionLimits'
    }

    @Override
    public void shutdownInput() throws IOException {
        connection.close("input shut down by the server");
    }

    @Override
    public void shutdownOutput() throws IOException {
        connection.close("output shut down by the server");
    }

    @Override
    public String toString() {
        return "ChannelSocket[" + connection.remote() + "]";
    }
}
