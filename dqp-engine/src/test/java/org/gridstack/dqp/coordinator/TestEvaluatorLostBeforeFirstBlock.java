package org.gridstack.dqp.coordinator;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.gridstack.dqp.demo.DemoStack;
import org.gridstack.dqp.entropy.EntropySettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An evaluator that stops answering after its fragment was placed but before the fragment sent its
 * first block (so no EXCHANGE stream exists whose loss would tell) fails the query at once, naming
 * the evaluator, instead of at the query timeout. The fragment is held before its first block by a
 * lock on its table in the data host's PostgreSQL; the evaluator's HTTP server is then stopped.
 * A stack of its own: the test stops its only evaluator.
 */
class TestEvaluatorLostBeforeFirstBlock {
    private static DemoStack stack;

    @BeforeAll
    static void start() throws Exception {
        stack = DemoStack.start(0, 1, 0, new EntropySettings("e", EntropySettings.Mode.NONE, Duration.ZERO, 1), Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void evaluatorGoneBeforeItsFirstBlockFailsTheQueryNamingIt() throws Exception {
        String evaluator = stack.evaluatorHttp().get(0).baseUri().toString();
        DqpAnswers dqp = new DqpAnswers(stack.coordinator().baseUri());
        try (Connection lock = stack.databases().get(0).superuserConnection()) {
            lock.setAutoCommit(false);
            try (Statement s = lock.createStatement()) {
                s.execute("lock table goterms in access exclusive mode");
            }
            CompletableFuture<HttpResponse<String>> answer = CompletableFuture.supplyAsync(() -> {
                try {
                    return dqp.post(Map.of("sql", "select * from goterms"), "application/json");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // the scan fragment runs on the evaluator, waiting for the table's lock: no block sent yet
            await().atMost(Duration.ofSeconds(20)).until(() -> stack.evaluators().get(0).runningFragments() == 1);
            assertTrue(!answer.isDone(), "the query waits for its first block");
            stack.evaluatorHttp().get(0).close();
            HttpResponse<String> r = answer.get();
            assertEquals(502, r.statusCode(), r.body());
            // the status probe ("does not answer") or a call that was on its way when Tomcat stopped ("unreachable")
            // tells first, whichever the load lets win: both name the evaluator, neither is the timeout
            assertTrue(r.body().contains(evaluator) && (r.body().contains("does not answer") || r.body().contains("unreachable"))
                    && !r.body().contains("queryTimeout"), "names the evaluator, not the timeout: " + r.body());
            lock.rollback();
        } finally {
            stack.evaluators().get(0).close();
        }
    }
}
