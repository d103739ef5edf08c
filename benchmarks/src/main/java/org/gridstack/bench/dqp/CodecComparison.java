package org.gridstack.bench.dqp;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One seed table's bytes in the codecs at one block size (what a data service's streamed scan of
 * the whole table and an EXCHANGE send: {@link CodecBytes}): WebRowSet, plain Arrow and Arrow with ZSTD-compressed buffers, and the
 * ratios WebRowSet / Arrow. Immutable.
 */
record CodecComparison(SeedQuery query, int blockSize, int rows, long webRowSetBytes, long arrowBytes, long zstdBytes) {
    double ratio() {
        return (double) webRowSetBytes / arrowBytes;
    }

    double zstdRatio() {
        return (double) webRowSetBytes / zstdBytes;
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
        m.put("arrowZstdBytes", zstdBytes);
        m.put("arrowZstdBytesPerRow", (double) zstdBytes / rows);
        m.put("ratio", ratio());
        m.put("zstdRatio", zstdRatio());
        return m;
    }
}
