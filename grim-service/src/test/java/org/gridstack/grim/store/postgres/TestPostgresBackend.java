package org.gridstack.grim.store.postgres;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.generate.GlueDataGenerator;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Defaults;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.NativeResult;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.QueryLimits;
import org.gridstack.grim.store.ReferenceEvaluator;
import org.gridstack.grim.store.Update;
import org.gridstack.grim.testsupport.DatasetAssert;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TestPostgresBackend {
    private static EmbeddedPostgres server;
    private static PostgresBackend backend;
    private static Dataset data;

    @BeforeAll
    static void start() throws Exception {
        server = EmbeddedPostgres.start();
        backend = PostgresBackend.embedded(server, 4);
        data = new GlueDataGenerator(42, 0.05).generate();
    }

    @AfterAll
    static void stop() throws Exception {
        if (backend != null) {
            backend.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void reload() {
        backend.load(data);
    }

    @Test
    void holdsExactlyTheGeneratedObjects() {
        assertEquals(data.counts(), backend.counts());
        DatasetAssert.assertSameObjects(backend.snapshot(), data);
    }

    @ParameterizedTest
    @EnumSource(Operation.class)
    void everyOperationInBothModesGivesTheReferenceAnswer(Operation op) {
        Map<String, Object> params = Defaults.of(op, data.count(GlueModel.CONNECTION));
        OperationResult expected = ReferenceEvaluator.evaluate(data, op, params);
        for (Mode mode : Mode.values()) {
            OperationResult r = backend.execute(op, mode, params);
            assertEquals(expected.rows(), r.rows(), op + " " + mode);
            assertEquals(1, r.requests());
            assertEquals(op.columns(), r.columns());
        }
    }

    @Test
    void nonDefaultParametersToo() {
        Object[] se = data.rows(GlueModel.STORAGE_ELEMENT).get(0);
        Map<String, Object> p = Map.of("site", se[2], "name", se[1]);
        for (Operation op : List.of(Operation.SCOPED, Operation.NON_SCOPED)) {
            for (Mode mode : Mode.values()) {
                assertContainsExactly(List.of(List.of(se[0], se[1])), backend.execute(op, mode, p).rows());
            }
        }
    }

    @Test
    void setInsertAndDeleteFollowTheRules() {
        int n = backend.apply(List.of(
                Update.set("host", Defaults.HOST, Map.of("load_last_1min", 7L)).validated(),
                Update.set("policy", "policy-0001", Map.of("priority", 3L, "max_running_jobs", 99L)).validated(),
                new Update(Update.Kind.INSERT, "policy", List.of("policy-new"), Map.of("ce_id", "ce-001", "priority", 1L)).validated(),
                new Update(Update.Kind.DELETE, "service_data", List.of("servicedata-0001"), Map.of()).validated()));
        assertEquals(4, n);
        assertEquals(7L, backend.execute(Operation.HOST_LOOKUP, Mode.BEST, Map.of("host", Defaults.HOST)).rows().get(0).get(2));
        assertEquals(data.count("policy") + 1, backend.counts().get("policy"));
        assertEquals(data.count("service_data") - 1, backend.counts().get("service_data"));
    }

    @Test
    void aBadUpdateWritesNothingOfItsBatch() {
        Dataset before = backend.snapshot();
        List<List<Update>> bad = List.of(
                List.of(Update.set("host", Defaults.HOST, Map.of("load_last_1min", 1L)).validated(),
                        Update.set("host", "host-missing", Map.of("load_last_1min", 1L)).validated()),
                List.of(Update.set("host", Defaults.HOST, Map.of("load_last_1min", 1L)).validated(),
                        new Update(Update.Kind.INSERT, "policy", List.of("policy-0001"), Map.of()).validated()),
                List.of(Update.set("host", Defaults.HOST, Map.of("load_last_1min", 1L)).validated(),
                        new Update(Update.Kind.INSERT, "policy", List.of("policy-x"), Map.of("ce_id", "ce-missing")).validated()),
                List.of(Update.set("host", Defaults.HOST, Map.of("load_last_1min", 1L)).validated(),
                        new Update(Update.Kind.DELETE, "host", List.of(Defaults.HOST), Map.of()).validated()),
                List.of(Update.set("host", Defaults.HOST, Map.of("load_last_1min", 1L)).validated(),
                        new Update(Update.Kind.DELETE, "policy", List.of("policy-missing"), Map.of()).validated()));
        int[] expectedStatus = {404, 409, 409, 409, 404};
        for (int i = 0; i < bad.size(); i++) {
            List<Update> batch = bad.get(i);
            int status = expectedStatus[i];
            GrimException refused = assertThrows(GrimException.class, () -> backend.apply(batch));
            assertEquals(status, refused.status(), refused.getMessage());
            assertContains("nothing of this batch was written", refused.getMessage());
        }
        DatasetAssert.assertSameObjects(backend.snapshot(), before);
    }

    @Test
    void invalidUpdatesAreRejectedBeforeTheDatabase() {
        assertContains("unknown collection", assertThrows(Throwable.class, () -> Update.set("nosuch", "x", Map.of("a", 1L)).validated()).getMessage());
        assertContains("has no attribute 'nosuch'", assertThrows(Throwable.class, () -> Update.set("host", "x", Map.of("nosuch", 1L)).validated()).getMessage());
        assertContains("not an integer", assertThrows(Throwable.class, () -> Update.set("host", "x", Map.of("load_last_1min", "high")).validated()).getMessage());
        assertContains("part of the key", assertThrows(Throwable.class, () -> Update.set("host", "x", Map.of("host_id", "y")).validated()).getMessage());
    }

    @Test
    void nativeSqlIsReadOnlyAndLimited() {
        NativeResult r = backend.nativeQuery("select host_id, si00 from host order by host_id limit 3", QueryLimits.DEFAULT);
        assertContainsExactly(List.of("host_id", "si00"), r.columns());
        assertEquals(3, r.rows().size(), () -> "size of " + r.rows());
        assertEquals("host-000001", r.rows().get(0).get(0));
        NativeResult limited = backend.nativeQuery("select host_id from host", new QueryLimits(Duration.ofSeconds(5), 10, 1 << 20));
        assertEquals(10, limited.rows().size(), () -> "size of " + limited.rows());
        assertTrue(limited.truncated());
        assertEquals(422, assertThrows(GrimException.class, () -> backend.nativeQuery("update host set si00 = 0", QueryLimits.DEFAULT)).status());
        assertEquals(422, assertThrows(GrimException.class,
                () -> backend.nativeQuery("select * from host; delete from host", QueryLimits.DEFAULT)).status());
        GrimException noSuchColumn = assertThrows(GrimException.class, () -> backend.nativeQuery("select nosuchcolumn from host", QueryLimits.DEFAULT));
        assertEquals(400, noSuchColumn.status(), noSuchColumn.getMessage());
        assertContains("nosuchcolumn", noSuchColumn.getMessage());
        GrimException tooLong = assertThrows(GrimException.class,
                () -> backend.nativeQuery("select pg_sleep(5)", new QueryLimits(Duration.ofMillis(200), 10, 1 << 20)));
        assertEquals(422, tooLong.status(), tooLong.getMessage());
        assertContains("longer than", tooLong.getMessage());
        assertEquals(data.counts(), backend.counts());
    }
}
