package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;

import org.gridstack.service.admission.AddressShare;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.ldap.listener.LDAPListenerClientConnection;
import com.unboundid.ldap.listener.LDAPListenerRequestHandler;
import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.sdk.Control;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.Selector;
import java.util.Arrays;

/**
 * One client connection of the {@link EventLoopListener}. Its selector thread reads what arrives
 * into a buffer that grows to at most one request; when a whole BER element is in, it is judged
 * ({@link RequestAdmission}) and, when accepted, handed to a worker, which runs it through the
 * connection's handler chain (made by the SDK's {@code LDAPListenerClientConnection}, never
 * started as a thread) and writes the answer. A connection has at most one request in a worker at
 * a time, and while it has one only an abandon or unbind is taken from its input (an abandon of the
 * running request makes its further writes fail and drops its result, RFC 4511's "no response";
 * an unbind closes the connection); any other request waits unread (so one client cannot queue
 * work, and the workers' queue serves connections in turn). A read timeout ends the connection
 * with a Notice of Disconnection ({@code protocolError}), as do bytes that are not LDAP. Answers
 * go out without blocking the loop: a worker writes what the socket takes at once and queues the
 * rest for the loop; a worker whose connection holds
 * more than {@link EventLoopSettings#maxUnsentBytes()} unsent waits for the client to read, at
 * most {@link ListenerSettings#writeTimeout()}, and then the connection is closed with a Notice of
 * Disconnection. Timeouts ({@link ConnectionLimits}) are checked by the loop's sweep.
 * Thread-safe: the input side is the selector thread's; the output queue and the connection's
 * state are guarded by {@link #lock}.
 */
@ThreadSafe
final class EventLoopConnection {
    private static final Logger log = LoggerFactory.getLogger(EventLoopConnection.class);
    private static final int INITIAL_BUFFER = 512;
    private static final int ABANDON_REQUEST = 0x50;
    private static final int UNBIND_REQUEST = 0x42;

    private final EventLoopListener listener;
    @SuppressWarnings("ThreadSafe") // the owning loop: other threads only call run(task) (a concurrent queue) and wakeup()
    private final EventLoopListener.Loop loop;
    @SuppressWarnings("ThreadSafe") // SocketChannel is safe for concurrent threads (its Javadoc); reads are the selector's
    private final SocketChannel channel;
    @SuppressWarnings("ThreadSafe") // an InetSocketAddress is immutable
    private final InetSocketAddress remote;
    @SuppressWarnings("ThreadSafe") // an InetSocketAddress is immutable
    private final InetSocketAddress local;
    @SuppressWarnings("ThreadSafe") // closed once by the closing thread (closed is checked under lock)
    private final AddressShare.Slot slot;
    private final String from;
    @SuppressWarnings("ThreadSafe") // a plain lock object, only synchronized on
    private final Object lock = new Object();
    @GuardedBy("lock")
    private final ArrayDeque<ByteBuffer> unsent = new ArrayDeque<>();
    @SuppressWarnings("ThreadSafe") // Output: writes take lock (and the SDK's connection monitor), no state of its own
    private final OutputStream output = new Output();
    @SuppressWarnings("ThreadSafe") // set once by open() on the selector thread before any request reaches a worker
    private SelectionKey key;
    @SuppressWarnings("ThreadSafe") // set once by open() on the selector thread before any request reaches a worker
    private LDAPListenerClientConnection sdk;
    @SuppressWarnings("ThreadSafe") // set once by open() on the selector thread before any request reaches a worker
    private ChannelSocket socket;
    @SuppressWarnings("ThreadSafe") // set once by open() on the selector thread before any request reaches a worker
    private LDAPListenerRequestHandler handler;

    // the selector thread's
    @SuppressWarnings("ThreadSafe") // confined to the selector thread
    private ByteBuffer in = ByteBuffer.allocate(INITIAL_BUFFER);
    @SuppressWarnings("ThreadSafe") // confined to the selector thread
    private boolean held; // a whole request waits in the buffer for the worker to finish the one before
    @SuppressWarnings("ThreadSafe") // volatile: one value, written and read without a lock (the sweep reads it)
    private volatile long requestDeadline; // nanoTime by which the request begun must be complete; 0: none begun
    @SuppressWarnings("ThreadSafe") // volatile: one value, written when a request ends, read by the sweep without a lock
    private volatile long lastRequest;

    // guarded by lock
    @GuardedBy("lock")
    private int unsentBytes;
    @GuardedBy("lock")
    private boolean busy;
    @GuardedBy("lock")
    private int running; // the message ID of the request in a worker (while busy)
    @GuardedBy("lock")
    private boolean abandonable; // that request is not a bind (RFC 4511 section 4.11: binds cannot be abandoned)
    @GuardedBy("lock")
    private boolean abandoned; // the client abandoned that request: nothing more of its answer is sent
    @GuardedBy("lock")
    private boolean closed;
    @GuardedBy("lock")
    private boolean instanceClosed;

    EventLoopConnection(EventLoopListener listener, EventLoopListener.Loop loop, SocketChannel channel,
            AddressShare.Slot slot) throws IOException {
        this.listener = requireNonNull(listener, "listener is null");
        this.loop = requireNonNull(loop, "loop is null");
        this.channel = requireNonNull(channel, "channel is null");
        this.slot = requireNonNull(slot, "slot is null");
        this.remote = (InetSocketAddress) channel.getRemoteAddress();
        this.local = (InetSocketAddress) channel.getLocalAddress();
        this.from = remote.getAddress().getHostAddress();
        this.lastRequest = System.nanoTime();
    }

    /** Registers with the loop's selector and makes the handler chain; on the selector thread. */
    void open(Selector selector, LDAPListenerRequestHandler root) throws IOException, LDAPException {
        key = channel.register(selector, SelectionKey.OP_READ, this);
        socket = new ChannelSocket(this);
        // the SDK's constructor asks the root handler for this connection's instance: keep the one it made, which
        // its close() releases
        InstanceCapture capture = new InstanceCapture(root);
        sdk = new LDAPListenerClientConnection(null, socket, capture, null);
        handler = requireNonNull(capture.made, "the handler chain made no instance");
    }

    /** Passes the SDK's {@code newInstance} call on to the root handler and keeps what it returns. */
    private static final class InstanceCapture extends ForwardingRequestHandler {
        private LDAPListenerRequestHandler made;

        InstanceCapture(LDAPListenerRequestHandler root) {
            super(root);
        }

        @Override
        public LDAPListenerRequestHandler newInstance(LDAPListenerClientConnection connection) throws LDAPException {
            made = next.newInstance(connection);
            return made;
        }
    }

    InetSocketAddress remote() {
        return remote;
    }

    InetSocketAddress local() {
        return local;
    }

    OutputStream output() {
        return output;
    }

    boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /**
     * Reads what has arrived and hands on a whole request (while one is in a worker, only an
     * abandon or unbind is taken; {@link #takeRequests}); on the selector thread.
     */
    void readable() {
        synchronized (lock) {
            if (closed) {
                stopReading();
                return;
            }
        }
        if (held) {
            stopReading();
            return;
        }
        try {
            if (!in.hasRemaining()) {
                int capacity = Math.min(in.capacity() * 2, listener.maxMessageBytes() + 6);
                if (capacity <= in.capacity()) {
                    closeWithNotice("a request over " + listener.maxMessageBytes() + " bytes");
                    return;
                }
                ByteBuffer bigger = ByteBuffer.allocate(capacity);
                in.flip();
                bigger.put(in);
                in = bigger;
            }
            int n = channel.read(in);
            if (n < 0) {
                close(null);
                return;
            }
            if (n > 0 && requestDeadline == 0) {
                requestDeadline = deadline();
            }
            takeRequests();
        } catch (IOException e) {
            close(null);
        }
    }

    private long deadline() {
        long d = System.nanoTime() + listener.limits().readTimeout().toNanos();
        return d == 0 ? 1 : d;
    }

    /**
     * Takes whole requests off the buffer; on the selector thread. While a request of the
     * connection is in a worker, only an abandon or an unbind is taken (and acted on here: an
     * abandon of the running request stops its answer, an unbind ends the connection); any other
     * request waits in the buffer, and reading stops until the worker is done.
     */
    void takeRequests() {
        held = false;
        while (true) {
            boolean working;
            synchronized (lock) {
                if (closed) {
                    return;
                }
                working = busy;
            }
            in.flip();
            long size = BerFrames.size(in);
            if (size == BerFrames.INCOMPLETE) {
                in.compact();
                if (in.position() == 0) {
                    requestDeadline = 0;
                }
                resumeReading();
                return;
            }
            if (size < 0 || size > listener.maxMessageBytes() + 6L) {
                in.compact();
                closeWithNotice(size < 0 ? "the request is not BER-encoded LDAP"
                        : "a request of " + size + " bytes is over the limit of " + listener.maxMessageBytes());
                return;
            }
            if (in.remaining() < size) {
                in.compact();
                resumeReading();
                return;
            }
            if (working && !isAbandonOrUnbind(in)) {
                in.compact();
                held = true;
                stopReading(); // the worker's end takes it
                return;
            }
            byte[] request = new byte[(int) size];
            in.get(request);
            in.compact();
            requestDeadline = in.position() > 0 ? deadline() : 0;
            RequestAdmission.Verdict v = listener.admission().admit(request, from);
            if (v.notice() != null) {
                sendAndClose(v.notice());
                return;
            }
            if (v.answer() != null) {
                if (!send(v.answer())) {
                    return;
                }
                continue;
            }
            if (working) {
                whileWorking(v.request());
                continue;
            }
            synchronized (lock) {
                busy = true;
                running = v.request().getMessageID();
                abandonable = v.request().getProtocolOpType() != LDAPMessage.PROTOCOL_OP_TYPE_BIND_REQUEST;
                abandoned = false;
            }
            try {
                listener.workers().execute(() -> process(v.request()));
            } catch (RejectedExecutionException e) {
                synchronized (lock) {
                    busy = false;
                }
                closeWithNotice(ResultCode.UNAVAILABLE, "the server is shutting down");
                return;
            }
        }
    }

    /** True when the whole element at {@code b}'s position is an abandon or unbind request. */
    private static boolean isAbandonOrUnbind(ByteBuffer b) {
        byte[] head = new byte[Math.min(b.remaining(), 16)];
        b.get(b.position(), head);
        int[] idAndOp = BerNesting.messageIdAndOperation(head);
        return idAndOp != null && (idAndOp[1] == ABANDON_REQUEST || idAndOp[1] == UNBIND_REQUEST);
    }

    /**
     * Acts on an abandon or unbind that arrived while a request of the connection is in a worker
     * (RFC 4511: an abandoned operation gets no response, and the client may send the abandon at
     * any time); on the selector thread.
     */
    private void whileWorking(LDAPMessage m) {
        if (m.getProtocolOpType() == LDAPMessage.PROTOCOL_OP_TYPE_UNBIND_REQUEST) {
            close("unbind");
            return;
        }
        if (m.getProtocolOpType() != LDAPMessage.PROTOCOL_OP_TYPE_ABANDON_REQUEST) {
            return; // isAbandonOrUnbind let nothing else through
        }
        synchronized (lock) {
            if (busy && abandonable && running == m.getAbandonRequestProtocolOp().getIDToAbandon()) {
                abandoned = true;
                lock.notifyAll(); // a worker waiting for its client to read stops waiting
            }
        }
    }

    /** Stops reading while a request is in a worker (its end turns reading on again). */
    private void stopReading() {
        try {
            key.interestOpsAnd(~SelectionKey.OP_READ);
        } catch (CancelledKeyException e) {
            // closed meanwhile
        }
    }

    private void resumeReading() {
        try {
            key.interestOpsOr(SelectionKey.OP_READ);
        } catch (CancelledKeyException e) {
            // closed meanwhile
        }
    }

    /** Runs one request through the handler chain and sends its answer; on a worker. */
    private void process(LDAPMessage m) {
        boolean end = false;
        try {
            LDAPMessage response = null;
            int id = m.getMessageID();
            List<Control> controls = m.getControls();
            switch (m.getProtocolOpType()) {
                case LDAPMessage.PROTOCOL_OP_TYPE_ABANDON_REQUEST -> handler.processAbandonRequest(id, m.getAbandonRequestProtocolOp(), controls);
                case LDAPMessage.PROTOCOL_OP_TYPE_ADD_REQUEST -> response = handler.processAddRequest(id, m.getAddRequestProtocolOp(), controls);
                case LDAPMessage.PROTOCOL_OP_TYPE_BIND_REQUEST -> response = handler.processBindRequest(id, m.getBindRequestProtocolOp(), controls);
                case LDAPMessage.PROTOCOL_OP_TYPE_COMPARE_REQUEST -> response = handler.processCompareRequest(id, m.getCompareRequestProtocolOp(), controls);
                case LDAPMessage.PROTOCOL_OP_TYPE_DELETE_REQUEST -> response = handler.processDeleteRequest(id, m.getDeleteRequestProtocolOp(), controls);
                case LDAPMessage.PROTOCOL_OP_TYPE_EXTENDED_REQUEST -> response = handler.processExtendedRequest(id, m.getExtendedRequestProtocolOp(), controls);
                case LDAPMessage.PROTOCOL_OP_TYPE_MODIFY_REQUEST -> response = handler.processModifyRequest(id, m.getModifyRequestProtocolOp(), controls);
                case LDAPMessage.PROTOCOL_OP_TYPE_MODIFY_DN_REQUEST -> response = handler.processModifyDNRequest(id, m.getModifyDNRequestProtocolOp(), controls);
                case LDAPMessage.PROTOCOL_OP_TYPE_SEARCH_REQUEST -> response = handler.processSearchRequest(id, m.getSearchRequestProtocolOp(), controls);
                case LDAPMessage.PROTOCOL_OP_TYPE_UNBIND_REQUEST -> {
                    handler.processUnbindRequest(id, m.getUnbindRequestProtocolOp(), controls);
                    end = true;
                }
                default -> {
                    log.info("closing a connection from {}: message {} is not a request", from, id);
                    closeWithNotice("message " + id + " is not a request");
                    end = true;
                }
            }
            if (response != null && !isAbandoned()) {
                byte[] bytes = response.encode().encode();
                synchronized (sdk) { // the monitor the SDK's and the handlers' own sends hold: messages never interleave
                    socket.getOutputStream().write(bytes);
                }
            }
        } catch (IOException e) {
            end = isClosed(); // closed while writing, or abandoned (the connection goes on)
        } catch (RuntimeException e) {
            log.warn("a request from {} failed; closing its connection", from, e);
            closeWithNotice(ResultCode.OTHER, "internal error");
            end = true;
        } finally {
            if (isAbandoned()) {
                synchronized (sdk) {
                    socket.discardHeld(); // entries of the abandoned answer still held for coalescing
                }
            }
            lastRequest = System.nanoTime();
            finished(end);
        }
    }

    /** A worker is done with the connection's request: close it, or let the loop take the next request. */
    private void finished(boolean end) {
        boolean closeInstance;
        synchronized (lock) {
            busy = false;
            abandoned = false;
            closeInstance = closed && !instanceClosed;
            instanceClosed |= closeInstance;
        }
        if (closeInstance) {
            closeSdk();
        } else if (end) {
            close(null);
        } else {
            loop.run(this::takeRequests);
        }
    }

    /** Sends {@code bytes} from the loop; false when the connection closed. */
    private boolean send(byte[] bytes) {
        try {
            enqueue(ByteBuffer.wrap(bytes), false);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private void sendAndClose(byte[] notice) {
        synchronized (lock) {
            if (closed) {
                return;
            }
            ByteBuffer b = ByteBuffer.wrap(notice);
            if (unsent.isEmpty()) {
                try {
                    channel.write(b);
                } catch (IOException e) {
                    // closing anyway
                }
            }
        }
        close(null);
    }

    /** Ends the connection with a Notice of Disconnection carrying {@code why} ({@code protocolError}). */
    void closeWithNotice(String why) {
        closeWithNotice(ResultCode.PROTOCOL_ERROR, why);
    }

    /**
     * Ends the connection with a Notice of Disconnection carrying {@code code} (one of
     * {@link RequestAdmission#notice}'s) and {@code why}; the notice is written when no answer is
     * half-sent before it (any thread).
     */
    void closeWithNotice(ResultCode code, String why) {
        sendAndClose(RequestAdmission.notice(code, why));
    }

    private boolean isAbandoned() {
        synchronized (lock) {
            return abandoned;
        }
    }

    /**
     * Writes {@code b}: what the socket takes at once now, the rest queued for the loop. With
     * {@code wait}, a connection then over its unsent bound waits for its client to read, up to the
     * write timeout; past it the connection is closed with a Notice of Disconnection.
     */
    private void enqueue(ByteBuffer b, boolean wait) throws IOException {
        synchronized (lock) {
            if (closed) {
                throw new IOException("the connection is closed");
            }
            if (wait && abandoned) {
                throw new IOException("the client abandoned the request");
            }
            if (unsent.isEmpty()) {
                try {
                    channel.write(b);
                } catch (IOException e) {
                    closeLocked();
                    throw e;
                }
            }
            if (b.hasRemaining()) {
                unsent.add(b);
                unsentBytes += b.remaining();
                key.interestOpsOr(SelectionKey.OP_WRITE);
                loop.wakeup();
            }
            if (!wait) {
                if (unsentBytes > listener.eventLoop().maxUnsentBytes() * 2L) {
                    // the loop's own small answers (refusals) to a client that reads nothing
                    closeLocked();
                    throw new IOException("the client does not read its answers");
                }
                return;
            }
            long until = System.nanoTime() + listener.writeTimeout().toNanos();
            while (unsentBytes > listener.eventLoop().maxUnsentBytes() && !closed && !abandoned) {
                long left = until - System.nanoTime();
                if (left <= 0) {
                    log.info("closing a connection from {}: its client has not read {} bytes of answers for {} s", from,
                            unsentBytes, listener.writeTimeout().toSeconds());
                    unsent.add(ByteBuffer.wrap(RequestAdmission.notice(ResultCode.UNAVAILABLE,
                            "the client did not read its answers for " + listener.writeTimeout().toSeconds() + " s")));
                    flushLocked();
                    closeLocked();
                    break;
                }
                try {
                    lock.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    closeLocked();
                }
            }
            if (closed) {
                throw new IOException("the connection is closed");
            }
        }
    }

    /** Writes what the socket takes of the queue; on the selector thread. */
    void writable() {
        synchronized (lock) {
            try {
                flushLocked();
            } catch (IOException e) {
                closeLocked();
            }
            if (unsent.isEmpty() && key.isValid()) {
                key.interestOpsAnd(~SelectionKey.OP_WRITE);
            }
            lock.notifyAll();
        }
        if (isClosed()) {
            close(null);
        }
    }

    @GuardedBy("lock")
    private void flushLocked() throws IOException {
        while (!unsent.isEmpty()) {
            ByteBuffer b = unsent.peek();
            int n = channel.write(b);
            unsentBytes -= n;
            if (b.hasRemaining()) {
                return;
            }
            unsent.poll();
        }
    }

    /** Closes the idle or half-sent connection when its time is up; on the selector thread. */
    void sweep(long now) {
        synchronized (lock) {
            if (busy || closed) {
                return;
            }
        }
        long deadline = requestDeadline;
        ConnectionLimits limits = listener.limits();
        if (deadline != 0 && now - deadline > 0) {
            log.info("closing a connection from {}: its request did not arrive within {} s", from,
                    limits.readTimeout().toSeconds());
            closeWithNotice("the request did not arrive whole within " + limits.readTimeout().toSeconds() + " s");
        } else if (deadline == 0 && !limits.idleTimeout().isZero() && now - lastRequest > limits.idleTimeout().toNanos()) {
            log.info("closing a connection from {} idle for {} s", from, limits.idleTimeout().toSeconds());
            close(null);
        }
    }

    /** Closes the connection (idempotent, any thread); {@code why}, when given, is logged at debug level. */
    void close(String why) {
        boolean closeInstance;
        synchronized (lock) {
            if (why != null && !closed) {
                log.debug("closing a connection from {}: {}", from, why);
            }
            closeLocked();
            closeInstance = !busy && !instanceClosed;
            instanceClosed |= closeInstance;
        }
        if (closeInstance) {
            closeSdk();
        }
    }

    @GuardedBy("lock")
    private void closeLocked() {
        if (closed) {
            return;
        }
        closed = true;
        unsent.clear();
        unsentBytes = 0;
        lock.notifyAll();
        if (key != null) {
            key.cancel();
        }
        try {
            channel.close();
        } catch (IOException e) {
            // closed
        }
        slot.close();
        listener.forget(this);
        loop.wakeup();
    }

    /** Lets the handler chain release the connection ({@code closeInstance}); never on a worker that is writing. */
    private void closeSdk() {
        if (sdk == null) {
            return;
        }
        try {
            sdk.close();
        } catch (IOException | RuntimeException e) {
            log.debug("closing the handler chain of a connection from {} failed", from, e);
        }
    }

    /** The connection's output as the SDK and the handlers write it: one LDAP message (or a coalesced batch) per write. */
    private final class Output extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return;
            }
            byte[] copy = Arrays.copyOfRange(b, off, off + len);
            enqueue(ByteBuffer.wrap(copy), true);
        }

        @Override
        public void close() {
            // the connection closes through EventLoopConnection.close
        }
    }
}
