package org.gridstack.grim.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.store.OperationResult;

/**
 * One operation's answer: the rows (as objects keyed by column) plus the seed's measures
 * {@code requests}, {@code bytes}, {@code rows} and {@code qrtMillis}.
 */
public record OperationResponse(String operation, String backend, String mode, Map<String, Object> parameters, List<String> columns,
        List<Map<String, Object>> data, int rows, int requests, long bytes, double qrtMillis) {

    static OperationResponse of(OperationResult r, Map<String, Object> params) {
        List<Map<String, Object>> data = new ArrayList<>(r.rows().size());
        for (List<Object> row : r.rows()) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < r.columns().size(); i++) {
                m.put(r.columns().get(i), row.get(i));
            }
            data.add(m);
        }
        return new OperationResponse(r.operation(), r.backend(), r.mode().label(), params, r.columns(), data, r.rows().size(), r.requests(),
                r.bytes(), r.qrtMillis());
    }
}
