package org.gridstack.rgma.consumer;

import java.util.List;

/**
 * A consumer's one-off answer: columns, rows merged from every producer asked, whether rows were
 * left off at the row limit, the producers that answered and the problems with those that did
 * not (a producer that died between mediation and the query is reported, not fatal). Immutable.
 */
public record ConsumerAnswer(List<String> columns, List<List<Object>> rows, boolean truncated, List<Long> producers,
        List<String> warnings) {
    public ConsumerAnswer {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        producers = List.copyOf(producers);
        warnings = List.copyOf(warnings);
    }
}
