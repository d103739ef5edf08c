package org.gridstack.grim.store.postgres;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Turns a value of a native SQL answer into what the API returns: integers as numbers, arrays as
 * lists, XML as its text, binary as hex, everything else as its text form (never a driver
 * object's {@code toString}, such as {@code org.postgresql.jdbc.PgSQLXML@...}). Stateless.
 */
final class NativeValues {
    private NativeValues() {
    }

    static Object of(Object v) throws SQLException {
        if (v == null) {
            return null;
        }
        if (v instanceof Number n && !(v instanceof BigDecimal) && !(v instanceof Double) && !(v instanceof Float)) {
            return n.longValue();
        }
        if (v instanceof SQLXML x) {
            try {
                return x.getString();
            } finally {
                x.free();
            }
        }
        if (v instanceof Array a) {
            try {
                Object[] items = (Object[]) a.getArray();
                List<Object> out = new ArrayList<>(items.length);
                for (Object item : items) {
                    out.add(of(item));
                }
                return out;
            } finally {
                a.free();
            }
        }
        if (v instanceof byte[] b) {
            return "\\x" + HexFormat.of().formatHex(b);
        }
        return v.toString();
    }
}
