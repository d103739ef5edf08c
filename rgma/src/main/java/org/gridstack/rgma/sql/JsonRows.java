package org.gridstack.rgma.sql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a row as it travels in JSON (numbers, strings, null; named by {@code columns}) back into
 * JDBC values in a table's column order, checked like an {@code INSERT}'s literals: what a
 * secondary producer does with the tuples it consumes. Stateless.
 */
public final class JsonRows {
    private JsonRows() {
    }

    /** The row's values for {@code table}'s columns (columns the row lacks are null). */
    public static List<Object> toJdbc(TableDefinition table, List<String> columns, List<Object> row) {
        List<Object> out = new ArrayList<>(table.columns().size());
        for (ColumnDefinition c : table.columns()) {
            int i = columns.indexOf(c.name());
            Object v = i < 0 ? null : row.get(i);
            if (v instanceof Number n) {
                v = new BigDecimal(n.toString());
            }
            out.add(c.type().toJdbc(v, c));
        }
        return out;
    }
}
