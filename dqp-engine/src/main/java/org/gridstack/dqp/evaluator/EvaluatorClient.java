package org.gridstack.dqp.evaluator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.ObjectMapper;

/** The coordinator's handle on one remote evaluator: places fragments and cancels queries. Thread-safe. */
public final class EvaluatorClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final URI base;
    private final HttpClient http;
    private final Duration timeout;

    public EvaluatorClient(URI base, HttpClient http, Duration timeout) {
        this.base = requireNonNull(base, "base is null");
        this.http = requireNonNull(http, "http is null");
        this.timeout = requireNonNull(timeout, "timeout is null");
    }

    public URI base() {
        return base;
    }

    /** Starts {@code fragment} there; fails naming the evaluator. */
    public void start(ScanFragment fragment) throws IOException {
        place("/gqes/v1/fragments", fragment, fragment.fragmentId());
    }

    /** Starts {@code fragment} there; its input inbox is open when this returns. */
    public void start(OperationCallFragment fragment) throws IOException {
        place("/gqes/v1/fragments/operation-call", fragment, fragment.fragmentId());
    }

    /**
     * Starts {@code fragment} there without waiting; the future fails with an IOException naming the
     * evaluator. Several placements thus overlap instead of taking a round trip each in turn.
     */
    public java.util.concurrent.CompletableFuture<Void> startAsync(OperationCallFragment fragment) {
        return placeAsync("/gqes/v1/fragments/operation-call", fragment, fragment.fragmentId());
    }

    /** Starts {@code fragment} there without waiting, as {@link #startAsync(OperationCallFragment)}. */
    public java.util.concurrent.CompletableFuture<Void> startAsync(ScanFragment fragment) {
        return placeAsync("/gqes/v1/fragments", fragment, fragment.fragmentId());
    }

    private java.util.concurrent.CompletableFuture<Void> placeAsync(String path, Object fragment, String fragmentId) {
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(fragment))).build();
        } catch (IOException e) {
            return java.util.concurrent.CompletableFuture.failedFuture(e);
        }
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).handle((r, failure) -> {
            if (failure != null) {
                Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                throw new java.util.concurrent.CompletionException(
                        new IOException("evaluator " + base + " unreachable: " + cause.getMessage(), cause));
            }
            if (r.statusCode() != 202) {
                throw new java.util.concurrent.CompletionException(new IOException("evaluator " + base + " refused fragment "
                        + fragmentId + ": HTTP " + r.statusCode() + " " + r.body()));
            }
            return null;
        });
    }

    private void place(String path, Object fragment, String fragmentId) throws IOException {
        HttpResponse<String> r;
        try {
            r = http.send(HttpRequest.newBuilder(base.resolve(path)).timeout(timeout)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(fragment))).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while placing a fragment on evaluator " + base);
        } catch (IOException e) {
            throw new IOException("evaluator " + base + " unreachable: " + e.getMessage(), e);
        }
        if (r.statusCode() != 202) {
            throw new IOException("evaluator " + base + " refused fragment " + fragmentId + ": HTTP " + r.statusCode()
                    + " " + r.body());
        }
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
            http.send(HttpRequest.newBuilder(base.resolve("/gqes/v1/status")).timeout(timeout).GET().build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while asking evaluator " + base + " for its status");
        } catch (java.net.http.HttpConnectTimeoutException e) {
            throw new IOException("evaluator " + base + " does not answer (" + e + ")", e);
        } catch (java.net.http.HttpTimeoutException e) {
            // connected but slow to answer: a busy evaluator is not a dead one
        } catch (IOException e) {
            throw new IOException("evaluator " + base + " does not answer (" + e + ")", e);
        }
    }

    /** Stops query {@code queryId}'s fragments there; errors are ignored (a dead evaluator runs nothing). */
    public void cancel(String queryId) {
        boolean interrupted = Thread.interrupted();
        try {
            http.send(HttpRequest.newBuilder(base.resolve("/gqes/v1/queries/" + queryId)).timeout(timeout).DELETE().build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            // unreachable: nothing runs there for us
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
