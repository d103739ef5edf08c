package org.gridstack.dqp.evaluator.exchange;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.BlockWriter;

/**
 * The producing side of one EXCHANGE: packs each block into the codec (translation, timed) and
 * pushes it to the consumer's inbox with one HTTP POST (block transfer, timed), waiting for the
 * consumer to accept it before the next (back-pressure). Not thread-safe: one producer thread.
 */
public final class ExchangeSender {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http;
    private final URI exchange;
    private final BlockCodec codec;
    private final BlockSchema schema;
    private final Duration timeout;
    private long translationNanos;
    private long transferNanos;
    private long bytes;
    private long blocks;

    public ExchangeSender(HttpClient http, URI consumer, String exchangeId, BlockCodec codec, BlockSchema schema, Duration timeout) {
        this.http = requireNonNull(http, "http is null");
        this.exchange = requireNonNull(consumer, "consumer is null").resolve("/gqes/v1/exchanges/" + requireNonNull(exchangeId, "exchangeId is null"));
        this.codec = requireNonNull(codec, "codec is null");
        this.schema = requireNonNull(schema, "schema is null");
        this.timeout = requireNonNull(timeout, "timeout is null");
    }

    /**
     * Pushes one block.
     *
     * @return false when the consumer is gone (410): stop producing
     * @throws IOException when the consumer cannot be reached, naming it
     */
    public boolean send(List<Object[]> rows) throws IOException {
        long start = System.nanoTime();
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(Math.max(256, rows.size() * 48));
        try (BlockWriter writer = codec.openWriter(schema, buffer)) {
            writer.writeBlock(rows);
            writer.finish();
        }
        long packed = System.nanoTime();
        translationNanos += packed - start;
        bytes += buffer.size();
        blocks++;
        int status = post("/blocks", codec.contentType(), buffer.toByteArray());
        transferNanos += System.nanoTime() - packed;
        return status != 410;
    }

    /** Tells the consumer this producer finished, with its cost counters. */
    public void finish(Map<String, Object> stats) throws IOException {
        post("/end", "application/json", JSON.writeValueAsBytes(stats));
    }

    /** Tells the consumer this producer failed; errors reaching it are ignored (it times out). */
    public void fail(String message) {
        try {
            post("/error", "application/json", JSON.writeValueAsBytes(Map.of("error", message)));
        } catch (IOException ignored) {
            // the consumer is unreachable: its own timeout ends the query
        }
    }

    private int post(String path, String contentType, byte[] body) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(exchange + path)).timeout(timeout)
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while pushing to " + exchange);
        } catch (IOException e) {
            throw new IOException("EXCHANGE consumer " + exchange + " unreachable: " + e.getMessage(), e);
        }
        if (response.statusCode() != 200 && response.statusCode() != 410) {
            throw new IOException("EXCHANGE consumer " + exchange + " answered HTTP " + response.statusCode());
        }
        return response.statusCode();
    }

    /** Nanoseconds spent packing blocks. */
    public long translationNanos() {
        return translationNanos;
    }

    /** Nanoseconds spent in pushes. */
    public long transferNanos() {
        return transferNanos;
    }

    /** Blocks pushed. */
    public long blocks() {
        return blocks;
    }

    /** Encoded bytes pushed. */
    public long bytes() {
        return bytes;
    }
}
