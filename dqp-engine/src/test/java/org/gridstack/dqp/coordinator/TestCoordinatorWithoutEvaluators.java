package org.gridstack.dqp.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.dqp.demo.DemoStack;
import org.gridstack.dqp.entropy.EntropyAnalyser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Without evaluators the coordinator runs every operator itself (TABLE_SCANs pull from the data
 * services, OPERATION_CALL partitions are its own threads); the answers are still PostgreSQL's.
 */
class TestCoordinatorWithoutEvaluators {
    private static StackWithOracle world;
    private static DemoStack stack;
    private static Connection oracleConnection;
    private static DqpAnswers dqp;

    @BeforeAll
    static void start() throws Exception {
        world = StackWithOracle.start(0);
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

    @Test
    void joinAndAggregateAnswerAsPostgres() throws Exception {
        for (String sql : List.of(
                "select i.ORF2 from protein_goterm as p, protein_interaction as i where p.ORF=i.ORF",
                "select g.namespace, count(*), sum(i.repeats) from protein_goterm pg join goterms g on g.id = pg.gotermidentifier"
                        + " join protein_interaction i on i.orf = pg.orf group by g.namespace")) {
            assertEquals(DqpAnswers.sorted(DqpAnswers.postgres(oracleConnection, sql)),
                    DqpAnswers.sorted(DqpAnswers.rows(dqp.query(sql, 100, "webrowset"))), sql);
        }
    }

    @Test
    void entropyRunsOnCoordinatorThreads() throws Exception {
        String sql = "select p.orf, calculateEntropy(p.sequence) from protein_sequences p where p.orf like 'YCL00%'";
        List<List<String>> expected = new ArrayList<>();
        for (List<String> row : DqpAnswers.postgres(oracleConnection, "select orf, sequence from protein_sequences where orf like 'YCL00%'")) {
            expected.add(List.of(row.get(0), DqpAnswers.canonical(new java.math.BigDecimal(EntropyAnalyser.entropy(row.get(1))))));
        }
        assertEquals(DqpAnswers.sorted(expected), DqpAnswers.sorted(DqpAnswers.rows(dqp.query(sql, 3, "binary"))));
        HttpResponse<String> plan = HttpClient.newHttpClient().send(HttpRequest.newBuilder(stack.coordinator().baseUri()
                .resolve("/api/v1/plan?sql=" + URLEncoder.encode(sql, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        String operators = DqpAnswers.JSON.readTree(plan.body()).get("operators").asText();
        assertTrue(operators.contains("OPERATION_CALL(calculateEntropy, 2 callers over 2 copies") && operators.contains("TABLE_SCAN(")
                && !operators.contains("EXCHANGE"), operators);
    }
}
