package org.gridstack.bench.grim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.gridstack.bench.suite.ExperimentArgs;
import org.gridstack.bench.kit.Scale;
import org.gridstack.testing.HeadlessChromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The update benchmark once at tiny scale: in-process on all backends (half a second each), then
 * the service jar as a child process with 20 provider connections for 2 s and the bulk path.
 * Checks that updates were acknowledged and read back equal; no timing assertions.
 */
class TestBenchmarkGrimUpdates {
    @Test
    @Timeout(240)
    void measuresUpdatesInProcessAndOverHttpAndReadsThemBack() throws Exception {
        Path out = Path.of("target", "test-results", "grim-updates");
        BenchmarkGrimUpdates.Result r = BenchmarkGrimUpdates.run(BenchmarkGrimUpdates.Config.parse(
                ExperimentArgs.of("grim-updates", Scale.TINY, out))); // 1 %, 20 connections, 2 s through the service, bulk x100

        assertEquals(3 * 3, r.inProcess().size());
        for (BenchmarkGrimUpdates.InProcess p : r.inProcess()) {
            assertTrue(p.updates() > 0 && p.updatesPerSecond() > 0, p.toString());
            assertTrue(p.verified() > 0, "no host read back: " + p);
            assertEquals(0, p.mismatches(), "a host does not hold its last written value: " + p);
        }
        assertEquals(3, r.http().size());
        BenchmarkGrimUpdates.Http patch = r.http().get(0);
        assertTrue(patch.acknowledged() > 0, patch.toString());
        assertEquals(0, patch.errors(), patch.errorSamples().toString());
        assertTrue(patch.verified() >= 10, patch.toString());
        assertEquals(0, patch.mismatches(), "a host does not hold the last acknowledged value: " + patch);
        assertTrue(patch.baselineIdleClient().count() > 0 && patch.baselineLoadedClient().count() > 0, patch.toString());
        BenchmarkGrimUpdates.Http ws = r.http().get(1);
        assertEquals("websocket", ws.path());
        assertTrue(ws.acknowledged() > 0, ws.toString());
        assertEquals(0, ws.errors(), ws.errorSamples().toString());
        assertTrue(ws.verified() >= 10, ws.toString());
        assertEquals(0, ws.mismatches(), "a host does not hold the last acknowledged value: " + ws);
        BenchmarkGrimUpdates.Http bulk = r.http().get(2);
        // every bulk connection had an answer and its hosts were read back (whether the answer came inside the
        // 1 s window depends on the machine's load, so the count in the window is not asserted)
        assertEquals(2, bulk.verified(), bulk.toString());
        assertEquals(0, bulk.errors(), bulk.errorSamples().toString());
        assertEquals(0, bulk.mismatches(), bulk.toString());
        assertEquals(1 + 9 + 3, Files.readAllLines(out.resolve("grim-updates.csv")).size());
        assertTrue(Files.readString(out.resolve("grim-updates.json")).contains("\"updatesPerSecond\""));

        HeadlessChromium.Rendering shown = HeadlessChromium.render(out.resolve("grim-updates.html"));
        assertEquals(java.util.List.of(), shown.consoleMessages());
        assertEquals(1 + 3, shown.dom().split("<figure class=\"chart\"", -1).length - 1, "the page's chart and the host monitor's three");
    }
}
