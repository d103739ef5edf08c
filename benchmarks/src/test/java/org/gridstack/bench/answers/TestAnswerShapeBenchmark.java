package org.gridstack.bench.answers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.gridstack.bench.suite.ExperimentArgs;
import org.gridstack.bench.kit.Scale;
import org.gridstack.testing.HeadlessChromium;
import org.junit.jupiter.api.Test;

/**
 * The answer-shape experiment once at the experiment file's tiny scale: every cell ran with no
 * failed query, the generated answers have the compressibility they were made with, the answers
 * through Squid are the same size as direct ones, and the page renders in headless Chromium. No
 * timing assertions (how many queries fit into a cell depends on the machine).
 */
class TestAnswerShapeBenchmark {
    @Test
    void runsAtTinyScale() throws Exception {
        Path out = Path.of("target", "test-results", "answer-shape");
        AnswerShapeBenchmark.Options o = AnswerShapeBenchmark.parse(ExperimentArgs.of("answer-shape", Scale.TINY, out));
        AnswerShapeBenchmark.Result r = AnswerShapeBenchmark.run(o.config());

        // 2.2: 2 compressibilities x 2 zips x 2 client counts; 2.3: 2 sizes x 2 client counts x (direct, squid)
        assertEquals(2 * 2 * 2 + 2 * 2 * 2, r.cells().size(), r.markdown());
        long queries = 0;
        for (AnswerShapeBenchmark.Cell c : r.cells()) {
            assertEquals(0, c.level().errors(), c.level().firstError() + " in " + c);
            queries += c.level().queries();
            if (c.level().queries() > 0) {
                assertEquals(c.megabytes() * 1_000_000L * c.level().queries(), c.level().payloadBytes(), "every value complete: " + c);
            }
            assertTrue(Math.abs(c.measuredCompressibility() - c.compressibilityPercent()) < 5,
                    "generated " + c.compressibilityPercent() + " %, zlib saves " + c.measuredCompressibility() + " %");
        }
        assertTrue(queries > 0, r.markdown());

        r.write(out);
        HeadlessChromium.Rendering shown = HeadlessChromium.render(out.resolve("answer-shape.html"));
        assertEquals(List.of(), shown.consoleMessages());
        assertEquals(4 + 3, shown.dom().split("<figure class=\"chart\"", -1).length - 1,
                "2.2 rows and body, 2.3 sizes, 2.4 errors; the host monitor's machine, cores and memory");
        assertTrue(shown.dom().contains("thesis zip 0") && shown.dom().contains("thesis via Squid"), "the thesis's numbers beside ours");
        org.gridstack.bench.kit.report.Headline h = org.gridstack.bench.kit.report.Headline.read(out).orElseThrow();
        assertEquals(r.headline(), h);
        assertTrue(h.what().startsWith("2.3: through Squid vs straight from the servlet") && h.referenceName().equals("servlet direct (this run)"),
                h.toString());
    }

    @Test
    void clientsInProcessesOfTheirOwn() throws Exception {
        AnswerShapeBenchmark.Config c = new AnswerShapeBenchmark.Config(List.of(50), List.of(5), List.of(), false, List.of(2),
                java.time.Duration.ofMillis(300), java.time.Duration.ofSeconds(1), 2);
        AnswerShapeBenchmark.Result r = AnswerShapeBenchmark.run(c);
        assertEquals(1, r.cells().size());
        org.gridstack.bench.kit.LevelResult l = r.cells().get(0).level();
        assertEquals(2, l.clients(), "both agents' clients merged");
        assertEquals(0, l.errors(), l.firstError());
        assertEquals(l.queries(), l.latency().count());
        assertEquals(1_000_000L * l.queries(), l.payloadBytes(), "every counted answer complete");
    }
}
