package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletResponse;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockFrameEncoder;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.BlockWriter;
import org.gridstack.dqp.web.ErrorBody;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.http.MediaType;

/**
 * The data service's HTTP API (version 1), with the seed's three delivery modes:
 * <ul>
 * <li>{@code GET /gds/v1/tables}: the catalog (tables, columns, types, row estimates);</li>
 * <li>{@code POST /gds/v1/scan} with a {@link ScanRequest}: <b>synchronous</b> delivery, the whole
 *     result as one document (WebRowSet unless the request names another codec), streamed from
 *     the cursor as it is read;</li>
 * <li>{@code POST /gds/v1/sessions} with a {@link ScanRequest}: opens an <b>asynchronous</b> scan,
 *     answers {@code {"session": id, "columns": [...]}} (201);
 *     {@code GET /gds/v1/sessions/{id}/block?size=N} returns the next block of at most N tuples
 *     (N = 1: <b>tuple by tuple</b>; N &gt; 1: <b>blocks</b>) in the session's codec (binary unless
 *     named), with header {@value #EXHAUSTED_HEADER}: true on the last one, which also closes the
 *     session; {@code GET /gds/v1/sessions/{id}/blocks?size=N} streams every remaining block of N
 *     tuples on one response (a block-frame stream, {@link BlockFrameEncoder}: the blocks without a
 *     request each); {@code POST /gds/v1/sessions/stream?size=N} with a {@link ScanRequest} opens a
 *     session and streams its blocks at once (one round trip; header {@value #SESSION_HEADER} names
 *     the session); {@code DELETE /gds/v1/sessions/{id}} abandons a scan.</li>
 * </ul>
 * Errors are {@link ErrorBody} JSON: 400 bad request (unknown table or column, listing what
 * exists), 404 unknown session, 503 too many sessions, 502 database failure. Requests are timed as
 * {@code dqp.gds.request} by mode (sync, tuple, block, stream) on {@code /actuator/prometheus}. Thread-safe.
 */
@RestController
@RequestMapping("/gds/v1")
@ThreadSafe
public class DataServiceController {
    /** Response header that marks the last block of a session. */
    public static final String EXHAUSTED_HEADER = "X-Dqp-Exhausted";
    /** Response header naming the session a streamed scan opened. */
    public static final String SESSION_HEADER = "X-Dqp-Session";
    private static final int SYNC_CHUNK_ROWS = 500;
    /**
     * A streamed block is flushed with the first block, or when this long passed since the last
     * flush; otherwise it goes out with the next flush (a later block, a full buffer or the end).
     */
    private static final long STREAM_FLUSH_NANOS = 20_000_000;

    private final DataService service;
    private final MeterRegistry meters;

    public DataServiceController(DataService service, MeterRegistry meters) {
        this.service = requireNonNull(service, "service is null");
        this.meters = requireNonNull(meters, "meters is null");
    }

    // dqp.gds.request: one timer per delivery mode (sync, tuple, block), the seed's GDS access cost
    private void record(String mode, long startNanos, long rows) {
        Timer.builder("dqp.gds.request").tag("mode", mode).register(meters).record(Duration.ofNanos(System.nanoTime() - startNanos));
        meters.counter("dqp.gds.rows", "mode", mode).increment(rows);
    }

    @GetMapping("/tables")
    public Map<String, Object> tables() {
        List<Map<String, Object>> tables = service.catalog().tables().stream().map(t -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("estimatedRows", t.estimatedRows());
            m.put("columns", columns(t.schema()));
            m.put("unsupportedColumns", t.unsupported().stream()
                    .map(u -> Map.of("name", u.name(), "typeName", u.typeName())).toList());
            return m;
        }).toList();
        return Map.of("service", service.settings().name(), "tables", tables);
    }

    private static List<Map<String, Object>> columns(BlockSchema schema) {
        return schema.columns().stream().map(c -> Map.<String, Object>of(
                "name", c.name(), "type", c.type().name(), "nullable", c.nullable())).toList();
    }

    @PostMapping("/scan")
    public void scan(@RequestBody ScanRequest request, HttpServletResponse response) throws SQLException, IOException {
        BlockCodec codec = BlockCodec.named(request.codec() == null ? "webrowset" : request.codec());
        long start = System.nanoTime();
        long rowCount = 0;
        try (ScanCursor cursor = service.openCursor(request)) {
            response.setContentType(codec.contentType());
            OutputStream out = response.getOutputStream();
            try (BlockWriter writer = codec.openWriter(cursor.schema(), out)) {
                while (!cursor.exhausted()) {
                    List<Object[]> rows = cursor.nextBlock(SYNC_CHUNK_ROWS);
                    if (!rows.isEmpty()) {
                        writer.writeBlock(rows);
                        rowCount += rows.size();
                    }
                }
                writer.finish();
            }
        }
        record("sync", start, rowCount);
    }

    @PostMapping("/sessions")
    public ResponseEntity<Map<String, Object>> openSession(@RequestBody ScanRequest request) throws SQLException {
        BlockCodec codec = BlockCodec.named(request.codec() == null ? "binary" : request.codec());
        ScanCursor cursor = service.openCursor(request);
        String id = service.sessions().add(cursor, codec);
        return ResponseEntity.status(HttpStatus.CREATED).body(Map.of("session", id, "columns", columns(cursor.schema())));
    }

    @GetMapping("/sessions/{id}/block")
    public void block(@PathVariable String id, @RequestParam(defaultValue = "100") int size, HttpServletResponse response)
            throws SQLException, IOException {
        if (size < 1 || size > service.settings().maxBlockSize()) {
            throw new IllegalArgumentException("block size " + size + " is outside 1.." + service.settings().maxBlockSize());
        }
        long start = System.nanoTime();
        ScanSessions.Session session = service.sessions().get(id);
        ScanCursor cursor = session.cursor();
        BlockCodec codec = session.codec();
        List<Object[]> rows;
        try {
            rows = cursor.nextBlock(size);
        } catch (SQLException | RuntimeException e) {
            service.sessions().close(id);
            throw e;
        }
        boolean exhausted = cursor.exhausted();
        if (exhausted) {
            service.sessions().close(id);
        }
        response.setContentType(codec.contentType());
        response.setHeader(EXHAUSTED_HEADER, Boolean.toString(exhausted));
        try (BlockWriter writer = codec.openWriter(cursor.schema(), response.getOutputStream())) {
            writer.writeBlock(rows);
            writer.finish();
        }
        record(size == 1 ? "tuple" : "block", start, rows.size());
    }

    /**
     * Streams every remaining block of session {@code id}, {@code size} tuples each, on this one
     * response as a block-frame stream ({@link BlockFrameEncoder}): the blocks of the seed's blocked
     * delivery without a request per block. Each block is read from the cursor only when the previous
     * one was written, so a slow reader holds the cursor back (TCP back-pressure); a reader that goes
     * away ends the stream and closes the session. A database failure mid-stream ends it with an error
     * frame. The session is closed at the end in every case.
     */
    @GetMapping("/sessions/{id}/blocks")
    public void streamBlocks(@PathVariable String id, @RequestParam(defaultValue = "100") int size, HttpServletResponse response)
            throws IOException {
        checkBlockSize(size);
        stream(id, size, response);
    }

    /**
     * Opens a session for {@code request} and streams all its blocks on this response (as
     * {@link #streamBlocks} does) in one round trip; the header {@value #SESSION_HEADER} names the
     * session, so a reader can still DELETE it.
     */
    @PostMapping("/sessions/stream")
    public void openAndStream(@RequestBody ScanRequest request, @RequestParam(defaultValue = "100") int size, HttpServletResponse response)
            throws SQLException, IOException {
        checkBlockSize(size);
        BlockCodec codec = BlockCodec.named(request.codec() == null ? "binary" : request.codec());
        ScanCursor cursor = service.openCursor(request);
        String id = service.sessions().add(cursor, codec);
        response.setHeader(SESSION_HEADER, id);
        stream(id, size, response);
    }

    private void checkBlockSize(int size) {
        if (size < 1 || size > service.settings().maxBlockSize()) {
            throw new IllegalArgumentException("block size " + size + " is outside 1.." + service.settings().maxBlockSize());
        }
    }

    // every remaining block of session id, then the end frame (or an error frame); the session is closed at the end in every case
    private void stream(String id, int size, HttpServletResponse response) throws IOException {
        long start = System.nanoTime();
        ScanSessions.Session session = service.sessions().get(id);
        ScanCursor cursor = session.cursor();
        BlockFrameEncoder frames = new BlockFrameEncoder(session.codec(), cursor.schema());
        long rowCount = 0;
        try {
            response.setContentType(frames.contentType());
            OutputStream out = response.getOutputStream();
            boolean exhausted = false;
            long lastFlush = System.nanoTime();
            while (!exhausted) {
                List<Object[]> rows;
                try {
                    service.sessions().get(id); // marks the session used, so the idle reaper leaves a long stream alone
                    rows = cursor.nextBlock(size);
                    exhausted = cursor.exhausted();
                } catch (SQLException | RuntimeException e) {
                    service.sessions().close(id);
                    String what = e instanceof UnknownSessionException ? e.getMessage() : "the database failed: " + e.getMessage();
                    out.write(BlockFrameEncoder.errorFrame(service.settings().name() + ": " + what));
                    out.flush();
                    return;
                }
                if (exhausted) {
                    // the connection goes back to the pool before the reader can see the end
                    service.sessions().close(id);
                }
                out.write(frames.frame(rows));
                long now = System.nanoTime();
                if (rowCount == 0 || now - lastFlush >= STREAM_FLUSH_NANOS) {
                    out.flush(); // the first block at once, then whenever the interval passed (or the buffer filled)
                    lastFlush = now;
                }
                rowCount += rows.size();
            }
            out.write(BlockFrameEncoder.endFrame());
            out.flush();
        } finally {
            service.sessions().close(id);
            record("stream", start, rowCount);
        }
    }

    @DeleteMapping("/sessions/{id}")
    public ResponseEntity<Void> closeSession(@PathVariable String id) {
        service.sessions().close(id);
        return ResponseEntity.noContent().build();
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<ErrorBody> badRequest(IllegalArgumentException e) {
        return error(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    @ExceptionHandler(UnknownSessionException.class)
    ResponseEntity<ErrorBody> unknownSession(UnknownSessionException e) {
        return error(HttpStatus.NOT_FOUND, e.getMessage());
    }

    @ExceptionHandler(TooManySessionsException.class)
    ResponseEntity<ErrorBody> tooMany(TooManySessionsException e) {
        return error(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
    }

    @ExceptionHandler(SQLException.class)
    ResponseEntity<ErrorBody> database(SQLException e) {
        return error(HttpStatus.BAD_GATEWAY, "the database failed: " + e.getMessage());
    }

    private ResponseEntity<ErrorBody> error(HttpStatus status, String message) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(new ErrorBody(service.settings().name(), message));
    }
}
