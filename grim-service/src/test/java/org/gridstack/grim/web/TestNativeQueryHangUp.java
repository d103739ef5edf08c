package org.gridstack.grim.web;

import static org.awaitility.Awaitility.await;
import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertStartsWith;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

import org.gridstack.grim.backends.GrimStore;
import org.gridstack.grim.store.postgres.PostgresBackend;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

/**
 * A native SQL query whose client hangs up is cancelled in PostgreSQL soon after, long before its
 * own time limit (before, it ran on to the statement timeout: a client could leave sorts and
 * scans working for nobody). Real sockets, real PostgreSQL; the query is watched in
 * {@code pg_stat_activity} through the service's own (superuser) pool.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"grim.scale=0.01", "grim.backends=postgres", "grim.native-queries.timeout=300s"})
@DirtiesContext
class TestNativeQueryHangUp {
    private static final String SLEEP = "select pg_sleep(137.25) as slept";

    @LocalServerPort
    int port;

    @Autowired
    GrimStore store;

    @Test
    void theStatementOfAClientThatHungUpIsCancelled() throws Exception {
        try (Socket client = new Socket("127.0.0.1", port)) {
            byte[] body = SLEEP.getBytes(StandardCharsets.UTF_8);
            OutputStream out = client.getOutputStream();
            out.write(("POST /api/v1/native?backend=postgres HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
                    + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            await("the query runs").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() -> running() == 1);
        }
        // the client is gone; its statement must not run on for minutes
        await("the statement is cancelled").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> running() == 0);
    }

    @Test
    void aClientThatWaitsGetsItsAnswer() throws Exception {
        try (Socket client = new Socket("127.0.0.1", port)) {
            byte[] body = "select 41 + 1 as n, pg_sleep(2.5) as waited".getBytes(StandardCharsets.UTF_8);
            OutputStream out = client.getOutputStream();
            out.write(("POST /api/v1/native?backend=postgres HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nConnection: close\r\n"
                    + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            String answer = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertStartsWith("HTTP/1.1 200", answer);
            assertContains("42", answer);
        }
    }

    /** Statements running the sleep, seen by the superuser (who sees every session's SQL). */
    private int running() throws SQLException {
        PostgresBackend pg = (PostgresBackend) store.backend("postgres");
        try (Connection c = pg.dataSource().getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select count(*) from pg_stat_activity where state = 'active' and pid <> pg_backend_pid()"
                        + " and query like '%pg_sleep(137.25)%'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
