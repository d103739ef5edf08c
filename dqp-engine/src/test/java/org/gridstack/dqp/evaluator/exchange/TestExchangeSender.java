package org.gridstack.dqp.evaluator.exchange;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;

import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockFrameReader;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ExchangeSender} against a consumer of our own (the JDK's HTTP server on a free port): all
 * blocks of an EXCHANGE go on one streamed POST of block frames ending in the producer's counters;
 * a consumer that is gone (410) stops the producer.
 */
class TestExchangeSender {
    private static final BlockSchema SCHEMA = new BlockSchema(List.of(new Column("n", ColumnType.INTEGER, false),
            new Column("amount", ColumnType.DECIMAL, true), new Column("day", ColumnType.DATE, true)));
    private final List<Object[]> received = new CopyOnWriteArrayList<>();
    private final List<String> trailers = new CopyOnWriteArrayList<>();
    private volatile int status = 200;
    private HttpServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/gqes/v1/exchanges/", exchange -> {
            if (status != 200) {
                // as the engine's consumer does for an inbox that is gone: answer at once, unread
                exchange.sendResponseHeaders(status, -1);
                exchange.close();
                return;
            }
            try (InputStream in = exchange.getRequestBody()) {
                if (status == 200) {
                    try (BlockFrameReader frames = new BlockFrameReader(BlockCodec.named("binary"), in)) {
                        List<Object[]> block;
                        while ((block = frames.nextBlock()) != null) {
                            received.addAll(block);
                        }
                        trailers.add(new String(frames.trailer(), StandardCharsets.UTF_8));
                    }
                } else {
                    in.readAllBytes();
                }
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private ExchangeSender sender() {
        URI consumer = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        return new ExchangeSender(http, consumer, "q-1", BlockCodec.named("binary"), SCHEMA, Duration.ofSeconds(10));
    }

    @Test
    void blocksAndCountersArriveOnOneStream() throws Exception {
        try (ExchangeSender sender = sender()) {
            assertTrue(sender.send(List.<Object[]>of(new Object[] {1, new BigDecimal("1.50"), LocalDate.of(2024, 2, 29)})));
            assertTrue(sender.send(List.<Object[]>of(new Object[] {2, null, null}, new Object[] {3, new BigDecimal("-7"), null})));
            sender.finish(Map.of("exchangeBlocks", 2));
            assertEquals(2, sender.blocks());
            assertTrue(sender.bytes() > 0);
        }
        assertEquals(3, received.size());
        assertArrayEquals(new Object[] {1, new BigDecimal("1.50"), LocalDate.of(2024, 2, 29)}, received.get(0));
        assertArrayEquals(new Object[] {2, null, null}, received.get(1));
        assertEquals(List.of("{\"exchangeBlocks\":2}"), trailers);
    }

    @Test
    void aConsumerThatIsGoneStopsTheProducer() throws Exception {
        status = 410;
        try (ExchangeSender sender = sender()) {
            boolean first = sender.send(List.<Object[]>of(new Object[] {1, null, null}));
            boolean later = true;
            for (int i = 0; i < 50 && later; i++) {
                later = sender.send(List.<Object[]>of(new Object[] {i, null, null}));
                Thread.sleep(20);
            }
            if (first && later) {
                sender.finish(Map.of());
                later = sender.send(List.<Object[]>of(new Object[] {0, null, null}));
            }
            assertFalse(first && later, "the producer learns that the consumer is gone");
        }
    }
}
