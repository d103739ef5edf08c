package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * Validated settings of the coordinator (the seed's GDQS).
 * <ul>
 * <li>{@code dataServices}: base URLs of the data services whose tables make the catalog (at least one);</li>
 * <li>{@code entropyServices}: base URLs of the EntropyAnalyser copies {@code calculateEntropy} calls (may be empty);</li>
 * <li>{@code evaluators}: base URLs of the evaluators; data service i's scans run on evaluator i mod n and
 *     EXCHANGE their blocks to the coordinator; empty: scans run in the coordinator;</li>
 * <li>{@code defaultBlockSize} (default {@value #DEFAULT_BLOCK_SIZE} tuples, the seed's DQP setting) and
 *     {@code maxBlockSize} (default 10,000);</li>
 * <li>{@code queryTimeout} (default 60 s): a query running longer fails naming what it waited for;</li>
 * <li>{@code maxConcurrentQueries} (default {@value #DEFAULT_MAX_CONCURRENT_QUERIES}): one more is refused with 503;</li>
 * <li>{@code maxSqlLength} (default 100,000 characters).</li>
 * </ul>
 * Immutable.
 */
public record CoordinatorSettings(List<URI> dataServices, List<URI> entropyServices, List<URI> evaluators, int defaultBlockSize,
        int maxBlockSize, Duration queryTimeout, int maxConcurrentQueries, int maxSqlLength) {
    public static final int DEFAULT_BLOCK_SIZE = 100;
    public static final int DEFAULT_MAX_CONCURRENT_QUERIES = 8;

    public CoordinatorSettings {
        dataServices = List.copyOf(requireNonNull(dataServices, "dataServices is null"));
        entropyServices = List.copyOf(requireNonNull(entropyServices, "entropyServices is null"));
        evaluators = List.copyOf(requireNonNull(evaluators, "evaluators is null"));
        requireNonNull(queryTimeout, "queryTimeout is null");
        if (dataServices.isEmpty()) {
            throw new IllegalArgumentException("the coordinator needs at least one data service URL");
        }
        if (defaultBlockSize < 1 || defaultBlockSize > maxBlockSize) {
            throw new IllegalArgumentException("defaultBlockSize must be within 1..maxBlockSize (" + maxBlockSize + "), is "
                    + defaultBlockSize);
        }
        if (queryTimeout.toMillis() < 100) {
            throw new IllegalArgumentException("queryTimeout must be at least 100 ms, is " + queryTimeout);
        }
        if (maxConcurrentQueries < 1) {
            throw new IllegalArgumentException("maxConcurrentQueries must be at least 1, is " + maxConcurrentQueries);
        }
        if (maxSqlLength < 1) {
            throw new IllegalArgumentException("maxSqlLength must be at least 1, is " + maxSqlLength);
        }
    }

    /** Settings with every default for these services. */
    public static CoordinatorSettings defaults(List<URI> dataServices, List<URI> entropyServices, List<URI> evaluators) {
        return new CoordinatorSettings(dataServices, entropyServices, evaluators, DEFAULT_BLOCK_SIZE, 10_000, Duration.ofSeconds(60),
                DEFAULT_MAX_CONCURRENT_QUERIES, 100_000);
    }
}
