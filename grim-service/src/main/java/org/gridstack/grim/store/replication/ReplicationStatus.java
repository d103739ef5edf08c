package org.gridstack.grim.store.replication;

import java.util.List;

/**
 * The system of record, its newest change-log position this service knows of, and each copy's place behind it.
 */
public record ReplicationStatus(String systemOfRecord, long latestChange, List<ReplicaStatus> copies) {
}
