package org.gridstack.client.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client inflates zipped answers with libdeflate by default (Debian's libdeflate0 must be
 * installed) and with java.util.zip when told not to; both read the production servlet's captured
 * zipped answers, over real HTTP, to the same rows.
 */
class TestLibdeflateInflate {
    private final AtomicReference<byte[]> body = new AtomicReference<>();
    private ScriptedHttpServer server;

    @BeforeEach
    void start() throws Exception {
        server = new ScriptedHttpServer(exchange -> ScriptedHttpServer.answer(200, body.get()).answer(exchange));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private FrontierClient client(int zip, boolean libdeflate) {
        return new FrontierClient(FrontierClientConfig.builder().server(URI.create(server.url() + "/Frontier")).zipLevel(zip)
                .libdeflateInflate(libdeflate).build());
    }

    private static List<String> cells(FrontierResult r) {
        List<String> all = new ArrayList<>();
        for (int row = 0; row < r.rowCount(); row++) {
            for (int col = 0; col < r.columnNames().size(); col++) {
                all.add(r.getString(row, col));
            }
        }
        return all;
    }

    @Test
    void libdeflateByDefaultAndJavaUtilZipWhenToldReadTheSameRows() throws Exception {
        try (FrontierClient fast = new FrontierClient(URI.create(server.url() + "/Frontier"), 5);
             FrontierClient plain = client(5, false)) {
            assertTrue(fast.inflater().startsWith("libdeflate ("), fast.inflater());
            assertTrue(fast.inflater().contains("libdeflate.so.0"), fast.inflater());
            assertEquals("java.util.zip (libdeflateinflate=no)", plain.inflater());
            String[][] vectors = {
                {"02-types-zip1", "select * from T_TYPES order by id"},
                {"03-types-zip5", "select * from T_TYPES order by id\n"},
                {"04-types-zip9", "select * from T_TYPES order by id"},
                {"06-string-subset-zip5", null},
            };
            for (String[] v : vectors) {
                body.set(FrontierGoldenVectors.body(v[0]));
                String sql = v[1] != null ? v[1] : "select string from T_STRING";
                FrontierResult a = fast.query(sql);
                FrontierResult b = plain.query(sql);
                assertTrue(a.rowCount() > 0, v[0]);
                assertEquals(b.rowCount(), a.rowCount(), v[0]);
                assertEquals(b.fullSize(), a.fullSize(), v[0]);
                assertEquals(cells(b), cells(a), v[0]);
            }
        }
    }

    @Test
    void theConfigStringCanTurnItOff() {
        assertEquals(false, FrontierClientConfig.parse("(serverurl=http://h:8000/Frontier)(libdeflateinflate=no)").libdeflateInflate());
        assertEquals(true, FrontierClientConfig.parse("(serverurl=http://h:8000/Frontier)").libdeflateInflate());
        assertEquals(false, FrontierClientConfig.parse("(serverurl=http://h:8000/Frontier)(libdeflateinflate=no)").toBuilder().build()
                .libdeflateInflate());
    }
}
