package org.gridstack.dqp.evaluator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import org.gridstack.dqp.http.PeerException;
import org.gridstack.dqp.http.PeerHttp;

/**
 * The coordinator's handle on one remote evaluator: places fragments and cancels queries, through
 * {@link PeerHttp}. Failures are {@link PeerException}s naming the evaluator and the status it
 * answered. Thread-safe.
 */
@ThreadSafe
public final class EvaluatorClient {
    private final URI base;
    private final String name;
    private final PeerHttp<IOException> peer;

    /** A client of the evaluator at {@code base} over {@code http} whose calls time out after {@code timeout}. */
    public EvaluatorClient(URI base, HttpClient http, Duration timeout) {
        this.base = requireNonNull(base, "base is null");
        this.name = "evaluator " + base;
        this.peer = PeerHttp.named(name, base, http, timeout);
    }

    public URI base() {
        return base;
    }

    /** Starts {@code fragment} there; fails naming the evaluator. */
    public void start(ScanFragment fragment) throws IOException {
        place("/gqes/v1/fragments", fragment);
    }

    /** Starts {@code fragment} there; its input inbox is open when this returns. */
    public void start(OperationCallFragment fragment) throws IOException {
        place("/gqes/v1/fragments/operation-call", fragment);
    }

    /**
     * Starts {@code fragment} there without waiting; the future fails with an IOException naming the
     * evaluator. Several placements thus overlap instead of taking a round trip each in turn.
     */
    public CompletableFuture<Void> startAsync(OperationCallFragment fragment) {
        return peer.sendAsync(peer.postJson("/gqes/v1/fragments/operation-call", fragment));
    }

    /** Starts {@code fragment} there without waiting, as {@link #startAsync(OperationCallFragment)}. */
    public CompletableFuture<Void> startAsync(ScanFragment fragment) {
        return peer.sendAsync(peer.postJson("/gqes/v1/fragments", fragment));
    }

    private void place(String path, Object fragment) throws IOException {
        peer.call(peer.postJson(path, fragment));
    }

    /**
     * Whether the evaluator's process still answers: asks its status, waiting at most
     * {@code timeout}. Any HTTP answer, or a connection whose answer is late, counts as alive (a live
     * evaluator reports its fragments' own failures on their EXCHANGE).
     *
     * @throws IOException naming the evaluator when it cannot be reached
     */
    public void checkAnswers(Duration timeout) throws IOException {
        try {
            peer.call(peer.request("/gqes/v1/status").timeout(timeout).GET()); // an answer: alive
        } catch (PeerException e) {
            if (e.httpStatus() != 0) {
                return; // an error answer is still an answer
            }
            Throwable cause = e.getCause();
            if (cause instanceof HttpTimeoutException && !(cause instanceof HttpConnectTimeoutException)) {
                return; // connected but slow to answer: a busy evaluator is not a dead one
            }
            throw new IOException(name + " does not answer (" + cause + ")", cause);
        } catch (InterruptedIOException e) {
            throw new InterruptedIOException("interrupted while asking " + name + " for its status");
        }
    }

    /** Stops query {@code queryId}'s fragments there; errors are ignored (a dead evaluator runs nothing). */
    public void cancel(String queryId) {
        peer.sendQuietly(peer.request("/gqes/v1/queries/" + queryId).DELETE());
    }

    /** For error messages. */
    @Override
    public String toString() {
        return name;
    }
}
