package org.gridstack.rgma.client;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * How to declare a producer: table, predicate ({@code WHERE site = 'RAL'}, or empty), storage
 * ({@code memory} or {@code database}), R-GMA's retention periods and termination interval in
 * seconds, and query types (empty: the server's default for the kind). Immutable.
 */
public record ProducerOptions(String table, String predicate, String storage, double latestRetentionPeriod,
        double historyRetentionPeriod, double terminationInterval, List<String> queryTypes) {
    public ProducerOptions {
        requireNonNull(table, "table is null");
        predicate = predicate == null ? "" : predicate;
        requireNonNull(storage, "storage is null");
        queryTypes = List.copyOf(queryTypes);
    }

    /** Memory storage, 600 s latest and 3600 s history retention, 300 s termination interval. */
    public static ProducerOptions of(String table) {
        return new ProducerOptions(table, "", "memory", 600, 3600, 300, List.of());
    }

    public ProducerOptions withPredicate(String value) {
        return new ProducerOptions(table, value, storage, latestRetentionPeriod, historyRetentionPeriod, terminationInterval,
                queryTypes);
    }

    public ProducerOptions withStorage(String value) {
        return new ProducerOptions(table, predicate, value, latestRetentionPeriod, historyRetentionPeriod, terminationInterval,
                queryTypes);
    }

    public ProducerOptions withRetention(double latestSeconds, double historySeconds) {
        return new ProducerOptions(table, predicate, storage, latestSeconds, historySeconds, terminationInterval, queryTypes);
    }

    public ProducerOptions withTerminationInterval(double seconds) {
        return new ProducerOptions(table, predicate, storage, latestRetentionPeriod, historyRetentionPeriod, seconds, queryTypes);
    }

    public ProducerOptions withQueryTypes(List<String> value) {
        return new ProducerOptions(table, predicate, storage, latestRetentionPeriod, historyRetentionPeriod, terminationInterval,
                value);
    }
}
