package org.gridstack.bench.dqp;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One seed table's bytes in both codecs at one block size (what a data service sends for a blocked
 * scan of the whole table), and the ratio WebRowSet / Arrow. Immutable.
 */
record CodecComparison(SeedQuery query, int blockSize, int rows, long webRowSetBytes, long arrowBytes) {
    double ratio() {
        return (double) webRowSetBytes / arrowBytes;
    }

    Map<String, Object> jsonFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("query", query.label());
        m.put("blockSize", blockSize);
        m.put("rows", rows);
        m.put("webRowSetBytes", webRowSetBytes);
        m.put("arrowBytes", arrowBytes);
        m.put("webRowSetBytesPerRow", (double) webRowSetBytes / rows);
        m.put("arrowBytesPerRow", (double) arrowBytes / rows);
        m.put("ratio", ratio());
        return m;
    }
}
