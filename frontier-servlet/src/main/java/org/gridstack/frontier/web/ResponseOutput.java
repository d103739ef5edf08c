package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The response body, held back in memory so that the headers are decided late and the database is
 * never paced by the client. Bytes collect in memory until the answer is finished, outgrows its
 * budget, or a keepalive has to go out:
 * <ul>
 *   <li>The status and cache headers are decided (by the callback, from what happened so far) when
 *   the first byte has to go out. Until then an error can still replace what was written for the
 *   current payload, so an error answer is cached briefly and never mixed with half a result.</li>
 *   <li>An answer that fits its budget ({@code holdLimit} bytes, and what the shared
 *   {@link ByteBudget} can still give) is sent only by {@link #finish()}, after the
 *   database work is done and its connections are back in the pool, with a Content-Length. A slow
 *   client then holds memory and a request thread, never a database connection.</li>
 *   <li>An answer that outgrows its memory goes on to a {@link SpoolFile} (what was held in memory
 *   first) and is likewise sent only by {@link #finish()}, with a Content-Length: a slow client
 *   holds disk of its address's spool share, never a connection. When the spool has no room for
 *   it (the address's or the server's disk share is used up), and always with spooling off, an
 *   answer that outgrows its memory is sent as it is produced from then on, as a chunked body: its
 *   connection is held while the client reads (within its address's share of the pool), as in
 *   the production servlet; a large answer is never refused for want of room.</li>
 *   <li>So is an answer still held back a keepalive period after its query returned
 *   ({@link #queryReturned(long)}, {@link #tick(byte[])}): on an overloaded server, encoding a big answer can
 *   take longer than a client's read timeout (the FroNtier clients' default is 10 s), and a client
 *   that sees nothing would give up on an answer that is coming. From then on it sees the answer
 *   arrive as it is produced, as the production servlet's clients always do.</li>
 * </ul>
 * Either way, once the body's writes have been blocked for {@code sendTimeoutNanos} in total (a
 * client reading too slowly), the next write throws {@link AbortedAnswerException}: the answer is
 * cut and never cached. A client that reads nothing at all is also dropped by Tomcat's own write
 * timeout ({@code connectionTimeout}) when a single write makes no progress for that long.
 *
 * <p>Once the headers are out (committed), an error can no longer get an error's headers: the body
 * is then ended abnormally with {@link #abort(String)}, so that no cache keeps it.
 *
 * <p>Thread-safe: the request thread writes, a timer thread may send keepalives or start sending
 * a held-back answer; both lock this object. {@link #release()} must be called once the
 * response is done, whatever happened.
 */
@ThreadSafe
final class ResponseOutput extends OutputStream {
    /**
     * Held-back bytes are kept in blocks of this size, never in one growing array: no copying as an
     * answer grows, and no array large enough for the collector to treat as humongous (a 1 MB answer
     * in one array cost the servlet ~40 % more CPU per answer). The first block is free of the budget.
     */
    private static final int BLOCK = 64 * 1024;
    @GuardedBy("this")
    private final HttpServletResponse response;
    @GuardedBy("this")
    private final Consumer<HttpServletResponse> headers;
    private final int holdLimit;
    private final ByteBudget budget;
    @GuardedBy("this")
    private final SpoolFile spool; // null: spooling off
    private final long sendTimeoutNanos;
    @GuardedBy("this")
    private final ArrayList<byte[]> blocks = new ArrayList<>(); // held back: all full but the last in use
    @GuardedBy("this")
    private long pendingLength; // bytes held back, in memory or (once spooled) in the spool
    @GuardedBy("this")
    private boolean spooled; // what is held back is in the spool
    @GuardedBy("this")
    private long taken; // bytes taken from the budget for blocks beyond the first
    @GuardedBy("this")
    private OutputStream wire; // non-null once committed
    @GuardedBy("this")
    private boolean streaming; // past the budget: bytes go straight to the wire
    @GuardedBy("this")
    private boolean keepalivesAllowed;
    @GuardedBy("this")
    private long heldAfterQueryNanos = -1; // while producing the answer after its query: how long it may stay held back
    @GuardedBy("this")
    private long queryReturnedAt;
    @GuardedBy("this")
    private boolean sendOnNextWrite;
    @GuardedBy("this")
    private long bytesOut;
    @SuppressWarnings("ThreadSafe") // volatile: set by the request thread, read by the timer thread without a lock
    private volatile Runnable onClientGone;
    @GuardedBy("this")
    private long writeNanos; // time spent blocked in body writes after the database work or past the budget

    /**
     * @param holdLimit most bytes of this answer held back before it is sent as it is produced
     * @param budget memory shared by all held-back answers
     * @param spool where the answer goes once it outgrows its memory; {@code null}: sent as produced
     * @param sendTimeoutNanos longest time {@link #finish()} may take to send what was held back
     */
    ResponseOutput(HttpServletResponse response, Consumer<HttpServletResponse> headers, int holdLimit,
                   ByteBudget budget, SpoolFile spool, long sendTimeoutNanos) {
        this.response = Objects.requireNonNull(response, "response is null");
        this.headers = Objects.requireNonNull(headers, "headers is null");
        this.holdLimit = holdLimit;
        this.budget = Objects.requireNonNull(budget, "budget is null");
        this.spool = spool;
        this.sendTimeoutNanos = sendTimeoutNanos;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        bytesOut += len;
        if (streaming) {
            timedWrite(b, off, len);
            return;
        }
        if (sendOnNextWrite) {
            startStreaming(true);
            timedWrite(b, off, len);
            return;
        }
        if (!spooled) {
            long needed = pendingLength + len;
            if (needed <= holdLimit && reserve((int) needed)) {
                hold(b, off, len);
                return;
            }
            if (spool == null) {
                startStreaming(true);
                timedWrite(b, off, len);
                return;
            }
            if (!moveHeldToSpool()) {
                startStreaming(true);
                timedWrite(b, off, len);
                return;
            }
        }
        if (!spool.write(b, off, len)) {
            // no room in the address's (or the server's) disk share: from here on the answer is
            // sent as it is produced, as with spooling off; it then holds its connection while
            // the client reads, within its address's share of the pool
            startStreaming(true);
            timedWrite(b, off, len);
            return;
        }
        pendingLength += len;
    }

    /** Copies into the memory blocks (reserved before). */
    @GuardedBy("this")
    private void hold(byte[] b, int off, int len) {
        while (len > 0) {
            byte[] block = blocks.get((int) (pendingLength / BLOCK));
            int at = (int) (pendingLength % BLOCK);
            int n = Math.min(len, BLOCK - at);
            System.arraycopy(b, off, block, at, n);
            pendingLength += n;
            off += n;
            len -= n;
        }
    }

    /**
     * Moves what is held in memory to the spool and gives the memory back; what follows goes to
     * the spool too. False, with the memory still held, when the spool has no room for it.
     */
    @GuardedBy("this")
    private boolean moveHeldToSpool() throws IOException {
        for (int i = 0, left = (int) pendingLength; left > 0; i++) {
            int n = Math.min(BLOCK, left);
            if (!spool.write(blocks.get(i), 0, n)) {
                spool.truncate(0);
                    return false;
            }
            left -= n;
        }
        spooled = true;
        giveBack();
        blocks.clear();
        return true;
    }

    /** Adds blocks until {@code needed} bytes fit, within the budget; false when the budget has no more. */
    @GuardedBy("this")
    private boolean reserve(int needed) {
        while ((long) blocks.size() * BLOCK < needed) {
            if (!blocks.isEmpty()) {
                if (!budget.tryTake(BLOCK)) {
                    return false;
                }
                taken += BLOCK;
            }
            blocks.add(new byte[BLOCK]);
        }
        return true;
    }

    /** Writes what is held back to the wire ({@code timed}: counted against the send timeout) and holds nothing more. */
    @GuardedBy("this")
    private void sendHeld(boolean timed) throws IOException {
        if (spooled) {
            @SuppressWarnings("GuardedBy") // the sink runs inside sendTo, on this thread, while this lock is held
            SpoolFile.Sink sink = timed ? this::timedWrite : wire::write;
            spool.sendTo(sink);
            spool.truncate(0);
            pendingLength = 0;
            return;
        }
        for (int i = 0, left = (int) pendingLength; left > 0; i++) {
            int n = Math.min(BLOCK, left);
            if (timed) {
                timedWrite(blocks.get(i), 0, n);
            } else {
                wire.write(blocks.get(i), 0, n);
            }
            left -= n;
        }
        pendingLength = 0;
    }

    /**
     * Over the budget or held too long: sends what was held back ({@code timed}: counted against
     * the send timeout) and everything after it as it comes.
     */
    @GuardedBy("this")
    private void startStreaming(boolean timed) throws IOException {
        if (wire == null) {
            commit(false);
        }
        sendHeld(timed);
        streaming = true;
        giveBack();
        blocks.clear();
        if (spool != null) {
            spool.close();
        }
        spooled = false;
    }

    /** A position the body can be cut back to, or -1 once the headers are out. */
    synchronized long mark() {
        return wire == null ? pendingLength : -1;
    }

    /** Cuts the body back to a mark; false when that is no longer possible. */
    synchronized boolean resetTo(long mark) throws IOException {
        if (wire != null || mark < 0 || mark > pendingLength) {
            return false;
        }
        bytesOut -= pendingLength - mark;
        if (spooled) {
            spool.truncate(mark);
        }
        pendingLength = mark;
        return true;
    }

    synchronized boolean committed() {
        return wire != null;
    }

    /** Allows keepalives from now until {@link #stopKeepalives()} (i.e. right after {@code <data>}). */
    synchronized void allowKeepalives() {
        keepalivesAllowed = true;
    }

    /** No more keepalives, and no more early sending by {@link #tick(byte[])}. */
    synchronized void stopKeepalives() {
        keepalivesAllowed = false;
        heldAfterQueryNanos = -1;
    }

    /**
     * The query returned its result set: no more keepalives (the data follows), and from now on
     * {@link #tick(byte[])} sends the answer as it is produced once it has been held back for
     * {@code holdNanos} more.
     */
    synchronized void queryReturned(long holdNanos) {
        keepalivesAllowed = false;
        heldAfterQueryNanos = holdNanos;
        queryReturnedAt = System.nanoTime();
    }

    /**
     * Called by the timer every keepalive period: before the query returns, sends {@code keepalive}
     * (see {@link #keepalive(byte[])}); after it, starts sending an answer held back too long (what
     * was held back now, the rest as it is written). Never throws: a client that is gone is found
     * out by the request thread's next write.
     */
    synchronized void tick(byte[] keepalive) {
        if (keepalivesAllowed) {
            keepalive(keepalive);
            return;
        }
        if (heldAfterQueryNanos < 0 || streaming || System.nanoTime() - queryReturnedAt < heldAfterQueryNanos) {
            return;
        }
        heldAfterQueryNanos = -1;
        if (pendingLength > BLOCK) {
            // more than a block: the writer sends it on its next write, within the send timeout (the
            // timer thread, shared by all answers, must not wait on one slow client)
            sendOnNextWrite = true;
            return;
        }
        try {
            startStreaming(false);
            wire.flush();
        } catch (IOException e) {
            // the client is gone; the request thread finds out on its next write
        }
    }

    /** Sends a keepalive if one may go out now; this commits the response and sends what was held back. */
    synchronized void keepalive(byte[] element) {
        if (!keepalivesAllowed) {
            return;
        }
        try {
            if (wire == null) {
                commit(false);
            }
            sendHeld(false);
            bytesOut += element.length;
            wire.write(element);
            wire.flush();
        } catch (IOException e) {
            keepalivesAllowed = false; // the client is gone; the request thread finds out on its next write
            Runnable gone = onClientGone;
            if (gone != null) {
                gone.run();
            }
        }
    }

    /**
     * Runs {@code action} (on the timer thread) when a keepalive finds the client gone: the query
     * it waits for can then be cancelled instead of running to its timeout for nobody.
     */
    void whenClientGone(Runnable action) {
        onClientGone = action;
    }

    /**
     * Sends everything; sets Content-Length when nothing has gone out yet. What was held back is
     * sent in slices; when that takes longer than the send timeout, the rest is not sent and the
     * returned-to caller gets an {@link AbortedAnswerException} (the answer is cut, never cached).
     */
    synchronized void finish() throws IOException {
        keepalivesAllowed = false;
        heldAfterQueryNanos = -1;
        if (wire == null) {
            commit(true);
        }
        sendPending();
        wire.flush();
        release();
    }

    /** Writes what was held back, block by block, within the send timeout. */
    @GuardedBy("this")
    private void sendPending() throws IOException {
        sendHeld(true);
    }

    /** A body write, counted against the send timeout; over it, the answer is cut. */
    @GuardedBy("this")
    private void timedWrite(byte[] b, int off, int len) throws IOException {
        if (writeNanos > sendTimeoutNanos) {
            throw new AbortedAnswerException("the client did not read the answer within frontier.send-timeout-seconds ("
                    + TimeUnit.NANOSECONDS.toSeconds(sendTimeoutNanos) + " s of blocked writes)");
        }
        long t0 = System.nanoTime();
        try {
            wire.write(b, off, len);
        } finally {
            writeNanos += System.nanoTime() - t0;
        }
    }

    /**
     * Abandons a committed response: no more keepalives, what was written (e.g. the error text, for
     * whoever reads the broken answer) is sent within the send timeout and flushed, and the
     * returned exception must be thrown out of the servlet, which makes Tomcat close the connection
     * without ending the body (see {@link AbortedAnswerException}). Only for committed responses:
     * before commit an error gets error headers instead.
     *
     * @throws IllegalStateException if the response is not committed yet
     */
    synchronized AbortedAnswerException abort(String reason) {
        if (wire == null) {
            throw new IllegalStateException("not committed: an error before commit gets error headers, not an abort");
        }
        keepalivesAllowed = false;
        heldAfterQueryNanos = -1;
        try {
            sendPending();
            wire.flush();
        } catch (IOException e) {
            // the client is gone; the connection is closed anyway
        }
        release();
        return new AbortedAnswerException(reason);
    }

    /** Gives the held-back memory and spool back; the response sends nothing more from them. */
    synchronized void release() {
        giveBack();
        blocks.clear();
        if (spool != null) {
            spool.close();
        }
        spooled = false;
        pendingLength = 0;
    }

    @GuardedBy("this")
    private void giveBack() {
        if (taken > 0) {
            budget.give(taken);
            taken = 0;
        }
    }

    synchronized long bytesOut() {
        return bytesOut;
    }

    @GuardedBy("this")
    private void commit(boolean complete) throws IOException {
        headers.accept(response);
        response.setBufferSize(BLOCK);
        if (complete) {
            response.setContentLengthLong(pendingLength);
        }
        wire = response.getOutputStream();
    }
}
