package org.gridstack.dqp.coordinator;

import com.google.errorprone.annotations.Immutable;

/**
 * The body of {@code POST /api/v1/query}: the SQL, and optionally the block size in tuples, the
 * codec between services ({@code binary} or {@code webrowset}), the number of parallel
 * OPERATION_CALL callers and a byte bound on EXCHANGE blocks from scan fragments (null: none);
 * null fields take the coordinator's defaults. Immutable.
 */
@Immutable
public record QueryRequest(String sql, Integer blockSize, String codec, Integer parallelism, Long blockBytes) {
    /** A request without a byte bound on blocks. */
    public QueryRequest(String sql, Integer blockSize, String codec, Integer parallelism) {
        this(sql, blockSize, codec, parallelism, null);
    }
}
