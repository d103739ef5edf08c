package org.gridstack.rgma.storage;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Rows of one answer: column names, rows of JSON-ready values (numbers, strings, ISO-8601 times,
 * null), whether rows were left off at the row limit, and the highest tuple sequence number seen
 * (a continuous reader asks for tuples after it next time). Immutable.
 */
public record Tuples(List<String> columns, List<List<Object>> rows, boolean truncated, long lastSeq) {
    public Tuples {
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        rows = List.copyOf(requireNonNull(rows, "rows is null"));
    }
}
