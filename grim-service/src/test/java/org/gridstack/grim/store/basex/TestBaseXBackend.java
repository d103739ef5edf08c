package org.gridstack.grim.store.basex;

import static org.assertj.core.api.Assertions.assertThat;

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
        assertThat(BaseXTestData.contents(backend.snapshot())).isEqualTo(BaseXTestData.contents(DATA));
        assertThat(backend.counts()).isEqualTo(DATA.counts());
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
            assertThat(backend.execute(op, Mode.BEST, BaseXTestData.defaults(DATA, op)).rows()).as(op.label()).isNotEmpty();
        }
        assertThat(backend.execute(Operation.NON_SCOPED, Mode.BEST, BaseXTestData.defaults(DATA, Operation.NON_SCOPED)).rows())
                .as("the seed's baseline query returns the empty set").isEmpty();
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
            assertThat(r.rows()).as(op.label()).contains(List.of(first[0], first[se.indexOf("name")]));
        }
    }

    @Test
    void connectOpensAndClosesOneSession() {
        for (Mode mode : Mode.values()) {
            OperationResult r = backend.execute(Operation.CONNECT, mode, Map.of());
            assertThat(r.requests()).isEqualTo(1);
            assertThat(r.rows()).isEmpty();
        }
    }

    @Test
    void attributeIndexServesTheIndexedOperationsOnly() {
        assertThat(backend.queryInfo(backend.bestQuery(Operation.INDEXED, BaseXTestData.defaults(DATA, Operation.INDEXED))))
                .contains("apply attribute index");
        assertThat(backend.queryInfo(backend.bestQuery(Operation.HOST_LOOKUP, BaseXTestData.defaults(DATA, Operation.HOST_LOOKUP))))
                .contains("apply attribute index");
        for (Operation op : List.of(Operation.NON_INDEXED, Operation.SELECTIVITY_1, Operation.SELECTIVITY_1_PCT,
                Operation.SELECTIVITY_10_PCT, Operation.SOFTWARE_LOOKUP, Operation.STORAGE_LOOKUP)) {
            String q = backend.bestQuery(op, BaseXTestData.defaults(DATA, op));
            // the joined host_os / host_memory lookups of #6 may use the index; the selecting step must not
            String selecting = q.lines().findFirst().orElseThrow();
            assertThat(backend.queryInfo(selecting.replaceFirst("^for \\$\\w+ in ", ""))).as(op.label())
                    .doesNotContain("apply attribute index");
        }
    }

    @Test
    void indexIncludesOnlyKeyAndIndexedAttributes() {
        assertThat(BaseXBackend.indexedAttributes()).contains("GlueHostUniqueID", "GlueClusterUniqueID", "GrimConnectionSource",
                "GrimConnectionTarget", "GlueSEName").doesNotContain("GlueHostName", "GrimConnectionSequence",
                        "GlueSoftwareModuleName", "GrimSEControlHost");
        assertThat(backend.queryInfo("db:info('" + backend.settings().database() + "')//attrinclude/string()")).isNotNull();
    }

    /** Runs {@code op} in both modes and checks faithful == best == reference and the request counts. */
    static OperationResult checkOperation(BaseXBackend backend, Dataset data, Operation op, Map<String, Object> params) {
        OperationResult faithful = backend.execute(op, Mode.FAITHFUL, params);
        OperationResult best = backend.execute(op, Mode.BEST, params);
        assertThat(faithful.rows()).as(op.label() + " faithful == best").isEqualTo(best.rows());
        if (op != Operation.CONNECT) {
            assertThat(best.rows()).as(op.label() + " == reference").isEqualTo(ReferenceEvaluator.evaluate(data, op, params).rows());
        }
        assertThat(best.requests()).as(op.label() + " best requests").isEqualTo(1);
        assertThat(faithful.requests()).as(op.label() + " faithful requests").isBetween(1, FAITHFUL_MAX_REQUESTS.get(op));
        assertThat(faithful.columns()).isEqualTo(op.columns());
        if (!best.rows().isEmpty()) {
            assertThat(best.bytes()).as(op.label() + " bytes").isPositive();
            assertThat(faithful.bytes()).as(op.label() + " faithful bytes").isPositive();
        }
        assertThat(best.qrtNanos()).isPositive();
        return best;
    }
}
