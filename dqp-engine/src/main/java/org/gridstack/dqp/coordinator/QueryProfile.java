package org.gridstack.dqp.coordinator;

/**
 * The seed's Figure 7 costs of one query, in milliseconds, and its counts: data-service access
 * (TABLE_SCAN getting blocks, with its unpacking part), EXCHANGE block transfer between evaluators
 * (the producers' pushes), translation (the producers' packing of tuples into blocks) and the
 * consumer's unpacking, delivery to the client, OPERATION_CALL time, wall time, whether the parts
 * overlapped (their sum exceeds the wall time: pipelining), blocks and rows read from data
 * services, EXCHANGE blocks and bytes, operation calls and rows returned. Written into every answer
 * as {@code "profile"} with these component names. Immutable.
 */
public record QueryProfile(double dataServiceAccessMs, double unpackingMs, double blockTransferMs, double translationMs,
        double exchangeUnpackingMs, double deliveryMs, double operationCallMs, double wallMs, boolean overlapped,
        long blocksFromDataServices, long rowsFromDataServices, long exchangeBlocks, long exchangeBytes, long operationCalls,
        long rows) {
}
