package org.gridstack.grim.store.replication;

import static org.awaitility.Awaitility.await;
import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridstack.grim.generate.GlueDataGenerator;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.NativeResult;
import org.gridstack.grim.store.OperationParameters;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.QueryLimits;
import org.gridstack.grim.store.Update;
import org.gridstack.grim.store.ldap.LdapBackend;
import org.gridstack.grim.store.postgres.EmbeddedPostgres;
import org.gridstack.grim.store.postgres.PostgresBackend;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * The change log and its followers, with a real PostgreSQL as the system of record and a real
 * (in-memory UnboundID) LDAP copy: concurrent writers leave the copy equal to the source; a copy
 * that fails for a while (503) catches up without losing or reordering anything; a copy that was
 * changed on its own is rebuilt from a snapshot.
 */
class TestReplication {
    private static EmbeddedPostgres server;
    private static PostgresBackend postgres;
    private static Dataset data;

    private LdapBackend ldap;
    private FailingCopy copy;
    private Replication replication;

    @BeforeAll
    static void start() throws Exception {
        server = EmbeddedPostgres.start();
        postgres = PostgresBackend.embedded(server, 8);
        data = new GlueDataGenerator(42, 0.02).generate();
    }

    @AfterAll
    static void stop() throws Exception {
        if (postgres != null) {
            postgres.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void load() {
        postgres.load(data);
        ldap = LdapBackend.inMemory();
        SystemOfRecord.Positioned snapshot = postgres.snapshotWithPosition();
        ldap.load(snapshot.data());
        copy = new FailingCopy(ldap);
        replication = new Replication(postgres, "postgres", List.of(copy), snapshot.position(), new SimpleMeterRegistry());
    }

    @org.junit.jupiter.api.AfterEach
    void close() {
        replication.close();
        ldap.close();
    }

    private long write(List<Update> updates) {
        long position = postgres.applyAndLog(updates);
        replication.committed(position);
        return position;
    }

    private static Update set(String host, long load) {
        return Update.set("host", host, Map.of("load_last_1min", load)).validated();
    }

    private static String host(int i) {
        return String.format("host-%06d", i);
    }

    @Test
    void positionsGrowInCommitOrderAndTheCopyFollowsConcurrentWriters() throws Exception {
        ExecutorService writers = Executors.newFixedThreadPool(8);
        List<Future<Long>> positions = new ArrayList<>();
        try {
            for (int w = 0; w < 8; w++) {
                int writer = w;
                positions.add(writers.submit(() -> {
                    long last = 0;
                    for (int i = 0; i < 10; i++) {
                        // every writer rewrites the same ten hosts: the final values depend on the order
                        List<Update> group = new ArrayList<>();
                        for (int h = 0; h < 10; h++) {
                            group.add(set(host(h + 1), writer * 1000L + i));
                        }
                        long p = write(group);
                        assertTrue(p > last, "expected a position after " + last + " but was " + p);

                        last = p;
                    }
                    return last;
                }));
            }
            long newest = 0;
            for (Future<Long> f : positions) {
                newest = Math.max(newest, f.get());
            }
            List<String> behind = replication.awaitApplied(newest, Duration.ofSeconds(60)).get();
            assertTrue(behind.isEmpty(), () -> "copies still behind: " + behind);
        } finally {
            writers.shutdownNow();
        }
        assertEquals(CopyDigest.of(postgres.snapshot()), CopyDigest.of(ldap.snapshot()));
        assertEquals(0, replication.status().copies().get(0).lagChanges());
    }

    @Test
    void aCopyThatFailsForAWhileCatchesUpWithEveryChangeInOrder() throws Exception {
        copy.failNext(3);
        long last = 0;
        for (int i = 1; i <= 20; i++) {
            last = write(List.of(set(host(1), i), set(host(2), 100 + i)));
        }
        long written = last;
        // a copy that was failing is not waited for by awaitApplied
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> assertAppliedThrough(written));
        assertEquals(3, copy.failures.get());
        assertEquals(CopyDigest.of(postgres.snapshot()), CopyDigest.of(ldap.snapshot()));
        ReplicaStatus s = replication.status().copies().get(0);
        assertEquals("following", s.state());
        assertEquals(last, s.appliedChange());
    }

    @Test
    void whileTheCopyFailsTheWaitEndsWithItNamedAndTheLagIsReported() throws Exception {
        copy.failNext(Integer.MAX_VALUE);
        long p = write(List.of(set(host(3), 7)));
        assertContainsExactly(List.of("ldap"), replication.awaitApplied(p, Duration.ofMillis(500)).get());
        // a loaded machine may not have run the follower yet
        await("the copy is retrying").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
                .until(() -> "retrying".equals(replication.status().copies().get(0).state()));
        ReplicaStatus s = replication.status().copies().get(0);
        assertEquals(1, s.lagChanges());
        assertEquals("retrying", s.state());
        assertContains("injected", s.lastError());
        // a failing copy is named at once, without waiting
        assertContainsExactly(List.of("ldap"), replication.awaitApplied(p, Duration.ofSeconds(60)).get(1, java.util.concurrent.TimeUnit.SECONDS));
        copy.failNext(0);
        // a copy that was failing is not waited for by awaitApplied
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> assertAppliedThrough(p));
        assertEquals(CopyDigest.of(postgres.snapshot()), CopyDigest.of(ldap.snapshot()));
    }

    @Test
    void aCopyChangedOnItsOwnIsRebuiltFromTheSystemOfRecord() throws Exception {
        // a single-backend write: only the copy knows this service
        Map<String, Object> values = new java.util.LinkedHashMap<>();
        values.put("type", "org.example.own");
        ldap.apply(List.of(new Update(Update.Kind.INSERT, "service", List.of("svc-only-in-ldap"), values).validated()));
        assertNotEquals(CopyDigest.of(postgres.snapshot()), CopyDigest.of(ldap.snapshot()));
        // the system of record inserts the same key: the copy refuses (409), so it is rebuilt
        long p = write(List.of(new Update(Update.Kind.INSERT, "service", List.of("svc-only-in-ldap"), Map.of("type", "org.example.sor"))
                .validated()));
        // a copy that was failing is not waited for by awaitApplied
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> assertAppliedThrough(p));
        assertEquals(CopyDigest.of(postgres.snapshot()), CopyDigest.of(ldap.snapshot()));
        assertEquals(1, replication.status().copies().get(0).resyncs());
    }

    @Test
    void entriesEveryCopyHasAppliedAreTrimmedButTheNewestStays() throws Exception {
        long last = 0;
        for (int i = 0; i < 5; i++) {
            last = write(List.of(set(host(4), i)));
        }
        List<String> behind = replication.awaitApplied(last, Duration.ofSeconds(60)).get();
        assertTrue(behind.isEmpty(), () -> "copies still behind: " + behind);
        postgres.trimThrough(last);
        assertEquals(List.of(last), postgres.changesAfter(0, 100).stream().map(Change::seq).toList());
        assertEquals(last, postgres.latestPosition());
        assertContainsExactly(List.of(set(host(4), 4)), ChangeCodec.decode(postgres.changesAfter(last - 1, 1).get(0).updates()));
    }

    /** Fails unless the first copy has applied every change up to {@code position}. */
    private void assertAppliedThrough(long position) {
        ReplicationStatus status = replication.status();
        assertTrue(status.copies().get(0).appliedChange() >= position, () -> "the copy applies change " + position + ": " + status);
    }

    /** A real copy that fails its next applies with 503 on request (fault injection). */
    @ThreadSafe
    private static final class FailingCopy implements GrimBackend {
        private final GrimBackend copy;
        private final AtomicInteger failNext = new AtomicInteger();
        final AtomicInteger failures = new AtomicInteger();

        FailingCopy(GrimBackend copy) {
            this.copy = copy;
        }

        void failNext(int n) {
            failNext.set(n);
        }

        @Override
        public int apply(List<Update> batch) {
            if (failNext.getAndUpdate(n -> n == Integer.MAX_VALUE ? n : Math.max(0, n - 1)) > 0) {
                failures.incrementAndGet();
                throw new GrimException(503, "injected failure of " + copy.name());
            }
            return copy.apply(batch);
        }

        @Override
        public String name() {
            return copy.name();
        }

        @Override
        public void load(Dataset d) {
            copy.load(d);
        }

        @Override
        public Map<String, Long> counts() {
            return copy.counts();
        }

        @Override
        public Dataset snapshot() {
            return copy.snapshot();
        }

        @Override
        public OperationResult execute(OperationParameters params, Mode mode) {
            return copy.execute(params, mode);
        }

        @Override
        public NativeResult nativeQuery(String query, QueryLimits limits) {
            return copy.nativeQuery(query, limits);
        }

        @Override
        public void close() {
        }
    }

}
