package org.gridstack.frontier.web;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The response body, held back until the status and cache headers are known. Bytes collect in
 * memory until the response is finished, grows past a threshold, or a keepalive has to go out;
 * only then are the headers decided (by the callback, from what happened so far) and the bytes
 * sent. Until then an error can still replace what was written for the current payload, so an
 * error answer is cached briefly and never mixed with half a result.
 *
 * <p>Once the headers are out (committed), an error can no longer get an error's headers: the body
 * is then ended abnormally with {@link #abort(String)}, so that no cache keeps it.
 *
 * <p>Thread-safe: the request thread writes, a timer thread may send keepalives; both lock this
 * object.
 */
final class ResponseOutput extends OutputStream {
    private final HttpServletResponse response;
    private final Consumer<HttpServletResponse> headers;
    private final int commitThreshold;
    private byte[] pending = new byte[64 * 1024];
    private int pendingLength;
    private OutputStream wire;
    private boolean keepalivesAllowed;
    private long bytesOut;

    ResponseOutput(HttpServletResponse response, Consumer<HttpServletResponse> headers, int commitThreshold) {
        this.response = Objects.requireNonNull(response, "response is null");
        this.headers = Objects.requireNonNull(headers, "headers is null");
        this.commitThreshold = commitThreshold;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        bytesOut += len;
        if (wire != null) {
            wire.write(b, off, len);
            return;
        }
        if (pendingLength + len > pending.length) {
            pending = Arrays.copyOf(pending, Math.max(pending.length * 2, pendingLength + len));
        }
        System.arraycopy(b, off, pending, pendingLength, len);
        pendingLength += len;
        if (pendingLength >= commitThreshold) {
            commit(false);
        }
    }

    /** A position the body can be cut back to, or -1 once bytes have gone out. */
    synchronized int mark() {
        return wire == null ? pendingLength : -1;
    }

    /** Cuts the body back to a mark; false when that is no longer possible. */
    synchronized boolean resetTo(int mark) {
        if (wire != null || mark < 0 || mark > pendingLength) {
            return false;
        }
        bytesOut -= pendingLength - mark;
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

    synchronized void stopKeepalives() {
        keepalivesAllowed = false;
    }

    /** Sends a keepalive if one may go out now; this commits the response. */
    synchronized void keepalive(byte[] element) {
        if (!keepalivesAllowed) {
            return;
        }
        try {
            if (wire == null) {
                commit(false);
            }
            bytesOut += element.length;
            wire.write(element);
            wire.flush();
        } catch (IOException e) {
            keepalivesAllowed = false; // the client is gone; the request thread finds out on its next write
        }
    }

    /** Sends everything; sets Content-Length when nothing has gone out yet. */
    synchronized void finish() throws IOException {
        keepalivesAllowed = false;
        if (wire == null) {
            commit(true);
        }
        wire.flush();
    }

    /**
     * Abandons a committed response: no more keepalives, what was written (e.g. the error text, for
     * whoever reads the broken answer) is flushed, and the returned exception must be thrown out of
     * the servlet, which makes Tomcat close the connection without ending the body (see
     * {@link AbortedAnswerException}). Only for committed responses: before commit an error gets
     * error headers instead.
     *
     * @throws IllegalStateException if the response is not committed yet
     */
    synchronized AbortedAnswerException abort(String reason) {
        if (wire == null) {
            throw new IllegalStateException("not committed: an error before commit gets error headers, not an abort");
        }
        keepalivesAllowed = false;
        try {
            wire.flush();
        } catch (IOException e) {
            // the client is gone; the connection is closed anyway
        }
        return new AbortedAnswerException(reason);
    }

    long bytesOut() {
        return bytesOut;
    }

    private void commit(boolean complete) throws IOException {
        headers.accept(response);
        if (!complete) {
            response.setBufferSize(64 * 1024);
        }
        if (complete) {
            response.setContentLength(pendingLength);
        }
        wire = response.getOutputStream();
        wire.write(pending, 0, pendingLength);
        pending = null;
    }
}
