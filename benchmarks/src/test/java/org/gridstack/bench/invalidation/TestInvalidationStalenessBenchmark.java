package org.gridstack.bench.invalidation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gridstack.bench.suite.ExperimentArgs;
import org.gridstack.bench.kit.Scale;
import org.junit.jupiter.api.Test;

/**
 * The benchmark body once at tiny scale, for both granularities: it must finish every round with
 * every answer through the caches equal to the database's, count its purges, and row granularity
 * must purge less than table granularity.
 */
class TestInvalidationStalenessBenchmark {
    @Test
    void runsAtTinyScale() throws Exception {
        // 4 point lookups, a range over ids 1..2, an OR of ids 1 and 4; rounds update ids 2, 3, 4
        // the experiment file's tiny scale: 3 rounds, 6 URLs, polled every 5 ms
        InvalidationStalenessBenchmark.Config config = InvalidationStalenessBenchmark.parse(
                ExperimentArgs.of("invalidation-staleness", Scale.TINY, java.nio.file.Path.of("target", "test-results"))).config();
        InvalidationStalenessBenchmark.Result table = InvalidationStalenessBenchmark.run(config.withGranularity("table"));
        InvalidationStalenessBenchmark.Result row = InvalidationStalenessBenchmark.run(config.withGranularity("row"));
        for (InvalidationStalenessBenchmark.Result r : java.util.List.of(table, row)) {
            assertEquals(3, r.stalenessMillis().size());
            assertTrue(r.stalenessMillis().stream().allMatch(ms -> ms > 0));
            assertTrue(r.purged() >= 3 * 2, "each round purges the changed URL from both levels: " + r.purged());
            assertEquals(0.0, r.failures());
            assertEquals(2 + 1 + 2, r.changedAnswers(), "round 1: id 2 and the range; round 2: id 3; round 3: id 4 and the OR");
            assertTrue(r.markdown().contains("| 3 | 6 |"), r.markdown());
        }
        // table: all 6 URLs per round; row: the changed point, the OR (never summarised), the range when it holds the row
        assertEquals(3 * 6 * 2, table.purges(), table.markdown());
        assertEquals(0.0, table.skipped());
        // (exactly these, unless the tracker had to fall back to the whole table, e.g. a periodic reload
        // racing a notification; that is allowed, never fewer purges)
        assertTrue(row.purges() >= (3 + 2 + 2) * 2 && row.purges() < table.purges(), row.markdown());
        assertTrue(row.skipped() > 0, row.markdown());
        assertTrue(row.overInvalidation() < table.overInvalidation(), row + " " + table);

        java.nio.file.Path out = java.nio.file.Path.of("target", "test-results", "invalidation-staleness");
        InvalidationStalenessBenchmark.write(java.util.List.of(table, row), out);
        org.gridstack.testing.HeadlessChromium.Rendering shown = org.gridstack.testing.HeadlessChromium.render(out.resolve("invalidation-staleness.html"));
        assertEquals(java.util.List.of(), shown.consoleMessages());
        assertEquals(2, shown.dom().split("<figure class=\"chart\"", -1).length - 1, "staleness per round and its distribution");
        assertTrue(shown.dom().contains("<td>row</td>") && shown.dom().contains("<td>table</td>"), "both granularities in the table");
        java.util.List<String> csv = java.nio.file.Files.readAllLines(out.resolve("invalidation-staleness.csv"));
        assertEquals(3, csv.size(), "header, table, row: " + csv);
        assertTrue(csv.get(2).startsWith("row," + row.rounds() + ","), csv.get(2));
        String json = java.nio.file.Files.readString(out.resolve("invalidation-staleness.json"));
        assertTrue(json.contains("\"granularity\": \"table\"") && json.contains("\"stalenessMillis\""), json);
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(out).orElseThrow();
        assertEquals(new org.gridstack.bench.kit.report.Headline("row vs table granularity, purges sent for the same updates", row.purges(),
                table.purges(), "table granularity (this run)", "purges", false, null), h);
        assertTrue(h.beatsReference(), "row granularity sends fewer purges: " + h);
    }
}
