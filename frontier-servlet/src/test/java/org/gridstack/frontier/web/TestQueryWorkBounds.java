package org.gridstack.frontier.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.FrontierTestServer;
import org.gridstack.frontier.testing.RawHttp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What one query may cost the database host: its temporary files are bounded
 * ({@code frontier.demo-temp-file-limit}, PostgreSQL's {@code temp_file_limit} for the read-only
 * role), and a client that hangs up does not leave its statement running until the timeout.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestQueryWorkBounds {
    private FrontierTestServer server;

    @BeforeAll
    void start() {
        server = FrontierTestServer.start(Paths.get(System.getProperty("frontier.demo.schema", "demo/demo-schema.sql")),
                "--frontier.demo-temp-file-limit=2MB", "--frontier.max-db-execute-seconds=300", "--frontier.keepalive-seconds=1");
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static byte[] request(String sql) {
        return RawHttp.get("/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode(sql),
                "HTTP/1.0", "X-Frontier-Id: work-bounds 1.0");
    }

    @Test
    void aQueryNeedingMoreTemporaryFilesThanTheLimitFails() throws Exception {
        // generate_series materialises its rows: ~35 MB of temporary files unbounded (the disk-filling query, smaller)
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", server.port(),
                request("select count(*) from generate_series(1, 1000000)"));
        DecodedPayload p = ResponseParser.parse(r.bodyText()).payloads().get(0);
        assertEquals(1, p.error(), "refused: " + p.message());
        assertTrue(p.message().contains("temp_file_limit"), p.message());
        // within the limit it runs
        DecodedPayload small = ResponseParser.parse(RawHttp.exchange("127.0.0.1", server.port(),
                request("select count(*) from generate_series(1, 1000)")).bodyText()).payloads().get(0);
        assertEquals(0, small.error(), small.message());
    }

    @Test
    void aClientThatHangsUpHasItsStatementCancelled() throws Exception {
        try (Connection watcher = server.database().adminConnection()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", server.port()));
                s.getOutputStream().write(request("select pg_sleep(200) as hung_up"));
                s.getOutputStream().flush();
                // at most 100 s, far below the statement's 200 s
                await("statements running").atMost(Duration.ofSeconds(100)).pollInterval(Duration.ofMillis(100))
                        .until(() -> hungUpStatements(watcher) == 1);
            }
            // the client is gone; the statement must end long before its 200 s (or the 300 s timeout)
            await("statements running").atMost(Duration.ofSeconds(100)).pollInterval(Duration.ofMillis(100))
                    .until(() -> hungUpStatements(watcher) == 0);
        }
    }

    /** How many of the hung-up client's statements PostgreSQL shows running. */
    private static int hungUpStatements(Connection watcher) throws Exception {
        try (Statement st = watcher.createStatement();
             ResultSet rs = st.executeQuery("select count(*) from pg_stat_activity where query like '%pg_sleep(200) as hung_up%'"
                     + " and state = 'active' and pid <> pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
