package org.gridstack.bench.dqp;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.gridstack.bench.kit.ClosedLoopDriver;

/**
 * The kit's client for one {@link RowSource}: every run fetches the whole answer; the first run's
 * rows must equal the expected rows as sorted canonical rows, every later run's row count must
 * equal theirs (a wrong answer fails the measurement). The payload tallied is the row count.
 * Closing closes the source. Not thread-safe.
 */
final class CheckedRowsClient implements ClosedLoopDriver.Client {
    private final String label;
    private final RowSource source;
    private final CanonicalRows expected;
    private boolean checked;

    CheckedRowsClient(String label, RowSource source, CanonicalRows expected) {
        this.label = requireNonNull(label, "label is null");
        this.source = requireNonNull(source, "source is null");
        this.expected = requireNonNull(expected, "expected is null");
    }

    @Override
    public void query(ClosedLoopDriver.Tally tally) throws Exception {
        List<Object[]> rows = source.fetch();
        if (!checked) {
            String difference = expected.firstDifference(CanonicalRows.of(rows));
            if (difference != null) {
                throw new IllegalStateException(label + " returned other rows than expected: " + difference);
            }
            checked = true;
        } else if (rows.size() != expected.size()) {
            throw new IllegalStateException(label + " returned " + rows.size() + " rows, expected " + expected.size());
        }
        tally.add(0, rows.size());
    }

    @Override
    public void close() throws Exception {
        source.close();
    }
}
