package org.gridstack.mds.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridstack.mds.provider.InProcessProvider;
import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.ProviderSettings;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.Entry;

/** The provider cache: cachetime, forced on and off, shared runs, late and failing providers. */
class TestProviderCache {
    private final SettableClock clock = new SettableClock();

    /** A provider that counts its runs and returns one entry whose cn is the run number. */
    private static InformationProvider counting(String name, AtomicInteger runs, Duration cachetime, Duration timelimit) {
        return new InProcessProvider(new ProviderSettings(name, cachetime, timelimit, 0), () -> {
            int n = runs.incrementAndGet();
            Entry e = new Entry("cn=" + name + ",o=grid");
            e.addAttribute("cn", String.valueOf(n));
            return List.of(e);
        });
    }

    private static String cn(ProviderView v) {
        return v.output().orElseThrow().entries().get(0).getAttributeValue("cn");
    }

    @Test
    void autoModeKeepsDataForItsCachetime() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        try (ProviderCache cache = new ProviderCache(List.of(counting("cpu", runs, Duration.ofSeconds(60),
                Duration.ofSeconds(30))), CacheMode.AUTO, clock)) {
            assertEquals("1", cn(cache.read().get(0)));
            clock.advance(Duration.ofSeconds(59));
            assertEquals("1", cn(cache.read().get(0)), "still within cachetime");
            clock.advance(Duration.ofSeconds(1));
            ProviderView v = cache.read().get(0);
            assertEquals("2", cn(v), "expired: run again");
            assertFalse(v.stale());
            assertEquals(2, runs.get());
        }
    }

    @Test
    void offModeReadersJoinAHungRunInsteadOfStartingOneEach() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        InformationProvider hung = new InProcessProvider(new ProviderSettings("wedged", Duration.ZERO, Duration.ofMinutes(1), 0),
                () -> {
                    runs.incrementAndGet();
                    release.await();
                    return List.of();
                });
        try (ProviderCache cache = new ProviderCache(List.of(hung), CacheMode.OFF, clock)) {
            for (int i = 0; i < 20; i++) {
                ProviderView v = cache.read(System.nanoTime() + 10_000_000L).get(0); // each search waits 10 ms
                assertTrue(v.stale(), v.staleReason());
            }
            assertEquals(1, runs.get(), "twenty searches, one run of the hung source");
            release.countDown();
        }
    }

    @Test
    void offModeRunsTheProviderForEveryRead() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        try (ProviderCache cache = new ProviderCache(List.of(counting("cpu", runs, Duration.ofSeconds(60),
                Duration.ofSeconds(30))), CacheMode.OFF, clock)) {
            for (int i = 1; i <= 5; i++) {
                assertEquals(String.valueOf(i), cn(cache.read().get(0)));
            }
        }
    }

    @Test
    void concurrentReadsOfExpiredDataShareOneRun() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        InformationProvider slow = new InProcessProvider(new ProviderSettings("slow", Duration.ofSeconds(60),
                Duration.ofSeconds(60), 0), () -> {
                    runs.incrementAndGet();
                    started.countDown();
                    release.await();
                    return List.of(new Entry("cn=slow,o=grid"));
                });
        ExecutorService readers = Executors.newFixedThreadPool(8);
        try (ProviderCache cache = new ProviderCache(List.of(slow), CacheMode.AUTO, clock)) {
            List<Future<List<ProviderView>>> reads = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                reads.add(readers.submit(() -> cache.read()));
            }
            started.await();
            release.countDown();
            for (Future<List<ProviderView>> f : reads) {
                assertFalse(f.get().get(0).stale());
            }
            assertEquals(1, runs.get(), "eight readers, one run");
        } finally {
            readers.shutdownNow();
        }
    }

    @Test
    void aHangingProviderIsServedStaleWithItsLastDataWhileTheOthersAreFresh() throws Exception {
        AtomicInteger good = new AtomicInteger();
        AtomicInteger hangRuns = new AtomicInteger();
        CountDownLatch never = new CountDownLatch(1);
        InformationProvider hanging = new InProcessProvider(new ProviderSettings("hang", Duration.ofSeconds(10),
                Duration.ofMillis(200), 0), () -> {
                    if (hangRuns.incrementAndGet() > 1) {
                        never.await(); // the second run never finishes
                    }
                    return List.of(new Entry("cn=hang,o=grid"));
                });
        try (ProviderCache cache = new ProviderCache(List.of(hanging, counting("good", good, Duration.ofSeconds(10),
                Duration.ofSeconds(5))), CacheMode.AUTO, clock)) {
            assertFalse(cache.read().get(0).stale());
            clock.advance(Duration.ofSeconds(11));
            List<ProviderView> views = cache.read(); // returns although the hanging run never ends
            ProviderView h = views.get(0);
            assertTrue(h.stale());
            assertTrue(h.staleReason().contains("timelimit of 200 ms"), h.staleReason());
            assertEquals("cn=hang,o=grid", h.output().orElseThrow().entries().get(0).getDN(), "its last data");
            assertFalse(views.get(1).stale());
            assertEquals("2", cn(views.get(1)));
        } finally {
            never.countDown();
        }
    }

    @Test
    void aFailingProviderIsStaleWithTheReasonAndIsNotRerunBeforeItsCachetime() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        InformationProvider flaky = new InProcessProvider(new ProviderSettings("flaky", Duration.ofSeconds(30),
                Duration.ofSeconds(5), 0), () -> {
                    if (runs.incrementAndGet() > 1) {
                        throw new IllegalStateException("sensor unplugged");
                    }
                    return List.of(new Entry("cn=flaky,o=grid"));
                });
        try (ProviderCache cache = new ProviderCache(List.of(flaky), CacheMode.AUTO, clock)) {
            cache.read();
            clock.advance(Duration.ofSeconds(31));
            ProviderView v = cache.read().get(0);
            assertTrue(v.stale());
            assertTrue(v.staleReason().contains("sensor unplugged"), v.staleReason());
            assertTrue(v.output().isPresent());
            assertTrue(cache.read().get(0).stale());
            assertEquals(2, runs.get(), "the failure is remembered for the cachetime");
            clock.advance(Duration.ofSeconds(31));
            cache.read();
            assertEquals(3, runs.get());
        }
    }

    @Test
    void forcedOnNeverWaitsOnceThereIsData() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        InformationProvider slow = new InProcessProvider(new ProviderSettings("slow", Duration.ofSeconds(1),
                Duration.ofSeconds(600), 0), () -> {
                    if (runs.incrementAndGet() > 1) {
                        release.await();
                    }
                    Entry e = new Entry("cn=slow,o=grid");
                    e.addAttribute("cn", String.valueOf(runs.get()));
                    return List.of(e);
                });
        try (ProviderCache cache = new ProviderCache(List.of(slow), CacheMode.ON, clock)) {
            assertEquals("1", cn(cache.read().get(0)));
            clock.advance(Duration.ofSeconds(5));
            ProviderView v = cache.read().get(0); // a refresh starts and blocks; this read does not wait for it
            assertEquals("1", cn(v));
            assertFalse(v.stale());
        } finally {
            release.countDown();
        }
    }
}
