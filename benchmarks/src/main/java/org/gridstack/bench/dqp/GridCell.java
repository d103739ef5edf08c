package org.gridstack.bench.dqp;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gridstack.bench.kit.RepeatedQuery;
import java.util.Objects;

/**
 * The seed's entropy query with its OPERATION_CALL partitioned over {@code evaluators} evaluators
 * (the request's parallelism) calling the first {@code copies} EntropyAnalyser copies (partition i
 * calls copy i mod copies): rows (checked against PostgreSQL's rows with the entropies computed
 * here), calls made, and the measured runs. Immutable.
 */
record GridCell(int evaluators, int copies, int rows, long operationCalls, RepeatedQuery.Result timing) {
    GridCell {
        Objects.requireNonNull(timing, "timing is null");
    }

    Map<String, Object> jsonFields(double baselineMedianMs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("evaluators", evaluators);
        m.put("copies", copies);
        m.put("rows", rows);
        m.put("operationCalls", operationCalls);
        m.put("medianMs", timing.medianMillis());
        m.put("minMs", timing.minMillis());
        m.put("maxMs", timing.maxMillis());
        m.put("speedUp", baselineMedianMs / timing.medianMillis());
        return m;
    }
}
