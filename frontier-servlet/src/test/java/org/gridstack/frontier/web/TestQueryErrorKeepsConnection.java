package org.gridstack.frontier.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * An error the query caused (here SQLSTATE 0A000, feature_not_supported, which HikariCP counts
 * among its "connection is broken" states) keeps the pooled connection and costs one log line
 * without a stack trace, not a reconnect and kilobytes of log.
 */
class TestQueryErrorKeepsConnection {
    private static final int N = 20;
    private static final String BAD = "select case when true then generate_series(1,2) end";

    @Test
    void featureNotSupportedKeepsTheConnectionAndLogsOneLine() throws Exception {
        try (FrontierTestServer server = FrontierTestServer.start(FrontierGoldenVectors.schemaFile(), "--logging.level.root=INFO")) {
            assertEquals(0, query(server, "select 1").error(), "warm-up");
            MeterRegistry meters = server.bean(MeterRegistry.class);
            long created = meters.get("hikaricp.connections.creation").timer().count();
            ListAppender<ILoggingEvent> logs = new ListAppender<>();
            Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            logs.start();
            root.addAppender(logs);
            try {
                for (int i = 0; i < N; i++) {
                    DecodedPayload p = query(server, BAD);
                    assertEquals(1, p.error());
                    assertTrue(p.message().contains("set-returning functions are not allowed in CASE"), p.message());
                }
                assertEquals(0, query(server, "select 1").error(), "the pool still serves");
            } finally {
                root.detachAppender(logs);
                logs.stop();
            }
            assertEquals(created, meters.get("hikaricp.connections.creation").timer().count(), "no connection was replaced");
            List<ILoggingEvent> events = List.copyOf(logs.list);
            for (ILoggingEvent e : events) {
                assertNull(e.getThrowableProxy(), () -> "stack trace logged: " + e.getLoggerName() + " " + e.getFormattedMessage());
            }
            List<String> errorLines = events.stream().map(ILoggingEvent::getFormattedMessage).filter(m -> m.contains("0A000")).toList();
            assertEquals(N, errorLines.size(), () -> "one line per error: " + errorLines);
            for (String line : errorLines) {
                assertTrue(line.indexOf('\n') < 0 && line.length() < 400, line);
            }
        }
    }

    private static DecodedPayload query(FrontierTestServer server, String sql) throws Exception {
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", server.port(), RawHttp.get(
                "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode(sql), "HTTP/1.0",
                "X-Frontier-Id: error-test"));
        return ResponseParser.parse(r.bodyText()).payloads().get(0);
    }
}
