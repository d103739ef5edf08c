package org.gridstack.grim.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.store.Rows;

/** Order-independent comparison of two datasets, collection by collection. */
public final class DatasetAssert {
    private DatasetAssert() {
    }

    public static void assertSameObjects(Dataset actual, Dataset expected) {
        for (CollectionDef def : GlueModel.collections()) {
            assertEquals(sorted(expected, def.name()), sorted(actual, def.name()), "objects of " + def.name());
        }
    }

    public static List<List<Object>> sorted(Dataset d, String collection) {
        return Rows.sort(d.rows(collection).stream().map(r -> (List<Object>) Arrays.asList(r)).toList());
    }
}
