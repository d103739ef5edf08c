package org.gridstack.grim.store;

import java.util.List;

/**
 * The answer of a native pass-through query: SQL rows, XQuery items (column {@code item}, each
 * serialised) or LDAP entries (columns {@code dn}, {@code ldif}).
 *
 * @param truncated true when the row limit cut the answer short
 */
public record NativeResult(String backend, String language, List<String> columns, List<List<Object>> rows, boolean truncated,
        long qrtNanos) {
    public NativeResult {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }
}
