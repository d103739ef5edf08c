package org.gridstack.frontier.protocol.http;

import static java.util.Objects.requireNonNull;

import java.io.EOFException;
import java.io.IOException;
import java.util.Objects;

/**
 * The push-style entry to the project's HTTP/1.x answer reader, for selector loops that receive
 * bytes when they come: {@link #feed} it whatever arrived, and it tells a {@link Listener} each
 * answer's head, body bytes (without framing) and end as they complete; answers may follow each
 * other in one feed (pipelining). Heads are parsed by the same {@link HeadAssembler}, bodies framed
 * by the same {@link BodyFraming} as {@link HttpResponseReader} (status line, headers, interim 1xx
 * answers skipped, Content-Length, chunked with extensions and trailers, close-delimited bodies,
 * no body for 1xx/204/304). Bad input throws an IOException saying what was wrong; after that the
 * feed is unusable (the connection is out of step). Not thread-safe: one per connection.
 */
public final class HttpResponseFeed {
    /** What the feed found; called on the feeding thread, in order. */
    public interface Listener {
        /** The head of a final answer (interim 1xx answers are not reported). */
        default void head(HttpResponseReader.Head head) throws IOException {
        }

        /** Bytes of the current answer's body, framing removed; {@code b} is only valid during the call. */
        default void body(byte[] b, int off, int len) throws IOException {
        }

        /** The current answer is complete. */
        void complete(HttpResponseReader.Head head) throws IOException;
    }

    private enum State { HEAD, LENGTH_BODY, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS, CLOSE_BODY, FAILED }

    private final Listener listener;
    private final HeadAssembler heads = new HeadAssembler();
    private final StringBuilder line = new StringBuilder();
    private State state = State.HEAD;
    private HttpResponseReader.Head head;
    private long left;
    private boolean answerStarted;

    public HttpResponseFeed(Listener listener) {
        this.listener = requireNonNull(listener, "listener is null");
    }

    /**
     * Takes bytes that arrived.
     *
     * @throws IOException when they do not continue a well-formed answer (or the listener threw)
     */
    public void feed(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, requireNonNull(b, "b is null").length);
        if (state == State.FAILED) {
            throw new IOException("the answer stream is out of step after an earlier error");
        }
        try {
            int i = off;
            int end = off + len;
            while (i < end) {
                answerStarted = true;
                switch (state) {
                    case LENGTH_BODY, CHUNK_DATA -> {
                        int n = (int) Math.min(left, end - i);
                        listener.body(b, i, n);
                        i += n;
                        left -= n;
                        if (left == 0) {
                            if (state == State.LENGTH_BODY) {
                                complete();
                            } else {
                                state = State.CHUNK_END;
                            }
                        }
                    }
                    case CLOSE_BODY -> {
                        listener.body(b, i, end - i);
                        i = end;
                    }
                    default -> i = lineByte(b, i);
                }
            }
        } catch (IOException | RuntimeException e) {
            state = State.FAILED;
            throw e;
        }
    }

    /**
     * The connection ended: completes a close-delimited body.
     *
     * @throws EOFException when an answer was cut short (head, chunk or Content-Length body)
     */
    public void endOfInput() throws IOException {
        State was = state;
        state = State.FAILED;
        switch (was) {
            case CLOSE_BODY -> {
                state = State.HEAD;
                answerStarted = false;
                listener.complete(head);
            }
            case HEAD -> {
                if (answerStarted) {
                    throw heads.endedEarly(true);
                }
                state = State.HEAD;
            }
            case LENGTH_BODY -> throw new EOFException("truncated body: " + left + " bytes of the Content-Length missing");
            case CHUNK_SIZE, CHUNK_DATA, CHUNK_END -> throw new EOFException("truncated chunked body (no final chunk)");
            case TRAILERS -> throw new EOFException("truncated chunked body (no end of the trailers)");
            case FAILED -> throw new IOException("the answer stream is out of step after an earlier error");
        }
    }

    /** Whether bytes of an answer not yet complete have arrived. */
    public boolean answerStarted() {
        return answerStarted;
    }

    /** Collects one line byte by byte; returns where it stopped. */
    private int lineByte(byte[] b, int i) throws IOException {
        byte c = b[i++];
        if (c != '\n') {
            if (line.length() >= HttpResponseReader.MAX_HEADER_BYTES) {
                throw new IOException("line longer than " + HttpResponseReader.MAX_HEADER_BYTES + " bytes");
            }
            line.append((char) (c & 0xff));
            return i;
        }
        int n = line.length();
        String text = n > 0 && line.charAt(n - 1) == '\r' ? line.substring(0, n - 1) : line.toString();
        line.setLength(0);
        switch (state) {
            case HEAD -> {
                HttpResponseReader.Head h = heads.line(text);
                if (h != null) {
                    startBody(h);
                }
            }
            case CHUNK_SIZE -> {
                left = BodyFraming.chunkSize(text);
                state = left == 0 ? State.TRAILERS : State.CHUNK_DATA;
            }
            case CHUNK_END -> {
                if (!text.isEmpty()) {
                    throw new IOException("chunk not followed by a line end");
                }
                state = State.CHUNK_SIZE;
            }
            case TRAILERS -> {
                if (text.isEmpty()) {
                    complete();
                }
            }
            default -> throw new IllegalStateException("no line expected in state " + state);
        }
        return i;
    }

    private void startBody(HttpResponseReader.Head h) throws IOException {
        head = h;
        listener.head(h);
        BodyFraming framing = BodyFraming.of(h);
        switch (framing.kind()) {
            case NONE -> complete();
            case CHUNKED -> state = State.CHUNK_SIZE;
            case CLOSE -> state = State.CLOSE_BODY;
            case LENGTH -> {
                left = framing.length();
                if (left == 0) {
                    complete();
                } else {
                    state = State.LENGTH_BODY;
                }
            }
        }
    }

    private void complete() throws IOException {
        state = State.HEAD;
        answerStarted = false;
        HttpResponseReader.Head done = head;
        head = null;
        listener.complete(done);
    }

    @Override
    public String toString() {
        return "HttpResponseFeed[" + state + (head == null ? "" : ", status " + head.status()) + "]";
    }
}
