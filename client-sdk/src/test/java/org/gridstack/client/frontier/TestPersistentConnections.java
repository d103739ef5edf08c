package org.gridstack.client.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/**
 * Keep-alive: answers framed by Content-Length or chunked leave the connection reusable; a
 * connection the peer dropped while idle is replaced without costing an attempt; "Connection:
 * close", broken answers and {@code persistentconnections=no} are never reused.
 */
class TestPersistentConnections {
    private static final String SQL = "select * from T_TYPES order by id";

    private static byte[] good() throws Exception {
        return FrontierGoldenVectors.body("03-types-zip5");
    }

    private static FrontierClient client(String url, boolean persistent) {
        return new FrontierClient(FrontierClientConfig.builder().server(url + "/Frontier").persistentConnections(persistent).build());
    }

    @Test
    void answersWithContentLengthShareOneConnection() throws Exception {
        byte[] body = good();
        try (RawHttpServer server = new RawHttpServer(n -> RawHttpServer.Reply.withLength(body, ""));
             FrontierClient client = client(server.url(), true)) {
            for (int i = 0; i < 3; i++) {
                assertEquals(20, client.query(SQL).rowCount());
            }
            assertEquals(1, server.connections());
            assertEquals(3, server.requests().size());
            assertTrue(server.requests().get(0).contains("Connection: keep-alive\r\n"), server.requests().get(0));
            assertEquals(1, client.idleConnections());
            client.close();
            assertEquals(0, client.idleConnections());
        }
    }

    @Test
    void chunkedAnswersShareOneConnection() throws Exception {
        byte[] body = good();
        try (RawHttpServer server = new RawHttpServer(n -> RawHttpServer.Reply.chunked(body, 100));
             FrontierClient client = client(server.url(), true)) {
            for (int i = 0; i < 3; i++) {
                assertEquals(20, client.query(SQL).rowCount());
            }
            assertEquals(1, server.connections());
        }
    }

    @Test
    void aConnectionThePeerDroppedIsReplacedWithoutANewAttempt() throws Exception {
        byte[] body = good();
        // the server closes after every answer without saying so, like a proxy whose idle timeout passed
        try (RawHttpServer server = new RawHttpServer(n -> RawHttpServer.Reply.withLength(body, "").thenClose());
             FrontierClient client = client(server.url(), true)) {
            assertEquals(20, client.query(SQL).rowCount());
            Thread.sleep(100); // let the close arrive
            FrontierResult second = client.query(SQL);
            assertEquals(20, second.rowCount());
            assertEquals(1, second.origin().attempts(), "the dropped connection is not an attempt");
            assertEquals(2, server.connections());
            assertEquals(2, server.requests().size());
        }
    }

    @Test
    void connectionCloseIsHonoured() throws Exception {
        byte[] body = good();
        try (RawHttpServer server = new RawHttpServer(n -> RawHttpServer.Reply.withLength(body, "Connection: close\r\n").thenClose());
             FrontierClient client = client(server.url(), true)) {
            client.query(SQL);
            client.query(SQL);
            assertEquals(2, server.connections());
            assertEquals(0, client.idleConnections());
        }
    }

    @Test
    void aBrokenAnswerClosesItsConnection() throws Exception {
        String text = FrontierGoldenVectors.bodyText("03-types-zip5");
        int data = text.indexOf("<data>") + 20;
        byte[] broken = (text.substring(0, data) + "*" + text.substring(data + 1)).getBytes(StandardCharsets.ISO_8859_1);
        byte[] body = good();
        try (RawHttpServer server = new RawHttpServer(n -> RawHttpServer.Reply.withLength(n == 0 ? broken : body, ""));
             FrontierClient client = client(server.url(), true)) {
            FrontierResult r = client.query(SQL);
            assertEquals(20, r.rowCount());
            assertEquals(2, r.origin().attempts(), "the broken answer, then a soft refresh");
            assertEquals(2, server.connections(), "the connection of the broken answer was not reused");
            assertTrue(server.requests().get(1).contains("Cache-Control: max-stale=1,max-age=0"), server.requests().get(1));
        }
    }

    @Test
    void withoutPersistentConnectionsEveryRequestSaysCloseAndHasItsOwnConnection() throws Exception {
        byte[] body = good();
        try (RawHttpServer server = new RawHttpServer(n -> RawHttpServer.Reply.withLength(body, ""));
             FrontierClient client = client(server.url(), false)) {
            client.query(SQL);
            client.query(SQL);
            assertEquals(2, server.connections());
            assertTrue(server.requests().get(0).contains("Connection: close\r\n"), server.requests().get(0));
            assertEquals(0, client.idleConnections());
        }
    }

    @Test
    void theConfigurationStringSwitchesPersistentConnections() {
        assertTrue(FrontierClientConfig.parse("(serverurl=http://h:8000/Frontier)").persistentConnections());
        assertFalse(FrontierClientConfig.parse("(serverurl=http://h:8000/Frontier)(persistentconnections=no)").persistentConnections());
    }
}
