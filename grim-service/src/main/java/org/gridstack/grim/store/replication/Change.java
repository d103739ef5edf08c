package org.gridstack.grim.store.replication;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * One committed entry of the system of record's change log: its position ({@code seq}, strictly
 * increasing in commit order, possibly with gaps), when it was committed, and its updates as
 * {@link ChangeCodec} text.
 */
public record Change(long seq, Instant committedAt, String updates) {
    public Change {
        requireNonNull(committedAt, "committedAt is null");
        requireNonNull(updates, "updates is null");
    }
}
