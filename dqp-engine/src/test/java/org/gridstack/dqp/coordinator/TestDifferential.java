package org.gridstack.dqp.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The differential test: a corpus of queries, curated ({@link DifferentialCorpus}) and generated
 * ({@link QueryGenerator}, seeded), runs through the coordinator (two data services, two
 * evaluators) and through a reference PostgreSQL holding the same tables; every query must give the
 * same answer ({@link DifferentialAnswers}) or be refused with a 400 that names what the engine
 * does not support. The counts of each outcome are printed; the test fails naming the first
 * query that differed and how.
 *
 * <p>System properties: {@code dqp.differential.queries} (generated queries, default
 * {@value #DEFAULT_GENERATED}), {@code dqp.differential.seed} (default {@value #DEFAULT_SEED}),
 * {@code dqp.differential.first} (index of the first generated query, to re-run one). A run of
 * 100,000: {@code ./gridstack test -pl dqp-engine -am -Dtest=TestDifferential -Ddqp.differential.queries=100000}.
 */
class TestDifferential {
    static final int DEFAULT_GENERATED = 880;
    static final long DEFAULT_SEED = 22;
    private static StackWithOracle world;

    @BeforeAll
    static void start() throws Exception {
        world = StackWithOracle.start(2);
    }

    @AfterAll
    static void stop() throws Exception {
        if (world != null) {
            world.close();
        }
    }

    @Test
    void everyQueryAnswersAsPostgresOrIsRefusedByName() throws Exception {
        DifferentialAnswers answers = new DifferentialAnswers(world.dqp(), world.oracleConnection());
        int generated = Integer.getInteger("dqp.differential.queries", DEFAULT_GENERATED);
        long seed = Long.getLong("dqp.differential.seed", DEFAULT_SEED);
        long first = Long.getLong("dqp.differential.first", 0);
        Map<DifferentialAnswers.Outcome, Integer> counts = new EnumMap<>(DifferentialAnswers.Outcome.class);
        Map<String, Integer> refusals = new TreeMap<>();
        Map<String, String> refusalExamples = new TreeMap<>();
        List<DifferentialAnswers.Result> different = new ArrayList<>();
        List<String> queries = new ArrayList<>(DifferentialCorpus.QUERIES);
        QueryGenerator generator = new QueryGenerator(seed);
        for (long i = first; i < first + generated; i++) {
            queries.add(generator.query(i));
        }
        long started = System.nanoTime();
        for (int i = 0; i < queries.size(); i++) {
            DifferentialAnswers.Result result = answers.check(queries.get(i));
            counts.merge(result.outcome(), 1, Integer::sum);
            if (result.outcome() == DifferentialAnswers.Outcome.REFUSED || result.outcome() == DifferentialAnswers.Outcome.BOTH_REFUSED) {
                refusals.merge(shortReason(result.detail()), 1, Integer::sum);
                refusalExamples.putIfAbsent(shortReason(result.detail()), result.sql());
            }
            if ((i + 1) % 1_000 == 0) {
                System.out.printf("differential: %d queries so far: %s%n", i + 1, counts);
            }
            if (result.outcome() == DifferentialAnswers.Outcome.DIFFERENT) {
                different.add(result);
                System.out.println("DIFFERENT " + (i < DifferentialCorpus.QUERIES.size() ? "curated #" + i
                        : "generated #" + (first + i - DifferentialCorpus.QUERIES.size()) + " of seed " + seed) + ": " + result.sql()
                        + "\n    " + result.detail());
            }
        }
        System.out.printf("differential: %d queries (%d curated, %d generated from seed %d) in %.1f s: %s%n", queries.size(),
                DifferentialCorpus.QUERIES.size(), generated, seed, (System.nanoTime() - started) / 1e9, counts);
        refusals.forEach((reason, n) -> System.out.println("  refused " + n + " x: " + reason + "\n    e.g. " + refusalExamples.get(reason)));
        assertTrue(different.isEmpty(), different.size() + " of " + queries.size() + " queries differ from PostgreSQL; the first: "
                + (different.isEmpty() ? "" : different.get(0).sql() + "\n" + different.get(0).detail()));
        assertEquals(queries.size(), counts.values().stream().mapToInt(Integer::intValue).sum());
    }

    private static String shortReason(String message) {
        String m = message.replaceAll("\\d+", "N");
        return m.length() > 140 ? m.substring(0, 140) : m;
    }
}
