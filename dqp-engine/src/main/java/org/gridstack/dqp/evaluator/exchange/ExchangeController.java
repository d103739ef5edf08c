package org.gridstack.dqp.evaluator.exchange;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.gridstack.dqp.block.BlockFrameEncoder;
import org.gridstack.dqp.block.BlockFrameReader;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.web.bind.annotation.ExceptionHandler;

/**
 * The receiving side of EXCHANGE over HTTP, in every process that consumes blocks (evaluators and
 * the coordinator, which plays the root evaluator):
 * <ul>
 * <li>{@code POST /gqes/v1/exchanges/{id}/blocks}: a producer's blocks as one block-frame stream
 *     ({@link BlockFrameEncoder}; the payload codec is the Content-Type's {@code codec} parameter),
 *     each unpacked into the inbox as it arrives; the next frame is read only when the inbox has room
 *     (back-pressure through TCP). An end frame with a trailer is the producer's end with its cost
 *     counters (as {@code /end}); an error frame fails the inbox with the producer's message. A
 *     stream that stops before its end frame (the producer died or its connection broke) fails
 *     the inbox at once, so the query ends naming the producer instead of waiting for its timeout;</li>
 * <li>{@code POST /gqes/v1/exchanges/{id}/end} with the producer's cost counters;</li>
 * <li>{@code POST /gqes/v1/exchanges/{id}/error} with {@code {"error": ...}}.</li>
 * </ul>
 * 410 Gone when the inbox does not exist (the query finished or was cancelled): the producer stops.
 * Thread-safe.
 */
@RestController
@RequestMapping("/gqes/v1/exchanges")
@ThreadSafe
public class ExchangeController {
    /** How long a push may wait for room before the consumer is taken as stuck. */
    static final long MAX_PUSH_WAIT_MILLIS = 120_000;
    private static final ObjectMapper STATS = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> STATS_TYPE = new TypeReference<>() {
    };
    private final ExchangeInboxes inboxes;

    public ExchangeController(ExchangeInboxes inboxes) {
        this.inboxes = requireNonNull(inboxes, "inboxes is null");
    }

    @PostMapping("/{id}/blocks")
    public ResponseEntity<Map<String, Object>> blocks(@PathVariable String id,
            @RequestHeader(value = "Content-Type", defaultValue = "") String contentType, InputStream body)
            throws IOException, InterruptedException {
        Optional<ExchangeInbox> inbox = inboxes.get(id);
        if (inbox.isEmpty() || inbox.get().isClosed()) {
            return gone(id);
        }
        BlockFrameReader frames = new BlockFrameReader(BlockFrameEncoder.codecOf(contentType), body);
        long decoded = 0;
        try {
            List<Object[]> rows;
            while ((rows = frames.nextBlock()) != null) {
                inbox.get().addUnpackingNanos(frames.decodeNanos() - decoded);
                decoded = frames.decodeNanos();
                if (!inbox.get().deliver(rows, MAX_PUSH_WAIT_MILLIS)) {
                    return gone(id);
                }
            }
            byte[] counters = frames.trailer();
            if (counters != null) {
                // the producer's end, with its cost counters, came in the stream's end frame
                inbox.get().finish(STATS.readValue(counters, STATS_TYPE));
            }
        } catch (BlockFrameReader.RemoteFailure e) {
            inbox.get().fail(e.getMessage()); // the producer ended its stream with its failure
        } catch (IOException e) {
            // the stream broke before its end: the producer died or lost its connection. Fail the query
            // at once (naming the producer) instead of leaving it to wait for its timeout.
            inbox.get().producerLost(e.getMessage());
            throw e;
        } finally {
            frames.close();
        }
        return ResponseEntity.ok(Map.of("accepted", true));
    }

    @PostMapping("/{id}/end")
    public ResponseEntity<Map<String, Object>> end(@PathVariable String id, @RequestBody(required = false) Map<String, Object> stats)
            throws InterruptedException {
        Optional<ExchangeInbox> inbox = inboxes.get(id);
        if (inbox.isEmpty()) {
            return gone(id);
        }
        inbox.get().finish(stats);
        return ResponseEntity.ok(Map.of("accepted", true));
    }

    @PostMapping("/{id}/error")
    public ResponseEntity<Map<String, Object>> error(@PathVariable String id, @RequestBody Map<String, Object> error)
            throws InterruptedException {
        Optional<ExchangeInbox> inbox = inboxes.get(id);
        if (inbox.isEmpty()) {
            return gone(id);
        }
        inbox.get().fail(String.valueOf(error.get("error")));
        return ResponseEntity.ok(Map.of("accepted", true));
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<Map<String, Object>> badRequest(IllegalArgumentException e) {
        return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_JSON).body(Map.of("error", String.valueOf(e.getMessage())));
    }

    private static ResponseEntity<Map<String, Object>> gone(String id) {
        return ResponseEntity.status(HttpStatus.GONE).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("error", "no open exchange " + id + " (the query finished or was cancelled)"));
    }
}
