package org.gridstack.dqp.http;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The one JSON-over-HTTP mechanism between the DQP services: one peer's base URL, the shared
 * keep-alive {@link HttpClient} (its connections are reused from call to call), a per-call timeout,
 * and one error policy. A request's JSON body goes out; an answer with a 2xx status comes back (as a
 * stream or as JSON); any other status becomes a failure carrying that status and the peer's own
 * JSON {@code error} text (or its body's first 8 KiB when that is not JSON); an unreachable peer is
 * a failure with status 0. Failures are made by the {@link Failures} given (so a per-service client
 * keeps its own exception type); an interrupted call restores the interrupt flag and fails with
 * {@link Failures#interrupted}. Thread-safe (immutable; the HttpClient is thread-safe).
 *
 * @param <E> the failure type of the per-service client using it
 */
@ThreadSafe
public final class PeerHttp<E extends IOException> {
    /** Makes a per-service client's failures. */
    @FunctionalInterface
    public interface Failures<E extends IOException> {
        /** The failure for a status (0: no answer), a message and a cause (may be null). */
        E failure(int httpStatus, String message, Throwable cause);

        /** The failure when the calling thread was interrupted (its flag is set again); by default status 0, "interrupted". */
        default E interrupted(InterruptedException e) {
            return failure(0, "interrupted", e);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int ERROR_BODY_BYTES = 8_192;
    private final URI base;
    private final HttpClient http;
    private final Duration timeout;
    @SuppressWarnings("ThreadSafe") // the client's stateless exception factory (a method reference or an anonymous class keeping only the peer name)
    private final Failures<E> failures;

    /** Calls {@code base} over {@code http}, each call timing out after {@code timeout}, failing through {@code failures}. */
    public PeerHttp(URI base, HttpClient http, Duration timeout, Failures<E> failures) {
        this.base = requireNonNull(base, "base is null");
        this.http = requireNonNull(http, "http is null");
        this.timeout = requireNonNull(timeout, "timeout is null");
        this.failures = requireNonNull(failures, "failures is null");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, is " + timeout);
        }
    }

    /**
     * A client failing with {@link PeerException}s naming {@code peer} (e.g. {@code "evaluator <URL>"}),
     * and with an {@link InterruptedIOException} naming it when the calling thread is interrupted.
     */
    public static PeerHttp<IOException> named(String peer, URI base, HttpClient http, Duration timeout) {
        requireNonNull(peer, "peer is null");
        return new PeerHttp<>(base, http, timeout, new Failures<IOException>() {
            @Override
            public IOException failure(int httpStatus, String message, Throwable cause) {
                return new PeerException(peer, httpStatus, message, cause);
            }

            @Override
            public IOException interrupted(InterruptedException e) {
                return new InterruptedIOException("interrupted while calling " + peer);
            }
        });
    }

    /**
     * The client a process shares among all its peers: HTTP/1.1 keep-alive connections, reused from
     * call to call, connecting within 5 s.
     */
    public static HttpClient newSharedClient() {
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();
    }

    /** The peer's base URL. */
    public URI base() {
        return base;
    }

    /** The timeout of each call. */
    public Duration timeout() {
        return timeout;
    }

    /** A request to {@code path} (with query, resolved against the base) with the call timeout. */
    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(timeout);
    }

    /** A POST of {@code body} as JSON to {@code path}. */
    public HttpRequest.Builder postJson(String path, Object body) {
        byte[] bytes;
        try {
            bytes = JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot encode the request: " + e.getMessage(), e);
        }
        return request(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(bytes));
    }

    /** Sends {@code request}; a 2xx answer's body is returned as a stream for the caller to read and close. */
    public HttpResponse<InputStream> send(HttpRequest.Builder request) throws E {
        HttpResponse<InputStream> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw unreachable(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failures.interrupted(e);
        }
        if (response.statusCode() / 100 != 2) {
            String message;
            try (InputStream in = response.body()) {
                message = errorText(in.readNBytes(ERROR_BODY_BYTES));
            } catch (IOException e) {
                message = "no readable error body";
            }
            throw failures.failure(response.statusCode(), "HTTP " + response.statusCode() + ": " + message, null);
        }
        return response;
    }

    /** Sends {@code request} and reads its 2xx answer to its end, discarding it (the connection is kept). */
    public void call(HttpRequest.Builder request) throws E {
        HttpResponse<InputStream> response = send(request);
        try (InputStream in = response.body()) {
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw failures.failure(response.statusCode(), "unreadable answer: " + e.getMessage(), e);
        }
    }

    /** Sends {@code request} and reads its 2xx answer as JSON. */
    public JsonNode sendForJson(HttpRequest.Builder request) throws E {
        return json(send(request));
    }

    /** Reads (and closes) a 2xx answer's body as JSON; read to its end, so its connection is kept for the next call. */
    public JsonNode json(HttpResponse<InputStream> response) throws E {
        try (InputStream in = response.body()) {
            return JSON.readTree(in.readAllBytes());
        } catch (IOException e) {
            throw failures.failure(response.statusCode(), "unreadable answer: " + e.getMessage(), e);
        }
    }

    /**
     * Sends {@code request} without waiting; the future completes when a 2xx answer came (its body
     * discarded), or fails with this client's failure wrapped in a {@link CompletionException}.
     */
    public CompletableFuture<Void> sendAsync(HttpRequest.Builder request) {
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray()).handle((response, thrown) -> {
            if (thrown != null) {
                Throwable cause = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
                throw new CompletionException(unreachable(cause));
            }
            if (response.statusCode() / 100 != 2) {
                throw new CompletionException(failures.failure(response.statusCode(),
                        "HTTP " + response.statusCode() + ": " + errorText(response.body()), null));
            }
            return null;
        });
    }

    /**
     * Sends {@code request} and ignores its answer and any failure (for clean-ups the peer also does
     * by itself, such as abandoning a session). Goes out even from an interrupted thread, whose
     * interrupt flag is kept.
     */
    public void sendQuietly(HttpRequest.Builder request) {
        boolean interrupted = Thread.interrupted();
        try {
            http.send(request.build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            // the peer cleans up by itself
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A failure of this client, for what its user finds wrong in an answer (status 0: none). */
    public E failure(int httpStatus, String message, Throwable cause) {
        return failures.failure(httpStatus, message, cause);
    }

    private E unreachable(Throwable e) {
        return failures.failure(0, "unreachable (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
    }

    private static String errorText(byte[] body) {
        String text = new String(body, 0, Math.min(body.length, ERROR_BODY_BYTES), StandardCharsets.UTF_8);
        try {
            return JSON.readTree(body).path("error").asText(text);
        } catch (IOException e) {
            return text;
        }
    }

    @Override
    public String toString() {
        return "PeerHttp[" + base + "]";
    }
}
