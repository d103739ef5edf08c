package org.gridstack.rgma.client;

import java.util.List;

/** A query's answer: columns, rows (JSON values), whether rows were left off, the producers that answered, warnings. */
public record ResultSet(List<String> columns, List<List<Object>> rows, boolean truncated, List<Long> producers,
        List<String> warnings) {
}
