package org.gridstack.grim.store.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        assertThat(backend.counts()).isEqualTo(data.counts());
        DatasetAssert.assertSameObjects(backend.snapshot(), data);
    }

    @ParameterizedTest
    @EnumSource(Operation.class)
    void everyOperationInBothModesGivesTheReferenceAnswer(Operation op) {
        Map<String, Object> params = Defaults.of(op, data.count(GlueModel.CONNECTION));
        OperationResult expected = ReferenceEvaluator.evaluate(data, op, params);
        for (Mode mode : Mode.values()) {
            OperationResult r = backend.execute(op, mode, params);
            assertThat(r.rows()).as(op + " " + mode).isEqualTo(expected.rows());
            assertThat(r.requests()).isEqualTo(1);
            assertThat(r.columns()).isEqualTo(op.columns());
        }
    }

    @Test
    void nonDefaultParametersToo() {
        Object[] se = data.rows(GlueModel.STORAGE_ELEMENT).get(0);
        Map<String, Object> p = Map.of("site", se[2], "name", se[1]);
        for (Operation op : List.of(Operation.SCOPED, Operation.NON_SCOPED)) {
            for (Mode mode : Mode.values()) {
                assertThat(backend.execute(op, mode, p).rows()).containsExactly(List.of(se[0], se[1]));
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
        assertThat(n).isEqualTo(4);
        assertThat(backend.execute(Operation.HOST_LOOKUP, Mode.BEST, Map.of("host", Defaults.HOST)).rows().get(0).get(2)).isEqualTo(7L);
        assertThat(backend.counts().get("policy")).isEqualTo(data.count("policy") + 1);
        assertThat(backend.counts().get("service_data")).isEqualTo(data.count("service_data") - 1);
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
            assertThatThrownBy(() -> backend.apply(batch)).isInstanceOf(GrimException.class)
                    .satisfies(e -> assertThat(((GrimException) e).status()).as(e.getMessage()).isEqualTo(status))
                    .hasMessageContaining("nothing of this batch was written");
        }
        DatasetAssert.assertSameObjects(backend.snapshot(), before);
    }

    @Test
    void invalidUpdatesAreRejectedBeforeTheDatabase() {
        assertThatThrownBy(() -> Update.set("nosuch", "x", Map.of("a", 1L)).validated()).hasMessageContaining("unknown collection");
        assertThatThrownBy(() -> Update.set("host", "x", Map.of("nosuch", 1L)).validated()).hasMessageContaining("has no attribute 'nosuch'");
        assertThatThrownBy(() -> Update.set("host", "x", Map.of("load_last_1min", "high")).validated()).hasMessageContaining("not an integer");
        assertThatThrownBy(() -> Update.set("host", "x", Map.of("host_id", "y")).validated()).hasMessageContaining("part of the key");
    }

    @Test
    void nativeSqlIsReadOnlyAndLimited() {
        NativeResult r = backend.nativeQuery("select host_id, si00 from host order by host_id limit 3", QueryLimits.DEFAULT);
        assertThat(r.columns()).containsExactly("host_id", "si00");
        assertThat(r.rows()).hasSize(3);
        assertThat(r.rows().get(0).get(0)).isEqualTo("host-000001");
        NativeResult limited = backend.nativeQuery("select host_id from host", new QueryLimits(Duration.ofSeconds(5), 10, 1 << 20));
        assertThat(limited.rows()).hasSize(10);
        assertThat(limited.truncated()).isTrue();
        assertThatThrownBy(() -> backend.nativeQuery("update host set si00 = 0", QueryLimits.DEFAULT))
                .satisfies(e -> assertThat(((GrimException) e).status()).isEqualTo(422));
        assertThatThrownBy(() -> backend.nativeQuery("select * from host; delete from host", QueryLimits.DEFAULT))
                .satisfies(e -> assertThat(((GrimException) e).status()).isEqualTo(422));
        assertThatThrownBy(() -> backend.nativeQuery("select nosuchcolumn from host", QueryLimits.DEFAULT))
                .satisfies(e -> assertThat(((GrimException) e).status()).isEqualTo(400)).hasMessageContaining("nosuchcolumn");
        assertThatThrownBy(() -> backend.nativeQuery("select pg_sleep(5)", new QueryLimits(Duration.ofMillis(200), 10, 1 << 20)))
                .satisfies(e -> assertThat(((GrimException) e).status()).isEqualTo(422)).hasMessageContaining("longer than");
        assertThat(backend.counts()).isEqualTo(data.counts());
    }
}
