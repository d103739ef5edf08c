package org.gridstack.rgma.producer;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Set;

import org.gridstack.rgma.registry.ProducerKind;
import org.gridstack.rgma.registry.QueryType;
import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.rgma.storage.StorageKind;

/**
 * What a producer is asked to be: kind, table, predicate ({@code WHERE site = 'RAL'}, or empty),
 * storage, R-GMA's latest and history retention periods, its termination interval (it is closed
 * and expires from the registry after that long without contact) and the query types it answers.
 * Immutable; {@link #check} validates ranges with messages naming R-GMA's property names.
 */
public record ProducerSpec(ProducerKind kind, String table, String predicate, StorageKind storage, Duration latestRetention,
        Duration historyRetention, Duration terminationInterval, Set<QueryType> queryTypes) {
    /** The longest retention or termination interval accepted. */
    public static final Duration MAX_PERIOD = Duration.ofDays(7);

    public ProducerSpec {
        requireNonNull(kind, "kind is null");
        requireNonNull(table, "table is null");
        predicate = predicate == null ? "" : predicate.strip();
        requireNonNull(storage, "storage is null");
        requireNonNull(latestRetention, "latestRetention is null");
        requireNonNull(historyRetention, "historyRetention is null");
        requireNonNull(terminationInterval, "terminationInterval is null");
        queryTypes = Set.copyOf(queryTypes);
    }

    /** Refuses out-of-range periods and query types the kind cannot answer (400). */
    public void check(Duration minTermination) {
        period("latestRetentionPeriod", latestRetention, Duration.ZERO);
        period("historyRetentionPeriod", historyRetention, Duration.ZERO);
        period("terminationInterval", terminationInterval, minTermination);
        if (queryTypes.isEmpty()) {
            throw RgmaException.badRequest("a producer must answer at least one query type");
        }
        if (kind == ProducerKind.ON_DEMAND ? !Set.of(QueryType.STATIC).containsAll(queryTypes)
                : queryTypes.contains(QueryType.STATIC)) {
            throw RgmaException.badRequest("static queries are answered by on-demand producers only; "
                    + kind.name().toLowerCase() + " producers answer latest, history and continuous");
        }
    }

    private static void period(String name, Duration value, Duration min) {
        if (value.compareTo(min) < 0 || value.compareTo(MAX_PERIOD) > 0) {
            throw RgmaException.badRequest(name + " " + value.toSeconds() + " s is not between " + min.toMillis() + " ms and "
                    + MAX_PERIOD.toDays() + " days");
        }
    }

    /** How long a tuple may be kept at all: the longer of the two retentions. */
    public Duration keep() {
        return latestRetention.compareTo(historyRetention) > 0 ? latestRetention : historyRetention;
    }
}
