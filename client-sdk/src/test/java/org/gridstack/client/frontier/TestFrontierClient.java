package org.gridstack.client.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.atomic.AtomicReference;
import org.gridstack.frontier.protocol.Ttl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against answers captured from the production servlet, served over real HTTP. */
class TestFrontierClient {
    private HttpServer server;
    private final AtomicReference<byte[]> body = new AtomicReference<>();
    private final AtomicReference<String> lastTarget = new AtomicReference<>();
    private final AtomicReference<String> lastId = new AtomicReference<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            lastTarget.set(exchange.getRequestURI().getRawPath());
            lastId.set(exchange.getRequestHeaders().getFirst("X-Frontier-Id"));
            byte[] b = body.get();
            exchange.getResponseHeaders().add("Content-Type", "text/xml;charset=US-ASCII");
            exchange.sendResponseHeaders(200, b.length);
            exchange.getResponseBody().write(b);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private static Path vectors() {
        String dir = System.getProperty("gridstack.shared.dir", System.getenv().getOrDefault("GRIDSTACK_SHARED_DIR", "../../shared"));
        return Paths.get(dir, "vectors", "frontier");
    }

    /** The body of a captured raw response (headers stripped; these captures use Content-Length). */
    private static byte[] capturedBody(String name) throws IOException {
        byte[] raw = Files.readAllBytes(vectors().resolve(name + ".response"));
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int start = text.indexOf("\r\n\r\n") + 4;
        try (InputStream in = new ByteArrayInputStream(raw, start, raw.length - start)) {
            return in.readAllBytes();
        }
    }

    private FrontierClient client(int zip) {
        return new FrontierClient(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/Frontier"), zip);
    }

    @Test
    void sendsWhatTheCClientSendsAndDecodesTheAnswer() throws Exception {
        body.set(capturedBody("03-types-zip5"));
        FrontierClient.Result r = client(5).query("select * from T_TYPES order by id\n");
        String captured = Files.readString(vectors().resolve("03-types-zip5.url")).trim();
        assertEquals(captured, lastTarget.get(), "same URL as the C client");
        assertTrue(lastId.get().startsWith("gridstack-java"));
        assertEquals(20, r.rows().size());
        assertEquals("id", r.columnNames().get(0));
        assertEquals("int8", r.typeNames().get(2));
        assertEquals("O'Reilly", r.rows().get(2).get(5));
        assertNull(r.rows().get(19).get(0));
        assertEquals(2525, r.fullSize());
    }

    @Test
    void errorsNameTheServerAndTheCause() throws Exception {
        body.set(capturedBody("09-no-such-table"));
        FrontierException e = assertThrows(FrontierException.class, () -> client(5).query("select * from T_NOSUCH"));
        assertTrue(e.getMessage().contains("127.0.0.1") && e.getMessage().contains("t_nosuch"), e.getMessage());
        body.set(capturedBody("17-missing-frontier-id"));
        e = assertThrows(FrontierException.class, () -> client(5).query("select 1"));
        assertTrue(e.getMessage().contains("X-frontier-id header missing"), e.getMessage());
    }

    @Test
    void corruptAnswersAreRejectedNotReturned() throws Exception {
        String good = new String(capturedBody("03-types-zip5"), StandardCharsets.ISO_8859_1);
        body.set(good.replace("md5=\"", "md5=\"0").replaceFirst("md5=\"0(.{31}).", "md5=\"0$1").getBytes(StandardCharsets.ISO_8859_1));
        FrontierException e = assertThrows(FrontierException.class, () -> client(5).query("select * from T_TYPES order by id"));
        assertTrue(e.getMessage().contains("md5"), e.getMessage());
        body.set(good.substring(0, good.length() / 2).getBytes(StandardCharsets.ISO_8859_1));
        assertThrows(FrontierException.class, () -> client(5).query("select * from T_TYPES order by id"));
    }

    @Test
    void urlsCarryTheTtlAndZipLevel() {
        FrontierClient c = client(0);
        assertTrue(c.url("select 1", Ttl.SHORT).toString().contains("&encoding=BLOB&p1="));
        assertTrue(c.url("select 1", Ttl.SHORT).toString().endsWith("&ttl=short"));
        assertThrows(IllegalArgumentException.class, () -> client(10));
    }
}
