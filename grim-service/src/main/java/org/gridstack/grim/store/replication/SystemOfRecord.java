package org.gridstack.grim.store.replication;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;

import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.store.Update;

/**
 * The copy every other copy is derived from, with its change log: each group of updates is
 * committed together with one log entry in the same transaction, and entries become visible in
 * the order of their positions (an entry with a lower position than a visible one is visible
 * too, or was never committed). Thread-safe.
 */
@ThreadSafe
public interface SystemOfRecord {
    /** Stores {@code updates} (validated) all or nothing with their log entry; returns that entry's position. */
    long applyAndLog(List<Update> updates);

    /** Up to {@code max} committed entries after position {@code after}, in position order. */
    List<Change> changesAfter(long after, int max);

    /** The position of the newest committed entry (0 before the first). */
    long latestPosition();

    /** Every object together with the position of the last entry the copy includes (one consistent read). */
    Positioned snapshotWithPosition();

    /** Deletes the entries up to and including {@code seq} (every copy has applied them). */
    void trimThrough(long seq);

    /** A copy of the data as of a change-log position. */
    record Positioned(Dataset data, long position) {
    }
}
