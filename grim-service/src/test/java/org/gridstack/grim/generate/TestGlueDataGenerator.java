package org.gridstack.grim.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Defaults;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.ReferenceEvaluator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TestGlueDataGenerator {
    private static Dataset full;

    @BeforeAll
    static void generateFullSize() {
        full = new GlueDataGenerator(42, 1.0).generate();
    }

    @Test
    void fullSizeHasTheSeedsCounts() {
        assertEquals(34, GlueModel.collections().size(), () -> "size of " + GlueModel.collections());
        assertEquals(81_684, full.totalObjects());
        for (CollectionDef c : GlueModel.collections()) {
            assertEquals(c.baseCount(), full.count(c.name()), c.name());
        }
        assertEquals(20, full.count(GlueModel.CLUSTER));
        assertEquals(60, full.count(GlueModel.USER_ACCOUNT));
        assertEquals(106, full.count(GlueModel.COMPUTING_ELEMENT));
        assertEquals(345, full.count(GlueModel.SUB_CLUSTER));
        assertEquals(600, full.count(GlueModel.APPLICATION));
        assertEquals(640, full.count(GlueModel.SOFTWARE));
        assertEquals(12_200, full.count(GlueModel.CONNECTION));
        assertEquals(29_743, full.count(GlueModel.HOST));
        assertEquals(60, full.count(GlueModel.STORAGE_ELEMENT));
    }

    @Test
    void sameSeedSameData() {
        Dataset a = new GlueDataGenerator(7, 0.05).generate();
        Dataset b = new GlueDataGenerator(7, 0.05).generate();
        Dataset c = new GlueDataGenerator(8, 0.05).generate();
        for (CollectionDef def : GlueModel.collections()) {
            assertEquals(rows(b, def.name()), rows(a, def.name()), def.name());
        }
        assertNotEquals(rows(c, GlueModel.CONNECTION), rows(a, GlueModel.CONNECTION));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.002, 0.05, 0.25, 1.0})
    void keysAreUniqueAndEveryReferenceResolves(double scale) {
        Dataset d = scale == 1.0 ? full : new GlueDataGenerator(42, scale).generate();
        Map<String, Set<Object>> keysOf = new java.util.HashMap<>();
        for (CollectionDef def : GlueModel.collections()) {
            keysOf.put(def.name(), keySet(d, def.name()));
        }
        for (CollectionDef def : GlueModel.collections()) {
            Set<List<Object>> keys = new HashSet<>();
            for (Object[] r : d.rows(def.name())) {
                assertTrue(keys.add(Arrays.asList(r).subList(0, def.keyCount())), def.name() + " key " + r[0]);
                for (int i = 0; i < def.columns().size(); i++) {
                    Column col = def.columns().get(i);
                    if (col.isReference()) {
                        if (!keysOf.get(col.references()).contains(r[i])) {
                            throw new AssertionError(def.name() + "." + col.name() + " = " + r[i] + " names no " + col.references());
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.002, 0.05, 1.0})
    void defaultsExistAtEveryScale(double scale) {
        Dataset d = scale == 1.0 ? full : new GlueDataGenerator(42, scale).generate();
        long connections = d.count(GlueModel.CONNECTION);
        assertAnswerSize(1, d, Operation.INDEXED, connections);
        assertEquals(answer(d, Operation.INDEXED, connections), answer(d, Operation.NON_INDEXED, connections));
        assertAnswerSize(1, d, Operation.SELECTIVITY_1, connections);
        assertAnswerSize(1, d, Operation.JOB_SUBMIT, connections);
        assertAnswerSize(0, d, Operation.NON_SCOPED, connections);
        assertAnswers(d, Operation.SCOPED_HOSTS, connections);
        assertEquals(answer(d, Operation.SCOPED_HOSTS, connections), answer(d, Operation.NON_SCOPED_HOSTS, connections));
        assertAnswers(d, Operation.MANY_RELATIONS, connections);
        assertAnswers(d, Operation.NETWORK_HOP, connections);
        assertAnswerSize(1, d, Operation.SOFTWARE_LOOKUP, connections);
        assertAnswerSize(1, d, Operation.STORAGE_LOOKUP, connections);
        assertAnswerSize(1, d, Operation.HOST_LOOKUP, connections);
    }

    @Test
    void selectivityAndPathCountsMatchTheSeedAtFullSize() {
        assertAnswerSize(122, full, Operation.SELECTIVITY_1_PCT, 12_200);
        assertAnswerSize(1_220, full, Operation.SELECTIVITY_10_PCT, 12_200);
        // the seed: "finds roughly 13000 paths at that distance"
        int paths = answer(full, Operation.NETWORK_HOP, 12_200).size();
        assertTrue(paths >= 10_000 && paths <= 16_000, () -> "expected between 10000 and 16000 paths but was " + paths);
    }

    private static void assertAnswerSize(int expected, Dataset d, Operation op, long connections) {
        List<List<Object>> rows = answer(d, op, connections);
        assertEquals(expected, rows.size(), () -> op + " answered " + rows);
    }

    private static void assertAnswers(Dataset d, Operation op, long connections) {
        assertFalse(answer(d, op, connections).isEmpty(), () -> op + " answered nothing");
    }

    @Test
    void insertedPolicyObjectsAreAboutThe340BytesOfTheSeed() {
        Object[] policy = full.rows(GlueModel.POLICY).get(0);
        int bytes = 0;
        for (Object v : policy) {
            bytes += String.valueOf(v).length();
        }
        assertTrue(bytes >= 300 && bytes <= 380, "expected between 300 and 380 bytes but was " + bytes);

    }

    private static List<List<Object>> answer(Dataset d, Operation op, long connections) {
        Map<String, Object> params = Defaults.of(op, connections);
        OperationResult r = ReferenceEvaluator.evaluate(d, op, params);
        return r.rows();
    }

    private static List<List<Object>> rows(Dataset d, String c) {
        return d.rows(c).stream().map(r -> (List<Object>) Arrays.asList(r)).toList();
    }

    private static Set<Object> keySet(Dataset d, String collection) {
        Set<Object> s = new HashSet<>();
        for (Object[] r : d.rows(collection)) {
            s.add(r[0]);
        }
        return s;
    }
}
