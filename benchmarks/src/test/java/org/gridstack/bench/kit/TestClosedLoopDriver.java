package org.gridstack.bench.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The load driver's counting, error handling, fairness and clean-up, with clients that do known work. */
class TestClosedLoopDriver {
    private static final Duration WARMUP = Duration.ofMillis(100);
    private static final Duration MEASURE = Duration.ofMillis(400);

    /** Sleeps {@code millis} per query and moves {@code wire} and {@code payload} bytes. */
    private static ClosedLoopDriver.Client sleeping(long millis, long wire, long payload, AtomicInteger closed) {
        return new ClosedLoopDriver.Client() {
            @Override
            public void query(ClosedLoopDriver.Tally tally) throws Exception {
                Thread.sleep(millis);
                tally.add(wire, payload);
            }

            @Override
            public void close() {
                closed.incrementAndGet();
            }
        };
    }

    @Test
    void countsQueriesBytesAndLatencyOfTheMeasuredIntervalOnly() throws Exception {
        AtomicInteger closed = new AtomicInteger();
        List<String> edges = new ArrayList<>();
        LevelResult r = ClosedLoopDriver.run(ClosedLoopDriver.Level.of(3, WARMUP, MEASURE), i -> sleeping(5, 100, 40, closed),
                new ClosedLoopDriver.Window() {
                    @Override
                    public void measureStarted() {
                        edges.add("start");
                    }

                    @Override
                    public void measureEnded() {
                        edges.add("end");
                    }
                });
        assertEquals(List.of("start", "end"), edges);
        assertEquals(3, closed.get(), "every client closed");
        assertEquals(3, r.clients());
        assertTrue(r.queries() > 0 && r.warmupQueries() > 0, r.toString());
        assertTrue(r.completedQueries() >= r.queries() + r.warmupQueries());
        assertEquals(r.queries(), Arrays.stream(r.perClientQueries()).sum());
        assertEquals(100 * r.queries(), r.wireBytes());
        assertEquals(40 * r.queries(), r.payloadBytes());
        assertEquals(r.queries(), r.latency().count());
        assertTrue(r.latency().p50Millis() >= 5 && r.latency().maxMillis() >= r.latency().p99Millis(), "a query sleeps 5 ms: " + r.latency());
        // a client cannot finish more 5 ms queries than fit into the interval
        assertTrue(Arrays.stream(r.perClientQueries()).allMatch(q -> q <= MEASURE.toMillis() / 5 + 1), Arrays.toString(r.perClientQueries()));
        assertEquals(0, r.errors());
        assertEquals(0.0, r.errorRate());
        // per client: a mean response time of at least the 5 ms each query sleeps
        assertEquals(3, r.perClientMeanMillis().length);
        assertTrue(Arrays.stream(r.perClientMeanMillis()).allMatch(m -> m >= 5), Arrays.toString(r.perClientMeanMillis()));
        // the timeline holds every query that ended up to the end of the interval, warm-up included
        long inTimeline = Arrays.stream(r.timeline().endedPerSlice()).sum();
        assertTrue(inTimeline >= r.queries() + r.warmupQueries() && inTimeline <= r.completedQueries(), inTimeline + " " + r);
        assertEquals(WARMUP.toMillis() / 1000.0, r.timeline().measureStartSeconds(), 1e-9);
        List<double[]> qps = r.timeline().queriesPerSecond();
        assertTrue(qps.get(0)[0] < 0 && qps.get(qps.size() - 1)[0] > 0, "warm-up left of zero, the interval right of it");
    }

    @Test
    void thinkTimeSpacesAClientsQueries() throws Exception {
        LevelResult r = ClosedLoopDriver.run(new ClosedLoopDriver.Level(2, WARMUP, MEASURE, Duration.ofMillis(50), ClosedLoopDriver.OnError.FAIL_RUN),
                i -> sleeping(1, 1, 1, new AtomicInteger()), ClosedLoopDriver.Window.NONE);
        assertTrue(Arrays.stream(r.perClientQueries()).allMatch(q -> q >= 1 && q <= MEASURE.toMillis() / 50 + 1), Arrays.toString(r.perClientQueries()));
    }

    @Test
    void aFailureStopsTheRunAndIsRethrownAfterClosingEveryClient() {
        AtomicInteger closed = new AtomicInteger();
        IllegalStateException wrong = new IllegalStateException("wrong answer");
        AtomicInteger calls = new AtomicInteger();
        Exception e = assertThrows(IllegalStateException.class, () -> ClosedLoopDriver.run(ClosedLoopDriver.Level.of(2, WARMUP, MEASURE), i ->
                new ClosedLoopDriver.Client() {
                    @Override
                    public void query(ClosedLoopDriver.Tally tally) throws Exception {
                        Thread.sleep(2);
                        if (calls.incrementAndGet() == 5) {
                            throw wrong;
                        }
                    }

                    @Override
                    public void close() {
                        closed.incrementAndGet();
                    }
                }, ClosedLoopDriver.Window.NONE));
        assertSame(wrong, e);
        assertEquals(2, closed.get());
    }

    @Test
    void countedErrorsGiveAnErrorRateAndTheRunGoesOn() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        LevelResult r = ClosedLoopDriver.run(new ClosedLoopDriver.Level(2, WARMUP, MEASURE, Duration.ZERO, ClosedLoopDriver.OnError.COUNT), i ->
                tally -> {
                    Thread.sleep(2);
                    if (calls.incrementAndGet() % 2 == 0) {
                        throw new IllegalStateException("every second query fails");
                    }
                }, ClosedLoopDriver.Window.NONE);
        assertTrue(r.errors() > 0 && r.queries() > 0, r.toString());
        assertTrue(r.errorRate() > 0.3 && r.errorRate() < 0.7, "about half: " + r.errorRate());
        assertTrue(r.firstError().contains("every second query fails"));
    }

    @Test
    void aClientThatCannotOpenFailsTheRunAndTheOpenedOnesAreClosed() {
        AtomicInteger closed = new AtomicInteger();
        Exception e = assertThrows(IllegalArgumentException.class, () -> ClosedLoopDriver.run(ClosedLoopDriver.Level.of(3, WARMUP, MEASURE), i -> {
            if (i == 2) {
                throw new IllegalArgumentException("no connection for client 2");
            }
            return sleeping(1, 0, 0, closed);
        }, ClosedLoopDriver.Window.NONE));
        assertEquals("no connection for client 2", e.getMessage());
        assertEquals(2, closed.get());
    }

    @Test
    void runEachStepsThroughTheLevelsInOrderAndOpensFreshClientsForEach() throws Exception {
        AtomicInteger closed = new AtomicInteger();
        List<Integer> seen = new ArrayList<>();
        List<LevelResult> results = ClosedLoopDriver.runEach(List.of(ClosedLoopDriver.Level.of(1, WARMUP, MEASURE),
                ClosedLoopDriver.Level.of(3, WARMUP, MEASURE)), i -> sleeping(2, 0, 0, closed), ClosedLoopDriver.Window.NONE,
                r -> seen.add(r.clients()));
        assertEquals(List.of(1, 3), seen);
        assertEquals(List.of(1, 3), results.stream().map(LevelResult::clients).toList());
        assertTrue(results.stream().allMatch(r -> r.queries() > 0), results.toString());
        assertEquals(4, closed.get(), "every client of every level closed");
    }

    @Test
    void fairnessOfPerClientCounts() {
        LatencySummary none = LatencySummary.of(LatencySummary.newHistogram());
        assertEquals(1.0, result(new long[] {10, 10, 10}, none).jainFairness(), 1e-12);
        assertEquals(1.0, result(new long[] {10, 10, 10}, none).maxMinRatio(), 1e-12);
        assertEquals(0.5, result(new long[] {10, 0}, none).jainFairness(), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, result(new long[] {10, 0}, none).maxMinRatio());
        assertEquals(1.0 / 4, result(new long[] {7, 0, 0, 0}, none).jainFairness(), 1e-12);
        assertEquals(2.0, result(new long[] {4, 2}, none).maxMinRatio(), 1e-12);
    }

    @Test
    void levelsAreValidated() {
        assertEquals("clients must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> ClosedLoopDriver.Level.of(0, WARMUP, MEASURE)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> ClosedLoopDriver.Level.of(1, WARMUP, Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> ClosedLoopDriver.Level.of(1, Duration.ofMillis(-1), MEASURE));
    }

    private static LevelResult result(long[] perClient, LatencySummary latency) {
        return new LevelResult(perClient.length, 1.0, Arrays.stream(perClient).sum(), 0, 0, 0, 0, 0, perClient, latency, null);
    }
}
