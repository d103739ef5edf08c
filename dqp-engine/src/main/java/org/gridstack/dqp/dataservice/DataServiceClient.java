package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockFrameReader;
import org.gridstack.dqp.block.BlockReader;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.gridstack.dqp.http.PeerHttp;

/**
 * Talks to one data service over HTTP ({@link DataServiceController}'s API): reads its catalog,
 * runs synchronous scans and opens asynchronous ones from which blocks are pulled, one request per
 * block or all blocks on one streamed response. Every failure
 * is a {@link DataServiceException} naming the service. The calls go through {@link PeerHttp}
 * (keep-alive connections, timeouts, the service's JSON errors). Thread-safe (the blocks of one
 * {@link RemoteScan} are pulled by one thread).
 */
@ThreadSafe
public final class DataServiceClient {
    private final URI base;
    private final PeerHttp<DataServiceException> peer;

    /** A client of the service at {@code base} over {@code http} whose calls time out after {@code timeout}. */
    public DataServiceClient(URI base, HttpClient http, Duration timeout) {
        this.base = requireNonNull(base, "base is null");
        this.peer = new PeerHttp<>(base, http, timeout, this::failure);
    }

    /** The service's base URL. */
    public URI base() {
        return base;
    }

    /** The tables the service offers. */
    public List<TableDescription> tables() throws DataServiceException {
        JsonNode body = peer.sendForJson(peer.request("/gds/v1/tables").GET());
        List<TableDescription> tables = new ArrayList<>();
        for (JsonNode t : body.path("tables")) {
            List<TableDescription.UnsupportedColumn> unsupported = new ArrayList<>();
            for (JsonNode u : t.path("unsupportedColumns")) {
                unsupported.add(new TableDescription.UnsupportedColumn(u.path("name").asText(), u.path("typeName").asText()));
            }
            tables.add(new TableDescription(t.path("name").asText(), schema(t.path("columns")), t.path("estimatedRows").asLong(),
                    unsupported));
        }
        return tables;
    }

    /**
     * Synchronous delivery: the whole result as one streamed document. The caller reads the
     * returned scan to its end (or closes it early).
     */
    public RemoteScan scanSynchronously(ScanRequest request) throws DataServiceException {
        HttpResponse<InputStream> response = peer.send(peer.postJson("/gds/v1/scan", request));
        String codec = request.codec() == null ? "webrowset" : request.codec();
        try {
            InputStream in = response.body();
            BlockReader reader = BlockCodec.named(codec).openReader(in);
            return RemoteScan.synchronous(this, reader, in);
        } catch (IOException e) {
            throw failure(0, "cannot read its result: " + e.getMessage(), e);
        }
    }

    /**
     * Asynchronous delivery: opens a session and returns a scan that pulls blocks of
     * {@code blockSize} tuples (1: tuple by tuple). Close it to abandon the session early.
     */
    public RemoteScan openScan(ScanRequest request, int blockSize) throws DataServiceException {
        JsonNode body = peer.sendForJson(peer.postJson("/gds/v1/sessions", request));
        String codec = request.codec() == null ? "binary" : request.codec();
        return RemoteScan.session(this, body.path("session").asText(), schema(body.path("columns")),
                BlockCodec.named(codec), blockSize);
    }

    /**
     * Asynchronous delivery in blocks of {@code blockSize} tuples, all on one streamed response:
     * opens a session and gets every block at once, in one round trip ({@code POST /sessions/stream};
     * the first block is read before this returns). The
     * blocks are the same as {@link #openScan}'s, without a request per block; the service reads the
     * next block from its cursor only as the stream drains (TCP back-pressure). Close the scan to
     * abandon it early (the connection is dropped and the session deleted).
     */
    public RemoteScan streamScan(ScanRequest request, int blockSize) throws DataServiceException {
        if (blockSize < 1) {
            throw new IllegalArgumentException("block size must be at least 1, is " + blockSize);
        }
        BlockCodec codec = BlockCodec.named(request.codec() == null ? "binary" : request.codec());
        HttpResponse<InputStream> response = peer.send(peer.postJson("/gds/v1/sessions/stream?size=" + blockSize, request));
        String session = response.headers().firstValue(DataServiceController.SESSION_HEADER).orElse(null);
        InputStream in = response.body();
        if (session == null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // dropped
            }
            throw failure(response.statusCode(), "its streamed scan named no session (header " + DataServiceController.SESSION_HEADER + ")",
                    null);
        }
        return RemoteScan.streamed(this, session, new BlockFrameReader(codec, in), in);
    }

    /** One block of session {@code id}; called by {@link RemoteScan}. */
    RemoteScan.Block pull(String session, BlockCodec codec, int blockSize) throws DataServiceException {
        HttpResponse<InputStream> response = peer.send(peer.request("/gds/v1/sessions/" + session + "/block?size=" + blockSize).GET());
        boolean exhausted = response.headers().firstValue(DataServiceController.EXHAUSTED_HEADER)
                .map(Boolean::parseBoolean).orElse(false);
        long headersReceived = System.nanoTime();
        List<Object[]> rows = new ArrayList<>();
        try (InputStream in = response.body(); BlockReader reader = codec.openReader(in)) {
            List<Object[]> block;
            while ((block = reader.nextBlock()) != null) {
                rows.addAll(block);
            }
        } catch (IOException e) {
            throw failure(0, "broken block stream: " + e.getMessage(), e);
        }
        return new RemoteScan.Block(rows, exhausted, System.nanoTime() - headersReceived);
    }

    /** Abandons session {@code id}; errors are ignored (the service's reaper closes it anyway). */
    void abandon(String session) {
        // a scan is often abandoned by an interrupted thread; the DELETE must still go out (the service's idle reaper closes it anyway)
        peer.sendQuietly(peer.request("/gds/v1/sessions/" + session).DELETE());
    }

    private static BlockSchema schema(JsonNode columns) {
        List<Column> list = new ArrayList<>();
        for (JsonNode c : columns) {
            list.add(new Column(c.path("name").asText(), ColumnType.valueOf(c.path("type").asText()),
                    c.path("nullable").asBoolean(true)));
        }
        return new BlockSchema(list);
    }

    DataServiceException failure(int status, String message, Throwable cause) {
        return new DataServiceException(base.toString(), status, message, cause);
    }

    /** For error messages. */
    @Override
    public String toString() {
        return "data service " + base;
    }
}
