package org.gridstack.bench.grim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

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
        BenchmarkGrimUpdates.Result r = BenchmarkGrimUpdates.run(new BenchmarkGrimUpdates.Config(0.01, GrimBackendSet.ALL, Duration.ofMillis(300),
                List.of(1, 4), 20, true, 0.01, 20, Duration.ofMillis(500), Duration.ofSeconds(2), Duration.ofMillis(500), 2, 100,
                Duration.ofSeconds(1), List.of(), out, GrimBackendSet.SEED, "postgres"));

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
        assertTrue(bulk.acknowledged() > 0, bulk.toString());
        assertEquals(0, bulk.errors(), bulk.errorSamples().toString());
        assertEquals(0, bulk.mismatches(), bulk.toString());
        assertEquals(1 + 9 + 3, Files.readAllLines(out.resolve("grim-updates.csv")).size());
        assertTrue(Files.readString(out.resolve("grim-updates.json")).contains("\"updatesPerSecond\""));
    }
}
