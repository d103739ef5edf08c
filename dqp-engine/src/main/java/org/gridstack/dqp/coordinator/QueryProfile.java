package org.gridstack.dqp.coordinator;

import com.google.errorprone.annotations.Immutable;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The seed's Figure 7 costs of one query, in milliseconds, and its counts: data-service access
 * (TABLE_SCAN getting blocks, with its unpacking part), EXCHANGE block transfer between evaluators
 * (the producers' pushes), translation (the producers' packing of tuples into blocks) and the
 * consumer's unpacking, delivery to the client, OPERATION_CALL time, wall time, whether the parts
 * overlapped (their sum exceeds the wall time: pipelining), blocks and rows read from data
 * services, EXCHANGE blocks and bytes, operation calls and rows returned. Written into every answer
 * as {@code "profile"} with these component names. Immutable.
 */
@Immutable
public record QueryProfile(double dataServiceAccessMs, double unpackingMs, double blockTransferMs, double translationMs,
        double exchangeUnpackingMs, double deliveryMs, double operationCallMs, double wallMs, boolean overlapped,
        long blocksFromDataServices, long rowsFromDataServices, long exchangeBlocks, long exchangeBytes, long operationCalls,
        long rows) {

    /** The components by name, in declaration order (as EXPLAIN ANALYZE lists them). */
    public Map<String, Object> parts() {
        Map<String, Object> parts = new LinkedHashMap<>();
        for (RecordComponent c : QueryProfile.class.getRecordComponents()) {
            try {
                parts.put(c.getName(), c.getAccessor().invoke(this));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return parts;
    }
}
