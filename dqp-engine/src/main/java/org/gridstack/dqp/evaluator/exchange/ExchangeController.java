package org.gridstack.dqp.evaluator.exchange;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockReader;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The receiving side of EXCHANGE over HTTP, in every process that consumes blocks (evaluators and
 * the coordinator, which plays the root evaluator):
 * <ul>
 * <li>{@code POST /gqes/v1/exchanges/{id}/blocks}: a block stream in the codec its Content-Type
 *     names; unpacked into the inbox; the answer waits while the inbox is full (back-pressure);</li>
 * <li>{@code POST /gqes/v1/exchanges/{id}/end} with the producer's cost counters;</li>
 * <li>{@code POST /gqes/v1/exchanges/{id}/error} with {@code {"error": ...}}.</li>
 * </ul>
 * 410 Gone when the inbox does not exist (the query finished or was cancelled): the producer stops.
 * Thread-safe.
 */
@RestController
@RequestMapping("/gqes/v1/exchanges")
public class ExchangeController {
    /** How long a push may wait for room before the consumer is taken as stuck. */
    static final long MAX_PUSH_WAIT_MILLIS = 120_000;
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
        BlockCodec codec = BlockCodec.named(contentType.contains("xml") ? "webrowset" : "binary");
        try (BlockReader reader = codec.openReader(body)) {
            while (true) {
                long start = System.nanoTime();
                List<Object[]> rows = reader.nextBlock();
                inbox.get().addUnpackingNanos(System.nanoTime() - start);
                if (rows == null) {
                    break;
                }
                if (!inbox.get().deliver(rows, MAX_PUSH_WAIT_MILLIS)) {
                    return gone(id);
                }
            }
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

    private static ResponseEntity<Map<String, Object>> gone(String id) {
        return ResponseEntity.status(HttpStatus.GONE).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("error", "no open exchange " + id + " (the query finished or was cancelled)"));
    }
}
