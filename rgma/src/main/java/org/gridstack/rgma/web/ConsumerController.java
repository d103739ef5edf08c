package org.gridstack.rgma.web;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.gridstack.rgma.consumer.ConsumerAnswer;
import org.gridstack.rgma.consumer.ConsumerService;
import org.gridstack.rgma.consumer.ContinuousQuery;
import org.gridstack.rgma.registry.ProducerKind;
import org.gridstack.rgma.registry.QueryType;
import org.gridstack.service.admission.AddressShare;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

import com.fasterxml.jackson.databind.ObjectMapper;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The ConsumerServlet over HTTP. {@code GET /rgma/consumer/query?select=...&type=latest|history|static}
 * answers once, as JSON or (Accept: application/xml, or {@code format=xml}) R-GMA's XML.
 * {@code GET /rgma/consumer/stream?select=...} is a continuous query, streamed chunked as
 * newline-delimited JSON (a {@code {"columns":[...]}} line, then one JSON array per tuple, and
 * {@code {"heartbeat":true}} lines when idle) or as server-sent events ({@code format=sse}).
 * A stream whose reader falls {@code rgma.consumer.stream-buffer-rows} rows behind is cut; when the
 * server stops, every stream ends at once with an {@code {"end":"the server is stopping"}} line.
 */
@RestController
class ConsumerController {
    /** What the readers of open streams are told when the server stops. */
    static final String SERVER_STOPPING = "the server is stopping";

    private final ConsumerService consumers;
    private final Admission admission;
    private final ObjectMapper json;
    private final RgmaProperties properties;

    ConsumerController(ConsumerService consumers, Admission admission, ObjectMapper json, RgmaProperties properties) {
        this.consumers = requireNonNull(consumers, "consumers is null");
        this.admission = requireNonNull(admission, "admission is null");
        this.json = requireNonNull(json, "json is null");
        this.properties = requireNonNull(properties, "properties is null");
    }

    @GetMapping("/rgma/consumer/query")
    ResponseEntity<?> query(@RequestParam String select, @RequestParam(defaultValue = "latest") String type,
            @RequestParam(required = false) List<String> producer, @RequestParam(required = false) String format,
            @RequestHeader(value = "Accept", required = false) String accept, HttpServletRequest request) {
        QueryType t = QueryType.parse(type);
        ConsumerAnswer answer;
        try (Admission.QuerySlot slot = admission.query(request)) {
            answer = consumers.query(select, t, producer);
        }
        boolean xml = "xml".equalsIgnoreCase(format) || format == null && accept != null && accept.contains("xml")
                && !accept.contains("json");
        if (xml) {
            return ResponseEntity.ok().contentType(MediaType.APPLICATION_XML).body(XmlAnswer.write(answer.columns(),
                    answer.rows(), answer.truncated(), answer.warnings()));
        }
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(answer);
    }

    @GetMapping("/rgma/consumer/stream")
    ResponseEntity<StreamingResponseBody> stream(@RequestParam String select,
            @RequestParam(required = false) List<String> producer, @RequestParam(required = false) String format,
            @RequestHeader(value = "Accept", required = false) String accept, HttpServletRequest request) {
        boolean sse = "sse".equalsIgnoreCase(format) || format == null && accept != null && accept.contains("text/event-stream");
        AddressShare.Slot slot = admission.stream(request);
        int capacity = properties.getConsumer().getStreamBufferRows();
        BlockingQueue<List<Object>> rows = new ArrayBlockingQueue<>(capacity);
        ContinuousQuery query;
        try {
            query = consumers.stream(select, producer, EnumSet.allOf(ProducerKind.class), false, (columns, batch) -> {
                for (List<Object> row : batch) {
                    if (!rows.offer(row)) {
                        return false;
                    }
                }
                return true;
            });
        } catch (RuntimeException e) {
            slot.close();
            throw e;
        }
        long heartbeat = properties.getConsumer().getHeartbeat().toNanos();
        StreamingResponseBody body = out -> {
            try {
                write(out, sse, "columns", json.writeValueAsString(Map.of("columns", query.select().columns())));
                out.flush();
                long lastWrite = System.nanoTime();
                while (true) {
                    List<Object> row = rows.poll(200, TimeUnit.MILLISECONDS);
                    if (row != null) {
                        write(out, sse, "row", json.writeValueAsString(row));
                        if (rows.isEmpty()) {
                            out.flush();
                        }
                        lastWrite = System.nanoTime();
                    } else if (query.isClosed()) {
                        write(out, sse, "end", json.writeValueAsString(Map.of("end", query.endReason())));
                        out.flush();
                        return;
                    } else if (System.nanoTime() - lastWrite > heartbeat) {
                        write(out, sse, "heartbeat", "{\"heartbeat\":true}");
                        out.flush();
                        lastWrite = System.nanoTime();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException readerLeft) {
                // the reader closed the connection: end the query
            } finally {
                query.close();
                slot.close();
            }
        };
        return ResponseEntity.ok().contentType(sse ? MediaType.TEXT_EVENT_STREAM : MediaType.parseMediaType("application/x-ndjson"))
                .header("Cache-Control", "no-store").header("X-Accel-Buffering", "no").body(body);
    }

    /**
     * Ends the open streams as soon as the application starts closing: Spring then waits (up to
     * its shutdown-phase timeout, 30 s) for the request threads still writing them, and a stream
     * otherwise ends only when its reader leaves.
     */
    @EventListener(ContextClosedEvent.class)
    void endStreamsOnShutdown() {
        consumers.endStreams(SERVER_STOPPING);
    }

    private static void write(OutputStream out, boolean sse, String event, String data) throws IOException {
        String text = sse ? "event: " + event + "\ndata: " + data + "\n\n" : data + "\n";
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }
}
