package org.gridstack.grim.store.replication;

/**
 * Where one copy stands behind the system of record.
 *
 * @param backend       the copy's backend
 * @param state         following, retrying (the copy fails; entries wait in the log), resyncing, stopped
 * @param appliedChange the change-log position the copy has applied
 * @param lagChanges    committed positions the copy has not applied yet
 * @param lagSeconds    how long the oldest of them has waited (0 when caught up)
 * @param resyncs       times the copy was rebuilt from a snapshot because it had been changed on its own
 * @param lastError     why the last round failed, while it is not following; null otherwise
 */
public record ReplicaStatus(String backend, String state, long appliedChange, long lagChanges, double lagSeconds, long resyncs,
        String lastError) {
}
