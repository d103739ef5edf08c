package org.gridstack.grim.store;

import static java.util.Objects.requireNonNull;

import java.util.List;

import org.gridstack.grim.ops.Mode;

/**
 * The answer of one benchmark operation with the seed's per-query measures.
 *
 * @param rows     the answer, sorted (see {@link Rows#sort}); values are String or Long
 * @param requests requests sent to the platform (the seed's Table 4)
 * @param bytes    bytes the platform returned to the client over all requests (see the README
 *                 for what each backend counts)
 * @param qrtNanos first request sent to last byte of the last response, client-side joining included
 */
public record OperationResult(String operation, String backend, Mode mode, List<String> columns, List<List<Object>> rows,
        int requests, long bytes, long qrtNanos) {
    public OperationResult {
        requireNonNull(operation, "operation is null");
        requireNonNull(backend, "backend is null");
        requireNonNull(mode, "mode is null");
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    public double qrtMillis() {
        return qrtNanos / 1e6;
    }
}
