package org.gridstack.grim.store.basex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gridstack.grim.generate.GlueDataGenerator;
import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Defaults;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.Rows;

/** Shared fixtures of the BaseX tests: a small generated dataset and helpers to compare datasets. */
final class BaseXTestData {
    static final Dataset SMALL = new GlueDataGenerator(42, 0.03).generate();

    private BaseXTestData() {
    }

    static Map<String, Object> defaults(Dataset data, Operation op) {
        return Defaults.of(op, data.count(GlueModel.CONNECTION));
    }

    /** Every collection's rows as sorted lists, for order-independent comparison. */
    static Map<String, List<List<Object>>> contents(Dataset data) {
        Map<String, List<List<Object>>> m = new TreeMap<>();
        for (CollectionDef def : GlueModel.collections()) {
            List<List<Object>> rows = new ArrayList<>();
            for (Object[] r : data.rows(def.name())) {
                rows.add(Arrays.asList(r));
            }
            m.put(def.name(), Rows.sort(rows));
        }
        return m;
    }
}
