package org.gridstack.grim.store.basex;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
            assertEquals(List.of(List.of(1L)), r.rows());
            assertEquals(1, r.requests());
            assertEquals(7L + mode.ordinal(), backend.execute(Operation.HOST_LOOKUP, mode, Map.of("host", "host-000001")).rows().get(0).get(2));
        }
        assertEquals(List.of(List.of(0L)), backend.execute(Operation.UPDATE, Mode.BEST, Map.of("host", "no-such-host", "value", 1L)).rows());
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
        assertEquals(4, n);
        Map<String, Long> counts = backend.counts();
        assertEquals(data.count(GlueModel.HOST) + 1L, counts.get(GlueModel.HOST));
        assertEquals(data.count(GlueModel.CLUSTER) + 1L, counts.get(GlueModel.CLUSTER));
        for (Mode mode : Mode.values()) {
            OperationResult scoped = backend.execute(Operation.SCOPED_HOSTS, mode, Map.of("cluster", "cluster-new", "release", "SL-3.0.5"));
            assertContainsExactly(List.of(List.of("host-000001", "wn000001.site-01.grid.example.org"), List.of("host-new", "wn-new.example.org")), scoped.rows(), mode.label());
            assertContainsExactly(List.of(java.util.Arrays.asList("host-new", "wn-new.example.org", 3L)), backend.execute(Operation.HOST_LOOKUP, mode, Map.of("host", "host-new")).rows());
        }
        backend.apply(List.of(new Update(Update.Kind.DELETE, GlueModel.HOST, List.of("host-new"), Map.of())));
        assertEquals(data.count(GlueModel.HOST), backend.counts().get(GlueModel.HOST));
        Dataset snap = backend.snapshot();
        assertEquals("cluster-new", snap.rows(GlueModel.HOST).stream().filter(r -> r[0].equals("host-000001")).findFirst().orElseThrow()[2]);
    }

    @Test
    void rulesAnswer404And409AndABatchIsAllOrNothing() {
        Map<String, Long> before = backend.counts();
        GrimException missing = catchGrim(() -> backend.apply(List.of(Update.set(GlueModel.HOST, "no-such-host", Map.of("si00", 1L)))));
        assertEquals(404, missing.status());
        assertContains("no-such-host", missing.getMessage());
        assertEquals(404, catchGrim(() -> backend.apply(List.of(new Update(Update.Kind.DELETE, GlueModel.HOST, List.of("nope"), Map.of()))))
                .status());
        assertEquals(409, catchGrim(() -> backend.apply(List.of(new Update(Update.Kind.INSERT, GlueModel.SITE, List.of("site-01"), Map.of()))))
                .status());
        GrimException badRef = catchGrim(() -> backend.apply(List.of(
                Update.set(GlueModel.HOST, "host-000001", Map.of("load_last_1min", 999L)),
                new Update(Update.Kind.INSERT, GlueModel.HOST, List.of("host-x"), Map.of("cluster_id", "no-such-cluster")))));
        assertEquals(409, badRef.status());
        assertContains("no-such-cluster", badRef.getMessage());
        GrimException referenced = catchGrim(() -> backend.apply(List.of(
                new Update(Update.Kind.DELETE, GlueModel.CLUSTER, List.of("cluster-001"), Map.of()))));
        assertEquals(409, referenced.status());
        assertContains("still refers", referenced.getMessage());
        // nothing of the failed batches was written
        assertEquals(before, backend.counts());
        assertNotEquals(999L, backend.execute(Operation.HOST_LOOKUP, Mode.BEST, Map.of("host", "host-000001")).rows().get(0).get(2));
        assertEquals(BaseXTestData.contents(data), BaseXTestData.contents(backend.snapshot()));
    }

    @Test
    void aDeleteIsAllowedOnceTheBatchRemovedEveryReference() {
        // a storage area bound to VOs: refused alone, accepted after the bindings are deleted in the same batch
        Object[] binding = data.rows(GlueModel.SA_VO).get(0);
        String sa = (String) binding[0];
        Update deleteArea = new Update(Update.Kind.DELETE, GlueModel.STORAGE_AREA, List.of(sa), Map.of());
        assertEquals(409, catchGrim(() -> backend.apply(List.of(deleteArea))).status());
        List<Update> batch = new java.util.ArrayList<>();
        for (Object[] b : data.rows(GlueModel.SA_VO)) {
            if (b[0].equals(sa)) {
                batch.add(new Update(Update.Kind.DELETE, GlueModel.SA_VO, List.of((String) b[0], (String) b[1]), Map.of()));
            }
        }
        batch.add(deleteArea);
        assertEquals(batch.size(), backend.apply(batch));
        assertEquals(data.count(GlueModel.STORAGE_AREA) - 1L, backend.counts().get(GlueModel.STORAGE_AREA));
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
