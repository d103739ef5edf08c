package org.gridstack.grim.store.basex;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.Update;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Updates on the embedded BaseX backend: the rules of {@link Update}, all or nothing, and that reads see the changes. */
class TestBaseXUpdates {
    @TempDir
    Path dir;
    BaseXBackend backend;
    final Dataset data = BaseXTestData.SMALL;

    @BeforeEach
    void load() {
        backend = new BaseXBackend(BaseXSettings.embedded(dir.resolve("db")));
        backend.load(data);
    }

    @AfterEach
    void close() {
        backend.close();
    }

    @Test
    void updateOperationSetsTheLoadOfOneHost() {
        for (Mode mode : Mode.values()) {
            OperationResult r = backend.execute(Operation.UPDATE, mode, Map.of("host", "host-000001", "value", 7L + mode.ordinal()));
            assertThat(r.rows()).isEqualTo(List.of(List.of(1L)));
            assertThat(r.requests()).isEqualTo(1);
            assertThat(backend.execute(Operation.HOST_LOOKUP, mode, Map.of("host", "host-000001")).rows().get(0).get(2))
                    .isEqualTo(7L + mode.ordinal());
        }
        assertThat(backend.execute(Operation.UPDATE, Mode.BEST, Map.of("host", "no-such-host", "value", 1L)).rows())
                .isEqualTo(List.of(List.of(0L)));
    }

    @Test
    void setInsertAndDeleteAreVisibleToOperationsCountsAndSnapshot() {
        Map<String, Object> newHost = new HashMap<>();
        newHost.put("host_name", "wn-new.example.org");
        newHost.put("cluster_id", "cluster-001");
        newHost.put("os_id", "os-01");
        int n = backend.apply(List.of(
                new Update(Update.Kind.INSERT, GlueModel.CLUSTER, List.of("cluster-new"), Map.of("name", "New", "site_id", "site-01")),
                new Update(Update.Kind.INSERT, GlueModel.HOST, List.of("host-new"), newHost),
                Update.set(GlueModel.HOST, "host-new", Map.of("cluster_id", "cluster-new", "load_last_1min", 3L)),
                Update.set(GlueModel.HOST, "host-000001", Map.of("cluster_id", "cluster-new"))));
        assertThat(n).isEqualTo(4);
        Map<String, Long> counts = backend.counts();
        assertThat(counts.get(GlueModel.HOST)).isEqualTo(data.count(GlueModel.HOST) + 1L);
        assertThat(counts.get(GlueModel.CLUSTER)).isEqualTo(data.count(GlueModel.CLUSTER) + 1L);
        for (Mode mode : Mode.values()) {
            OperationResult scoped = backend.execute(Operation.SCOPED_HOSTS, mode, Map.of("cluster", "cluster-new", "release", "SL-3.0.5"));
            assertThat(scoped.rows()).as(mode.label()).containsExactly(
                    List.of("host-000001", "wn000001.site-01.grid.example.org"), List.of("host-new", "wn-new.example.org"));
            assertThat(backend.execute(Operation.HOST_LOOKUP, mode, Map.of("host", "host-new")).rows())
                    .containsExactly(java.util.Arrays.asList("host-new", "wn-new.example.org", 3L));
        }
        backend.apply(List.of(new Update(Update.Kind.DELETE, GlueModel.HOST, List.of("host-new"), Map.of())));
        assertThat(backend.counts().get(GlueModel.HOST)).isEqualTo(data.count(GlueModel.HOST));
        Dataset snap = backend.snapshot();
        assertThat(snap.rows(GlueModel.HOST).stream().filter(r -> r[0].equals("host-000001")).findFirst().orElseThrow()[2])
                .isEqualTo("cluster-new");
    }

    @Test
    void rulesAnswer404And409AndABatchIsAllOrNothing() {
        Map<String, Long> before = backend.counts();
        GrimException missing = catchGrim(() -> backend.apply(List.of(Update.set(GlueModel.HOST, "no-such-host", Map.of("si00", 1L)))));
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.getMessage()).contains("no-such-host");
        assertThat(catchGrim(() -> backend.apply(List.of(new Update(Update.Kind.DELETE, GlueModel.HOST, List.of("nope"), Map.of()))))
                .status()).isEqualTo(404);
        assertThat(catchGrim(() -> backend.apply(List.of(new Update(Update.Kind.INSERT, GlueModel.SITE, List.of("site-01"), Map.of()))))
                .status()).isEqualTo(409);
        GrimException badRef = catchGrim(() -> backend.apply(List.of(
                Update.set(GlueModel.HOST, "host-000001", Map.of("load_last_1min", 999L)),
                new Update(Update.Kind.INSERT, GlueModel.HOST, List.of("host-x"), Map.of("cluster_id", "no-such-cluster")))));
        assertThat(badRef.status()).isEqualTo(409);
        assertThat(badRef.getMessage()).contains("no-such-cluster");
        GrimException referenced = catchGrim(() -> backend.apply(List.of(
                new Update(Update.Kind.DELETE, GlueModel.CLUSTER, List.of("cluster-001"), Map.of()))));
        assertThat(referenced.status()).isEqualTo(409);
        assertThat(referenced.getMessage()).contains("still refers");
        // nothing of the failed batches was written
        assertThat(backend.counts()).isEqualTo(before);
        assertThat(backend.execute(Operation.HOST_LOOKUP, Mode.BEST, Map.of("host", "host-000001")).rows().get(0).get(2))
                .isNotEqualTo(999L);
        assertThat(BaseXTestData.contents(backend.snapshot())).isEqualTo(BaseXTestData.contents(data));
    }

    @Test
    void aDeleteIsAllowedOnceTheBatchRemovedEveryReference() {
        // a storage area bound to VOs: refused alone, accepted after the bindings are deleted in the same batch
        Object[] binding = data.rows(GlueModel.SA_VO).get(0);
        String sa = (String) binding[0];
        Update deleteArea = new Update(Update.Kind.DELETE, GlueModel.STORAGE_AREA, List.of(sa), Map.of());
        assertThat(catchGrim(() -> backend.apply(List.of(deleteArea))).status()).isEqualTo(409);
        List<Update> batch = new java.util.ArrayList<>();
        for (Object[] b : data.rows(GlueModel.SA_VO)) {
            if (b[0].equals(sa)) {
                batch.add(new Update(Update.Kind.DELETE, GlueModel.SA_VO, List.of((String) b[0], (String) b[1]), Map.of()));
            }
        }
        batch.add(deleteArea);
        assertThat(backend.apply(batch)).isEqualTo(batch.size());
        assertThat(backend.counts().get(GlueModel.STORAGE_AREA)).isEqualTo(data.count(GlueModel.STORAGE_AREA) - 1L);
    }

    private static GrimException catchGrim(Runnable r) {
        try {
            r.run();
        } catch (GrimException e) {
            return e;
        }
        throw new AssertionError("expected a GrimException");
    }
}
