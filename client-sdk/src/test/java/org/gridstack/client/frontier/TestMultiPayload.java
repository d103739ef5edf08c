package org.gridstack.client.frontier;

import static org.gridstack.client.frontier.ScriptedHttpServer.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.gridstack.frontier.protocol.Ttl;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/** Several queries in one request: the C client's URL byte for byte, and one result per payload. */
class TestMultiPayload {
    private static final List<String> SQLS = List.of("select id, s from T_TYPES where id < 3 order by id", "select count(*) from T_EMPTY",
            "select string from T_STRING where string ~ '^AA' order by string");

    @Test
    void threeQueriesGoInOneUrlAndComeBackInOrder() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("18-multi-payload")));
             FrontierClient client = new FrontierClient(FrontierClientConfig.parse("(serverurl=" + server.url() + "/Frontier)(retrieve-ziplevel=5)"))) {
            assertEquals(server.url() + FrontierGoldenVectors.url("18-multi-payload"), client.url(client.config().servers().get(0), SQLS, Ttl.LONG).toString(),
                    "the URL the C client sent for the same three queries");
            List<FrontierResult> results = client.queryAll(SQLS, QueryOptions.DEFAULT);
            assertEquals(3, results.size());
            assertEquals(List.of("id", "s"), results.get(0).columnNames());
            assertEquals(2, results.get(0).rowCount());
            assertEquals("hello", results.get(0).getString(1, 1));
            assertEquals(0L, results.get(1).getLong(0, 0));
            assertEquals(3, results.get(2).rowCount());
            assertEquals(1, server.received().size());
        }
    }

    @Test
    void fewerPayloadsThanQueriesIsABadAnswer() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("03-types-zip5")));
             FrontierClient client = new FrontierClient(FrontierClientConfig.parse("(serverurl=" + server.url() + "/Frontier)"))) {
            FrontierException e = assertThrows(FrontierException.class, () -> client.queryAll(SQLS, QueryOptions.DEFAULT));
            assertTrue(e.getMessage().contains("1 payloads to 3 queries"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> client.queryAll(List.of(), QueryOptions.DEFAULT));
        }
    }
}
