package org.gridstack.grim.generate;

import static org.assertj.core.api.Assertions.assertThat;

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
        assertThat(GlueModel.collections()).hasSize(34);
        assertThat(full.totalObjects()).isEqualTo(81_684);
        for (CollectionDef c : GlueModel.collections()) {
            assertThat(full.count(c.name())).as(c.name()).isEqualTo(c.baseCount());
        }
        assertThat(full.count(GlueModel.CLUSTER)).isEqualTo(20);
        assertThat(full.count(GlueModel.USER_ACCOUNT)).isEqualTo(60);
        assertThat(full.count(GlueModel.COMPUTING_ELEMENT)).isEqualTo(106);
        assertThat(full.count(GlueModel.SUB_CLUSTER)).isEqualTo(345);
        assertThat(full.count(GlueModel.APPLICATION)).isEqualTo(600);
        assertThat(full.count(GlueModel.SOFTWARE)).isEqualTo(640);
        assertThat(full.count(GlueModel.CONNECTION)).isEqualTo(12_200);
        assertThat(full.count(GlueModel.HOST)).isEqualTo(29_743);
        assertThat(full.count(GlueModel.STORAGE_ELEMENT)).isEqualTo(60);
    }

    @Test
    void sameSeedSameData() {
        Dataset a = new GlueDataGenerator(7, 0.05).generate();
        Dataset b = new GlueDataGenerator(7, 0.05).generate();
        Dataset c = new GlueDataGenerator(8, 0.05).generate();
        for (CollectionDef def : GlueModel.collections()) {
            assertThat(rows(a, def.name())).as(def.name()).isEqualTo(rows(b, def.name()));
        }
        assertThat(rows(a, GlueModel.CONNECTION)).isNotEqualTo(rows(c, GlueModel.CONNECTION));
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
                assertThat(keys.add(Arrays.asList(r).subList(0, def.keyCount()))).as(def.name() + " key " + r[0]).isTrue();
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
        assertThat(answer(d, Operation.INDEXED, connections)).hasSize(1);
        assertThat(answer(d, Operation.NON_INDEXED, connections)).isEqualTo(answer(d, Operation.INDEXED, connections));
        assertThat(answer(d, Operation.SELECTIVITY_1, connections)).hasSize(1);
        assertThat(answer(d, Operation.JOB_SUBMIT, connections)).hasSize(1);
        assertThat(answer(d, Operation.NON_SCOPED, connections)).isEmpty();
        assertThat(answer(d, Operation.SCOPED_HOSTS, connections)).isNotEmpty()
                .isEqualTo(answer(d, Operation.NON_SCOPED_HOSTS, connections));
        assertThat(answer(d, Operation.MANY_RELATIONS, connections)).isNotEmpty();
        assertThat(answer(d, Operation.NETWORK_HOP, connections)).isNotEmpty();
        assertThat(answer(d, Operation.SOFTWARE_LOOKUP, connections)).hasSize(1);
        assertThat(answer(d, Operation.STORAGE_LOOKUP, connections)).hasSize(1);
        assertThat(answer(d, Operation.HOST_LOOKUP, connections)).hasSize(1);
    }

    @Test
    void selectivityAndPathCountsMatchTheSeedAtFullSize() {
        assertThat(answer(full, Operation.SELECTIVITY_1_PCT, 12_200)).hasSize(122);
        assertThat(answer(full, Operation.SELECTIVITY_10_PCT, 12_200)).hasSize(1_220);
        // the seed: "finds roughly 13000 paths at that distance"
        assertThat(answer(full, Operation.NETWORK_HOP, 12_200).size()).isBetween(10_000, 16_000);
    }

    @Test
    void insertedPolicyObjectsAreAboutThe340BytesOfTheSeed() {
        Object[] policy = full.rows(GlueModel.POLICY).get(0);
        int bytes = 0;
        for (Object v : policy) {
            bytes += String.valueOf(v).length();
        }
        assertThat(bytes).isBetween(300, 380);
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
