package org.gridstack.grim.store.replication;

import java.util.List;
import java.util.Map;

/**
 * The system of record, its newest change-log position this service knows of, each copy's place
 * behind it, and the updates stored on one backend only ({@code backend=NAME} writes, the seed's
 * per-backend experiments) since the start: while any is counted, the copies may differ on purpose.
 */
public record ReplicationStatus(String systemOfRecord, long latestChange, List<ReplicaStatus> copies,
        Map<String, Long> singleBackendUpdates) {
}
