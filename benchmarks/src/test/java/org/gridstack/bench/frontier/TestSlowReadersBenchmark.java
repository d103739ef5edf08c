package org.gridstack.bench.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gridstack.bench.suite.ExperimentArgs;
import org.gridstack.bench.kit.Scale;
import org.junit.jupiter.api.Test;

/**
 * The benchmark body once at tiny scale: with the spool the slow readers hold no connection and
 * the fast client is answered; without it they hold the whole pool and the fast client's requests
 * end in the acquire timeout's error. Every slow reader gets its whole answer either way.
 */
class TestSlowReadersBenchmark {
    @Test
    void runsAtTinyScale() throws Exception {
        SlowReadersBenchmark.Config config = SlowReadersBenchmark.parse(
                ExperimentArgs.of("frontier-slow-readers", Scale.TINY, Path.of("target", "test-results"))).config();
        SlowReadersBenchmark.Result on = SlowReadersBenchmark.run(config, true);
        SlowReadersBenchmark.Result off = SlowReadersBenchmark.run(config, false);
        assertEquals(0, on.connectionsInUse(), on.toString());
        assertEquals(0, on.fastErrors(), on.toString());
        assertEquals(config.pool(), off.connectionsInUse(), off.toString());
        assertEquals(config.fastRequests(), off.fastErrors(), "no connection became free: " + off.toString());
        assertTrue(on.answerBytes() > 1_000_000 && off.answerBytes() > 1_000_000, on.toString() + off.toString());

        Path out = Path.of("target", "test-results", "frontier-slow-readers");
        SlowReadersBenchmark.write(List.of(on, off), config, out);
        List<String> csv = Files.readAllLines(out.resolve("frontier-slow-readers.csv"));
        assertEquals(3, csv.size(), "header, on, off: " + csv);
        assertTrue(csv.get(1).startsWith("on,") && csv.get(2).startsWith("off,"), csv.toString());
        assertTrue(Files.readString(out.resolve("frontier-slow-readers.html")).contains("<td>off</td>"));
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(out).orElseThrow();
        assertEquals(SlowReadersBenchmark.headline(List.of(on, off)), h);
        assertTrue(h.ours() > 0 && h.reference() > 0 && !h.higherIsBetter() && h.referenceName().startsWith("spool off"), h.toString());
    }
}
