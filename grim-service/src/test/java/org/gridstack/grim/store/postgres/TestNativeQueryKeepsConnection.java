package org.gridstack.grim.store.postgres;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gridstack.grim.generate.GlueDataGenerator;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.QueryLimits;
import org.junit.jupiter.api.Test;

/**
 * A native query the server refuses as unsupported (SQLSTATE 0A000, which HikariCP counts among
 * the "connection is broken" states) is answered as the client's error and keeps the pooled
 * connection: the same server session answers before and after twenty such refusals, so
 * anonymous users cannot make the service reconnect over and over.
 */
class TestNativeQueryKeepsConnection {
    @Test
    void featureNotSupportedKeepsTheReaderConnection() throws Exception {
        try (EmbeddedPostgres server = EmbeddedPostgres.start(); PostgresBackend backend = PostgresBackend.embedded(server, 2)) {
            backend.load(new GlueDataGenerator(42, 0.01).generate());
            Object before = pid(backend);
            for (int i = 0; i < 20; i++) {
                GrimException refused = assertThrows(GrimException.class,
                        () -> backend.nativeQuery("select case when true then generate_series(1,2) end", QueryLimits.DEFAULT));
                assertTrue(refused.status() < 500, () -> "expected a status below 500 but was " + refused.status() + ": " + refused.getMessage());
                assertContains("set-returning functions are not allowed in CASE", refused.getMessage());
            }
            assertEquals(before, pid(backend), "the server session that answers after the refusals");
        }
    }

    private static Object pid(PostgresBackend backend) {
        return backend.nativeQuery("select pg_backend_pid()", QueryLimits.DEFAULT).rows().get(0).get(0);
    }
}
