package org.gridstack.grim.store.basex;

import static org.awaitility.Awaitility.await;
import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.QueryLimits;
import org.gridstack.grim.store.Update;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer of embedded BaseX is not held up by native XQueries: while several slow XQueries run
 * back to back (each stopped only at its time limit, so at every moment some run), a batch is
 * applied, native XQueries see it soon after, and the benchmark operations keep answering.
 * Native XQueries hold BaseX's global read lock; before they read a copy of their own, BaseX
 * admitted each new one ahead of the waiting writer, which then waited as long as they kept coming.
 */
class TestBaseXWriterBesideNativeQueries {
    private static final String SLOW_XQUERY = "count((1 to 100000000000)[. = -1])";
    private static final QueryLimits SLOW_LIMITS = new QueryLimits(Duration.ofSeconds(3), 10, 1 << 20);
    private static final int READERS = 4;

    @TempDir
    Path dir;

    @Test
    void aBatchIsAppliedAndSeenWhileSlowXQueriesKeepRunning() throws Exception {
        try (BaseXBackend backend = new BaseXBackend(BaseXSettings.embedded(dir.resolve("db")))) {
            backend.load(BaseXTestData.SMALL);
            AtomicBoolean reading = new AtomicBoolean(true);
            AtomicInteger stopped = new AtomicInteger();
            CountDownLatch started = new CountDownLatch(READERS);
            ExecutorService readers = Executors.newFixedThreadPool(READERS);
            List<Future<?>> running = new ArrayList<>();
            try {
                for (int i = 0; i < READERS; i++) {
                    running.add(readers.submit(() -> {
                        started.countDown();
                        while (reading.get()) {
                            try {
                                backend.nativeQuery(SLOW_XQUERY, SLOW_LIMITS);
                            } catch (GrimException e) {
                                assertContains("time limit", e.getMessage());
                                stopped.incrementAndGet();
                            }
                        }
                        return null;
                    }));
                }
                assertTrue(started.await(30, TimeUnit.SECONDS));
                // the XQueries hold their locks from their start: let them get there
                Thread.sleep(500);

                CompletableFuture<Integer> write = CompletableFuture.supplyAsync(
                        () -> backend.apply(List.of(Update.set("host", "host-000004", Map.of("load_last_15min", 4242L)))));
                assertEquals(1, write.get(60, TimeUnit.SECONDS), "the batch is applied while the XQueries go on");
                assertTrue(reading.get());

                await("native XQueries see the batch").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                        .until(() -> backend.nativeQuery("string(db:get('grim')//GlueHost[@GlueHostUniqueID = 'host-000004']"
                                + "/@GlueHostProcessorLoadLast15Min)", QueryLimits.DEFAULT).rows().equals(List.of(List.of("4242"))));
                assertEquals(0, backend.readCopyPending());
                OperationResult lookup = backend.execute(Operation.HOST_LOOKUP, Mode.BEST, Map.of("host", "host-000004"));
                assertEquals(1, lookup.rows().size(), () -> "the benchmark operations answer meanwhile: size of " + lookup.rows());
            } finally {
                reading.set(false);
                readers.shutdown();
                assertTrue(readers.awaitTermination(60, TimeUnit.SECONDS), "the slow XQueries end at their time limit");
            }
            for (Future<?> f : running) {
                f.get();
            }
            assertTrue(stopped.get() > 0, () -> "slow XQueries ran until their time limit: expected > 0 but was " + stopped.get());
        }
    }
}
