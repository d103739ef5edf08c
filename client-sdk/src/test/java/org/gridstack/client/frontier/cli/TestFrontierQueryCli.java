package org.gridstack.client.frontier.cli;

import static org.gridstack.client.frontier.ScriptedHttpServer.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.gridstack.client.frontier.InProcessServlet;
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

    /** A proxy that fails is named on stderr, not only hidden in "(direct)" and the attempt count. */
    @Test
    void aProxyThatFailedIsReported() throws Exception {
        int deadPort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort();
        }
        String proxy = "http://127.0.0.1:" + deadPort;
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("03-types-zip5")))) {
            int code = run(Map.of(), "--server", server.url() + "/Frontier", "--proxy", proxy, "select * from T_TYPES order by id");
            assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        }
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("WARNING: no proxy answered (" + proxy + ")"), e);
    }

    @Test
    void aProxyThatAnsweredIsNoWarning() throws Exception {
        try (ScriptedHttpServer proxy = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("03-types-zip5")))) {
            int code = run(Map.of(), "--server", "http://frontier.invalid:8000/Frontier", "--proxy", proxy.url(),
                    "select * from T_TYPES order by id");
            assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        }
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("via proxy") && !e.contains("WARNING"), e);
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

    /**
     * Against this project's servlet (which sends bytea as raw bytes) on the golden schema: bytea
     * is printed as psql prints it, control characters in text are escaped C-style, printable
     * Unicode is kept, and nothing but tab and newline below 0x20 reaches the terminal.
     */
    @Test
    void byteaIsHexAndControlCharactersAreEscapedAsATerminalCanShowThem() throws Exception {
        try (InProcessServlet servlet = InProcessServlet.start()) {
            int code = run(Map.of(), "--server", servlet.serverUrl(), "select id, s, b from T_TYPES order by id");
            assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        String[] lines = printed.split("\n", -1);
        assertEquals(1 + 20 + 1, lines.length, "header, 20 rows, and the empty end after the last newline: " + printed);
        assertEquals("id\ts\tb", lines[0]);
        assertEquals("1\t\t\\x", lines[1], "empty text, no bytes");
        assertEquals("2\thello\t\\x68656c6c6f", lines[2]);
        assertEquals("3\tO'Reilly\t\\x00", lines[3]);
        assertEquals("7\tcaf\u00e9 na\u00efve \u00dcn\u00efc\u00f6d\u00e9\t\\xc3a9", lines[7], "printable Unicode as is");
        assertEquals("8\t\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8\t\\xe697a5", lines[8]);
        assertEquals("9\temoji \ud83d\ude00 and \u20ac sign\t\\xf09f9880", lines[9]);
        assertEquals("10\ttab\\there\\nnewline\\r\\ncrlf\t\\x0a0d09", lines[10]);
        assertEquals("11\tback\\\\slash and \\\\\\\\ double\t\\x5c", lines[11], "backslashes doubled");
        assertEquals("13\t" + "0123456789".repeat(10) + "\t\\x" + "ab".repeat(200), lines[13]);
        assertEquals("14\tbell\\x07inside and ctrl \\x01\\x02\\x03\t\\x07", lines[14]);
        assertEquals("19\tts and b are null\t\\N", lines[19]);
        assertEquals("\\N\t\\N\t\\N", lines[20]);
        assertEquals("", lines[21]);
        for (char c : printed.toCharArray()) {
            assertFalse(c < 0x20 && c != '\t' && c != '\n' || c >= 0x7f && c <= 0x9f, "control character 0x" + Integer.toHexString(c) + " printed");
        }
    }

    /** The production servlet sends bytea as PostgreSQL's hex text: printed the same, not hex of the hex. */
    @Test
    void byteaFromTheProductionServletPrintsTheSame() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body("03-types-zip5")))) {
            assertEquals(0, run(Map.of(), "--server", server.url() + "/Frontier", "select * from T_TYPES order by id"));
        }
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertTrue(lines[2].endsWith("\thello\t2024-01-02 03:04:05\t\\x68656c6c6f"), lines[2]);
        assertTrue(lines[13].endsWith("\t\\x" + "ab".repeat(200)), lines[13]);
        assertTrue(lines[14].contains("\tbell\\x07inside and ctrl \\x01\\x02\\x03\t"), lines[14]);
    }

    @Test
    void terminalTextEscapesWhatWouldMoveTheCursorOrReorderTheLine() {
        assertEquals("red \\\\x1b[31m", TerminalText.text("red \\x1b[31m"), "a literal backslash-x stays distinguishable");
        assertEquals("red \\x1b[31mX", TerminalText.text("red \u001b[31mX"));
        assertEquals("del \\x7f csi \\x9b nul \\x00", TerminalText.text("del \u007f csi \u009b nul \u0000"));
        assertEquals("abc\\u202edcba \\u2066x\\u2069 ls\\u2028", TerminalText.text("abc\u202edcba \u2066x\u2069 ls\u2028"));
        assertEquals("lone \\ud800 \\udc00", TerminalText.text("lone \ud800 \udc00"));
        String printable = "caf\u00e9 \u65e5\u672c \ud83d\ude00 \u20ac \u00a0";
        assertEquals(printable, TerminalText.text(printable), "printable Unicode is kept");
        assertEquals("\\x", TerminalText.bytes(new byte[0]));
        assertEquals("\\x00ff7f", TerminalText.bytes(new byte[] {0, (byte) 0xff, 0x7f}));
    }
}
