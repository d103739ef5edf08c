package org.gridstack.client.frontier.cli;

import static org.gridstack.client.frontier.ScriptedHttpServer.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.gridstack.client.frontier.ScriptedHttpServer;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

class TestFrontierQueryCli {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Map<String, String> env, String... args) {
        return FrontierQuery.run(args, env, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void printsRowsAndWhereTheAnswerCameFrom() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("03-types-zip5"), Map.of("X-Cache", "HIT from tier1")))) {
            int code = run(Map.of(), "--server", server.url() + "/Frontier", "--refresh", "soft", "--ttl", "short", "--zip", "5",
                    "select * from T_TYPES order by id");
            assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
            String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
            assertEquals("id\ti4\ti8\tf4\tf8\ts\tts\tb", lines[0]);
            assertEquals(21, lines.length);
            assertTrue(lines[2].startsWith("2\t1\t1\t1.5\t1.5\thello\t2024-01-02 03:04:05\t"), lines[2]);
            assertTrue(lines[20].startsWith("\\N\t"), lines[20]);
            String e = err.toString(StandardCharsets.UTF_8);
            assertTrue(e.contains("20 rows") && e.contains("HIT from tier1") && e.contains(server.url()), e);
            assertEquals("max-stale=1,max-age=0", server.cacheControls().get(0));
            assertTrue(server.received().get(0).target().endsWith("&ttl=short"));
        }
    }

    @Test
    void environmentConfiguresTheServer() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("03-types-zip5")))) {
            assertEquals(0, run(Map.of("FRONTIER_SERVER", "(serverurl=" + server.url() + "/Frontier)"), "select * from T_TYPES order by id"));
        }
    }

    @Test
    void errorsExitNonZeroWithTheMessage() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("09-no-such-table")))) {
            assertEquals(1, run(Map.of(), "--server", server.url() + "/Frontier", "select * from T_NOSUCH"));
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("t_nosuch"));
        }
        assertEquals(2, run(Map.of(), "--server", "http://a/F"));
        assertEquals(2, run(Map.of(), "--zip", "11", "--server", "http://a/F", "select 1"));
        assertEquals(2, run(Map.of(), "select 1"), "no server anywhere");
    }
}
