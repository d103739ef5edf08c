package org.gridstack.dqp.coordinator;

/**
 * The body of {@code POST /api/v1/query}: the SQL, and optionally the block size in tuples, the
 * codec between services ({@code binary} or {@code webrowset}) and the number of parallel
 * OPERATION_CALL callers; null fields take the coordinator's defaults. Immutable.
 */
public record QueryRequest(String sql, Integer blockSize, String codec, Integer parallelism) {
}
