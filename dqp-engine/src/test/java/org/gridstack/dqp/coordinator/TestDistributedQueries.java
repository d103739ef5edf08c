package org.gridstack.dqp.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.gridstack.dqp.demo.DemoStack;
import org.gridstack.dqp.entropy.EntropyAnalyser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The demo stack (two PostgreSQL hosts, two data services, two EntropyAnalyser copies, the
 * coordinator; real HTTP between them) answers the seed's queries and more exactly as PostgreSQL
 * answers them with all four tables loaded into one database (the oracle).
 */
class TestDistributedQueries {
    private static StackWithOracle world;
    private static DemoStack stack;
    private static Connection oracleConnection;
    private static DqpAnswers dqp;

    @BeforeAll
    static void start() throws Exception {
        world = StackWithOracle.start(2);
        stack = world.stack();
        oracleConnection = world.oracleConnection();
        dqp = world.dqp();
    }

    @AfterAll
    static void stop() throws Exception {
        if (world != null) {
            world.close();
        }
    }

    @AfterEach
    void nothingLeftRunning() throws InterruptedException {
        for (int i = 0; i < 100 && (leftovers() > 0 || stack.dataServices().stream().anyMatch(s -> s.sessions().size() > 0)); i++) {
            Thread.sleep(100);
        }
        assertEquals(0, leftovers(), "engine threads still running: " + engineThreads());
        stack.dataServices().forEach(s -> assertEquals(0, s.sessions().size(), "open data service sessions"));
        stack.evaluators().forEach(e -> assertEquals(0, e.runningFragments(), "fragments running on " + e.name()));
    }

    static long leftovers() {
        return engineThreads().size();
    }

    static List<String> engineThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("dqp-table-scan") || n.startsWith("dqp-operation-call") || n.startsWith("dqp-fragment"))
                .toList();
    }

    private static void assertSameAnswer(String sql, boolean ordered, int blockSize, String codec) throws Exception {
        List<List<String>> expected = DqpAnswers.postgres(oracleConnection, sql);
        List<List<String>> actual = DqpAnswers.rows(dqp.query(sql, blockSize, codec));
        if (!ordered) {
            expected = DqpAnswers.sorted(expected);
            actual = DqpAnswers.sorted(actual);
        }
        assertEquals(expected.size(), actual.size(), "row count of " + sql);
        assertEquals(expected, actual, sql);
    }

    @ParameterizedTest(name = "{0} block {1}")
    @CsvSource({"binary, 100", "webrowset, 100", "binary, 1000", "webrowset, 50"})
    void seedScansAndJoin(String codec, int blockSize) throws Exception {
        assertSameAnswer("select * from protein_goterm", false, blockSize, codec);
        assertSameAnswer("select * from protein_interaction", false, blockSize, codec);
        assertSameAnswer("select i.ORF2 from protein_goterm as p, protein_interaction as i where p.ORF=i.ORF", false, blockSize, codec);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // filters of every column type, pushed down or not
        "select orf, length, molecularweight, ismembrane, description from protein_sequences"
            + " where length between 300 and 400 and ismembrane and description is null",
        "select orf, length * 2 + 1 as l2, molecularweight / length as w from protein_sequences"
            + " where orf in ('YCL001W', 'YCL002C', 'YCL003W', 'YCL003C', 'nope')",
        "select id, name, definition from goterms where definition is null or name like 'DNA%'",
        "select id, isobsolete from goterms where not isobsolete and id like 'GO:19%'",
        // aggregates
        "select namespace, count(*), sum(case when isobsolete then 1 else 0 end), min(id), max(id) from goterms group by namespace",
        "select count(*), sum(repeats), min(experimenter), max(repeats) from protein_interaction where repeats > 100",
        "select avg(molecularweight), max(length), count(description) from protein_sequences where orf like 'AT%'",
        "select experimenter, count(*) from protein_interaction group by experimenter",
        // joins across the two databases, with aggregates
        "select g.namespace, count(*) as n, sum(i.repeats) from protein_goterm pg join goterms g on g.id = pg.gotermidentifier"
            + " join protein_interaction i on i.orf = pg.orf group by g.namespace",
        "select g.id, pg.orf from goterms g left join protein_goterm pg on pg.gotermidentifier = g.id and pg.orf like 'YCL0%'",
        "select p.orf, i.orf2, s.length from protein_interaction i join protein_sequences s on s.orf = i.orf2"
            + " join protein_goterm p on p.orf = i.orf1 where s.length > 900",
        // empty results
        "select * from goterms where id = 'GO:none'",
        "select p.orf from protein_goterm p join protein_sequences s on s.orf = p.orf where s.length < 0",
        "select 1 + 2 as three, 'x' as letter"})
    void answersAsPostgresDoes(String sql) throws Exception {
        assertSameAnswer(sql, false, 100, "binary");
    }

    @Test
    void orderByAndLimitKeepOrder() throws Exception {
        assertSameAnswer("select orf, length from protein_sequences order by length desc, orf limit 25", true, 100, "binary");
        assertSameAnswer("select id from goterms order by id limit 10 offset 5", true, 50, "webrowset");
    }

    @Test
    void seedEntropyQueryCallsTheServicePerTuple() throws Exception {
        String sql = "select p.ORF, go.id, calculateEntropy(p.sequence) from protein_sequences p, goterms go, protein_goterm pg"
                + " where go.id = pg.GOTermIdentifier and p.ORF = pg.ORF and pg.ORF like 'YCL0%' and go.id like 'GO:0%'";
        List<List<String>> expected = new ArrayList<>();
        for (List<String> row : DqpAnswers.postgres(oracleConnection, "select p.orf, go.id, p.sequence from protein_sequences p,"
                + " goterms go, protein_goterm pg where go.id = pg.gotermidentifier and p.orf = pg.orf and pg.orf like 'YCL0%'"
                + " and go.id like 'GO:0%'")) {
            expected.add(List.of(row.get(0), row.get(1),
                    DqpAnswers.canonical(new java.math.BigDecimal(EntropyAnalyser.entropy(row.get(2))))));
        }
        long before = stack.entropyHttp().stream().mapToLong(s -> s.context().getBean(EntropyAnalyser.class).calls()).sum();
        JsonNode answer = dqp.query(sql, 100, "binary");
        assertEquals(DqpAnswers.sorted(expected), DqpAnswers.sorted(DqpAnswers.rows(answer)));
        long calls = stack.entropyHttp().stream().mapToLong(s -> s.context().getBean(EntropyAnalyser.class).calls()).sum() - before;
        assertEquals(expected.size(), calls, "one call per tuple");
        stack.entropyHttp().forEach(s -> assertTrue(s.context().getBean(EntropyAnalyser.class).calls() > 0,
                "both copies were called (partitioned)"));
        assertEquals(expected.size(), answer.get("profile").get("operationCalls").asLong());
        assertTrue(expected.size() > 50, "the query does work: " + expected.size() + " calls");
        String operators = plan(sql);
        assertTrue(operators.contains("OPERATION_CALL(calculateEntropy, partitioned over 2 evaluators"),
                "one partition per evaluator, as in the seed: " + operators);
    }

    private static String plan(String sql) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(stack.coordinator().baseUri()
                .resolve("/api/v1/plan?sql=" + URLEncoder.encode(sql, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return DqpAnswers.JSON.readTree(r.body()).get("operators").asText();
    }

    @Test
    void answerCarriesColumnsAndProfile() throws Exception {
        JsonNode answer = dqp.query("select * from protein_goterm", 100, "binary");
        assertEquals("orf", answer.get("columns").get(0).get("name").asText());
        assertEquals("VARCHAR", answer.get("columns").get(0).get("type").asText());
        JsonNode profile = answer.get("profile");
        for (String key : List.of("dataServiceAccessMs", "unpackingMs", "blockTransferMs", "translationMs", "deliveryMs",
                "wallMs", "overlapped")) {
            assertTrue(profile.has(key), "profile has " + key + ": " + profile);
        }
        assertTrue(profile.get("blockTransferMs").asDouble() > 0, "blocks crossed an EXCHANGE: " + profile);
        assertEquals(16_803, profile.get("rowsFromDataServices").asLong());
        assertEquals(169, profile.get("blocksFromDataServices").asLong(), "16,803 rows in blocks of 100");
    }

    @Test
    void aByteBoundMakesSmallerExchangeBlocks() throws Exception {
        String sql = "select * from protein_goterm";
        JsonNode tuplesOnly = dqp.query(sql, 100, "binary");
        HttpResponse<String> r = dqp.post(Map.of("sql", sql, "blockSize", 100, "blockBytes", 600), "application/json");
        assertEquals(200, r.statusCode(), r.body());
        JsonNode bounded = DqpAnswers.JSON.readTree(r.body());
        assertEquals(DqpAnswers.sorted(DqpAnswers.rows(tuplesOnly)), DqpAnswers.sorted(DqpAnswers.rows(bounded)));
        long unboundedBlocks = tuplesOnly.get("profile").get("exchangeBlocks").asLong();
        long boundedBlocks = bounded.get("profile").get("exchangeBlocks").asLong();
        assertEquals(169, unboundedBlocks, "16,803 rows in blocks of 100");
        // about 25 B per row: 600 B closes a block at about 24 rows
        assertTrue(boundedBlocks > 3 * unboundedBlocks, boundedBlocks + " bounded blocks, " + unboundedBlocks + " without bound");
    }

    @Test
    void stepsAreMeteredForPrometheus() throws Exception {
        dqp.query("select * from goterms", 100, "binary");
        HttpClient http = HttpClient.newHttpClient();
        String coordinator = http.send(HttpRequest.newBuilder(stack.coordinator().baseUri().resolve("/actuator/prometheus")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(coordinator.contains("dqp_query_seconds_count{") && coordinator.contains("part=\"dataServiceAccess\""), coordinator);
        String dataService = http.send(HttpRequest.newBuilder(stack.dataServiceHttp().get(0).baseUri().resolve("/actuator/prometheus"))
                .build(), HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(dataService.contains("dqp_gds_request_seconds_count{") && dataService.contains("mode=\"stream\""), dataService);
    }

    @Test
    void csvOnRequest() throws Exception {
        HttpResponse<String> r = dqp.post(Map.of("sql", "select id, definition from goterms where id in ('GO:0000004', 'GO:1900020') order by id"),
                "text/csv");
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/csv"));
        List<List<String>> pg = DqpAnswers.postgres(oracleConnection,
                "select id, definition from goterms where id in ('GO:0000004', 'GO:1900020') order by id");
        String[] lines = r.body().split("\r\n");
        assertEquals("id,definition", lines[0]);
        assertEquals(pg.size() + 1, lines.length, r.body());
    }

    @Test
    void planShowsPushedDownScansAndJoin() throws Exception {
        String sql = "select i.orf2 from protein_goterm p, protein_interaction i where p.orf = i.orf and i.repeats = 3";
        String operators = plan(sql);
        assertTrue(operators.contains("HASH_JOIN"), operators);
        assertTrue(operators.contains("EXCHANGE(from evaluator"), "scans run on the evaluators: " + operators);
        assertTrue(operators.contains("TABLE_SCAN(protein_interaction") && operators.contains("repeats, op=EQ, value=3"), operators);
        assertTrue(operators.contains("columns [orf]"), "only the needed column of protein_goterm is fetched: " + operators);
    }

    @Test
    void syntaxErrorsHaveLineAndColumn() throws Exception {
        HttpResponse<String> r = dqp.post(Map.of("sql", "select orf\nfrom protein_goterm\nwher orf = 'x'"), "application/json");
        assertEquals(400, r.statusCode(), r.body());
        JsonNode body = DqpAnswers.JSON.readTree(r.body());
        assertEquals(3, body.get("line").asInt(), r.body());
        assertTrue(body.get("column").asInt() > 0, r.body());
        assertTrue(body.get("error").asText().contains("syntax error"), r.body());
    }

    @Test
    void unknownNamesListWhatExists() throws Exception {
        HttpResponse<String> table = dqp.post(Map.of("sql", "select * from proteins"), "application/json");
        assertEquals(400, table.statusCode(), table.body());
        assertTrue(table.body().contains("proteins") && table.body().contains("protein_goterm(orf, gotermidentifier)"), table.body());
        HttpResponse<String> column = dqp.post(Map.of("sql", "select seq from protein_sequences"), "application/json");
        assertEquals(400, column.statusCode(), column.body());
        assertTrue(column.body().contains("seq") && column.body().contains("protein_sequences(orf, sequence, length"), column.body());
    }

    @ParameterizedTest
    @ValueSource(strings = {"insert into goterms values ('GO:1', 'x', 'y', false, null)", "delete from goterms",
        "update goterms set name = 'x'", "drop table goterms"})
    void writesAreRefused(String sql) throws Exception {
        HttpResponse<String> r = dqp.post(Map.of("sql", sql), "application/json");
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("read-only") || r.body().contains("syntax error"), r.body());
    }

    @Test
    void unsupportedConstructsAreNamed() throws Exception {
        HttpResponse<String> r = dqp.post(Map.of("sql", "select orf from protein_sequences union select orf from protein_goterm"),
                "application/json");
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("Union"), r.body());
        HttpResponse<String> d = dqp.post(Map.of("sql", "select count(distinct orf) from protein_goterm"), "application/json");
        assertEquals(400, d.statusCode(), d.body());
        assertTrue(d.body().contains("DISTINCT"), d.body());
    }

    @Test
    void badRequestFieldsAreExplained() throws Exception {
        HttpResponse<String> codec = dqp.post(Map.of("sql", "select 1", "codec", "json"), "application/json");
        assertEquals(400, codec.statusCode());
        assertTrue(codec.body().contains("unknown codec"), codec.body());
        HttpResponse<String> block = dqp.post(Map.of("sql", "select 1", "blockSize", 0), "application/json");
        assertEquals(400, block.statusCode());
        assertTrue(block.body().contains("blockSize 0"), block.body());
        HttpResponse<String> missing = dqp.post(Map.of("blockSize", 10), "application/json");
        assertEquals(400, missing.statusCode());
        assertTrue(missing.body().contains("sql is missing"), missing.body());
        assertFalse(missing.body().contains("Exception"), missing.body());
    }
}
