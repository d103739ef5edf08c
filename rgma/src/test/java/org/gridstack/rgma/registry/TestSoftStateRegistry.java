package org.gridstack.rgma.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.gridstack.rgma.sql.Equalities;
import org.gridstack.rgma.sql.RgmaException;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

class TestSoftStateRegistry {
    private final AtomicLong now = new AtomicLong();

    private static ProducerRegistration producer(long id, String site, Duration termination) {
        Equalities e = site == null ? Equalities.NONE : new Equalities(Map.of("site", "s:" + site));
        return new ProducerRegistration(id, "cpu", site == null ? "" : "WHERE site = '" + site + "'", e,
                Set.of(QueryType.LATEST, QueryType.CONTINUOUS), ProducerKind.PRIMARY, "http://127.0.0.1:1", termination);
    }

    private static List<Long> ids(List<ProducerRegistration> registrations) {
        return registrations.stream().map(ProducerRegistration::id).toList();
    }

    @Test
    void lookupsSkipExpiredEntriesWithoutWaitingForTheSweep() throws Exception {
        try (SoftStateRegistry r = new SoftStateRegistry(10, 3_600_000, new SimpleMeterRegistry(), now::get)) {
            InetAddress a = InetAddress.getByName("10.0.0.1");
            r.register(producer(1, "RAL", Duration.ofSeconds(10)), a);
            r.register(producer(2, "CERN", Duration.ofSeconds(10)), a);
            r.register(producer(3, null, Duration.ofSeconds(30)), a);
            Equalities ral = new Equalities(Map.of("site", "s:RAL"));
            assertEquals(List.of(1L, 3L), ids(r.lookup("cpu", QueryType.LATEST, ral, EnumSet.allOf(ProducerKind.class))));
            assertEquals(List.of(), ids(r.lookup("cpu", QueryType.HISTORY, ral, EnumSet.allOf(ProducerKind.class))));
            now.addAndGet(Duration.ofSeconds(5).toNanos());
            assertTrue(r.renew(1));
            now.addAndGet(Duration.ofSeconds(6).toNanos());
            // 2 expired (11 s > 10 s), 1 was renewed at 5 s; the sweeper has not run
            assertEquals(List.of(1L, 3L), ids(r.producers()));
            assertFalse(r.renew(2));
            r.sweep();
            assertEquals(List.of(1L, 3L), ids(r.producers()));
        }
    }

    @Test
    void registrationsPerAddressAreBoundedAndFreedByExpiry() throws Exception {
        try (SoftStateRegistry r = new SoftStateRegistry(2, 3_600_000, new SimpleMeterRegistry(), now::get)) {
            InetAddress flood = InetAddress.getByName("10.0.0.9");
            r.register(producer(1, null, Duration.ofSeconds(1)), flood);
            r.register(producer(2, null, Duration.ofSeconds(1)), flood);
            RgmaException refused = assertThrows(RgmaException.class, () -> r.register(producer(3, null, Duration.ofSeconds(1)), flood));
            assertEquals(429, refused.status(), refused.getMessage());
            r.register(producer(4, null, Duration.ofSeconds(1)), InetAddress.getByName("10.0.0.10"));
            now.addAndGet(Duration.ofSeconds(2).toNanos());
            r.sweep();
            r.register(producer(5, null, Duration.ofSeconds(1)), flood);
            assertEquals(List.of(5L), ids(r.producers()));
        }
    }
}
