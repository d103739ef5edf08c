package org.gridstack.grim.store.basex;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertDoesNotContain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.ReferenceEvaluator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The read side of the embedded BaseX backend: load, snapshot, every operation in both modes against the Java reference. */
class TestBaseXBackend {
    /** Most requests a faithful execution may send (docs/backend-basex.md). */
    static final Map<Operation, Integer> FAITHFUL_MAX_REQUESTS = new EnumMap<>(Map.ofEntries(
            Map.entry(Operation.SCOPED_HOSTS, 2), Map.entry(Operation.NON_SCOPED_HOSTS, 2), Map.entry(Operation.SCOPED, 1),
            Map.entry(Operation.NON_SCOPED, 1), Map.entry(Operation.INDEXED, 3), Map.entry(Operation.NON_INDEXED, 3),
            Map.entry(Operation.SELECTIVITY_1, 1), Map.entry(Operation.SELECTIVITY_1_PCT, 1), Map.entry(Operation.SELECTIVITY_10_PCT, 1),
            Map.entry(Operation.MANY_RELATIONS, 6), Map.entry(Operation.JOB_SUBMIT, 9), Map.entry(Operation.NETWORK_HOP, 4),
            Map.entry(Operation.CONNECT, 1), Map.entry(Operation.UPDATE, 1), Map.entry(Operation.SOFTWARE_LOOKUP, 1),
            Map.entry(Operation.HOST_LOOKUP, 1), Map.entry(Operation.STORAGE_LOOKUP, 1)));

    @TempDir
    static Path dir;
    static BaseXBackend backend;
    static final Dataset DATA = BaseXTestData.SMALL;

    @BeforeAll
    static void load() {
        backend = new BaseXBackend(BaseXSettings.embedded(dir.resolve("db")));
        backend.load(DATA);
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @Test
    void snapshotAfterLoadHoldsExactlyTheDataset() {
        assertEquals(BaseXTestData.contents(DATA), BaseXTestData.contents(backend.snapshot()));
        assertEquals(DATA.counts(), backend.counts());
    }

    @Test
    void everyReadOperationAnswersLikeTheReferenceInBothModes() {
        for (Operation op : Operation.values()) {
            if (op == Operation.UPDATE) {
                continue;
            }
            checkOperation(backend, DATA, op, BaseXTestData.defaults(DATA, op));
        }
    }

    @Test
    void defaultsSelectSomethingWhereTheSeedExpectsAnAnswer() {
        for (Operation op : List.of(Operation.SCOPED_HOSTS, Operation.INDEXED, Operation.NON_INDEXED, Operation.SELECTIVITY_1,
                Operation.SELECTIVITY_1_PCT, Operation.SELECTIVITY_10_PCT, Operation.MANY_RELATIONS, Operation.JOB_SUBMIT,
                Operation.NETWORK_HOP, Operation.HOST_LOOKUP)) {
            assertFalse(backend.execute(op, Mode.BEST, BaseXTestData.defaults(DATA, op)).rows().isEmpty(), op.label() + ": expected rows");
        }
        List<List<Object>> baseline = backend.execute(Operation.NON_SCOPED, Mode.BEST, BaseXTestData.defaults(DATA, Operation.NON_SCOPED)).rows();
        assertEquals(List.of(), baseline, "the seed's baseline query returns the empty set");
    }

    @Test
    void scopedStorageElementQueriesFindAnExistingElement() {
        CollectionDef se = GlueModel.collection(GlueModel.STORAGE_ELEMENT);
        Object[] first = DATA.rows(GlueModel.STORAGE_ELEMENT).get(0);
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("site", first[se.indexOf("site_id")]);
        p.put("name", first[se.indexOf("name")]);
        for (Operation op : List.of(Operation.SCOPED, Operation.NON_SCOPED)) {
            OperationResult r = checkOperation(backend, DATA, op, p);
            assertContains(List.of(first[0], first[se.indexOf("name")]), r.rows(), op.label());
        }
    }

    @Test
    void connectOpensAndClosesOneSession() {
        for (Mode mode : Mode.values()) {
            OperationResult r = backend.execute(Operation.CONNECT, mode, Map.of());
            assertEquals(1, r.requests());
            assertTrue(r.rows().isEmpty(), () -> "expected empty but was: " + r.rows());
        }
    }

    @Test
    void attributeIndexServesTheIndexedOperationsOnly() {
        assertContains("apply attribute index", backend.queryInfo(backend.bestQuery(Operation.INDEXED, BaseXTestData.defaults(DATA, Operation.INDEXED))));
        assertContains("apply attribute index", backend.queryInfo(backend.bestQuery(Operation.HOST_LOOKUP, BaseXTestData.defaults(DATA, Operation.HOST_LOOKUP))));
        for (Operation op : List.of(Operation.NON_INDEXED, Operation.SELECTIVITY_1, Operation.SELECTIVITY_1_PCT,
                Operation.SELECTIVITY_10_PCT, Operation.SOFTWARE_LOOKUP, Operation.STORAGE_LOOKUP)) {
            String q = backend.bestQuery(op, BaseXTestData.defaults(DATA, op));
            // the joined host_os / host_memory lookups of #6 may use the index; the selecting step must not
            String selecting = q.lines().findFirst().orElseThrow();
            assertDoesNotContain("apply attribute index", backend.queryInfo(selecting.replaceFirst("^for \\$\\w+ in ", "")), op.label());
        }
    }

    @Test
    void indexIncludesOnlyKeyAndIndexedAttributes() {
        assertContains("GlueHostUniqueID", BaseXBackend.indexedAttributes());
        assertContains("GlueClusterUniqueID", BaseXBackend.indexedAttributes());
        assertContains("GrimConnectionSource", BaseXBackend.indexedAttributes());
        assertContains("GrimConnectionTarget", BaseXBackend.indexedAttributes());
        assertContains("GlueSEName", BaseXBackend.indexedAttributes());
        assertDoesNotContain("GlueHostName", BaseXBackend.indexedAttributes());
        assertDoesNotContain("GrimConnectionSequence", BaseXBackend.indexedAttributes());
        assertDoesNotContain("GlueSoftwareModuleName", BaseXBackend.indexedAttributes());
        assertDoesNotContain("GrimSEControlHost", BaseXBackend.indexedAttributes());
        assertNotNull(backend.queryInfo("db:info('" + backend.settings().database() + "')//attrinclude/string()"));
    }

    /** Runs {@code op} in both modes and checks faithful == best == reference and the request counts. */
    static OperationResult checkOperation(BaseXBackend backend, Dataset data, Operation op, Map<String, Object> params) {
        OperationResult faithful = backend.execute(op, Mode.FAITHFUL, params);
        OperationResult best = backend.execute(op, Mode.BEST, params);
        assertEquals(best.rows(), faithful.rows(), op.label() + " faithful == best");
        if (op != Operation.CONNECT) {
            assertEquals(ReferenceEvaluator.evaluate(data, op, params).rows(), best.rows(), op.label() + " == reference");
        }
        assertEquals(1, best.requests(), op.label() + " best requests");
        assertTrue(faithful.requests() >= 1 && faithful.requests() <= FAITHFUL_MAX_REQUESTS.get(op), () -> op.label() + " faithful requests: expected between " + 1 + " and " + FAITHFUL_MAX_REQUESTS.get(op) + " but was " + faithful.requests());
        assertEquals(op.columns(), faithful.columns());
        if (!best.rows().isEmpty()) {
            assertTrue(best.bytes() > 0, () -> op.label() + " bytes: expected > 0 but was " + best.bytes());
            assertTrue(faithful.bytes() > 0, () -> op.label() + " faithful bytes: expected > 0 but was " + faithful.bytes());
        }
        assertTrue(best.qrtNanos() > 0, () -> "expected > 0 but was " + best.qrtNanos());
        return best;
    }
}
