package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.gridstack.dqp.evaluator.operator.MemoryBudget;

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
 * <li>{@code maxSqlLength} (default 100,000 characters);</li>
 * <li>{@code maxQueryMemory} (default 64 MiB): the estimated bytes of rows one query's operators may hold together
 *     (hash join build sides and output blocks, sorts, groups); a query that needs more fails with 400 naming it;</li>
 * <li>{@code sendTimeout} (default 10 s): a client that reads nothing of its answer for this long is cut off, and
 *     its query and slot freed;</li>
 * <li>{@code addressShare} (default 0.5): the share of {@code maxConcurrentQueries} one client address (IPv6: its /64)
 *     may hold; one more from it gets 503;</li>
 * <li>{@code maxRequestBytes} (default 1 MiB): the largest request body; a larger one gets 413.</li>
 * </ul>
 * Every setting is checked here, once: a bad one is refused with an IllegalArgumentException naming it (and its
 * command-line option) and the value. Immutable.
 */
@ThreadSafe
// the lists are unmodifiable copies (List.copyOf, below)
public record CoordinatorSettings(@SuppressWarnings("ThreadSafe") List<URI> dataServices,
        @SuppressWarnings("ThreadSafe") List<URI> entropyServices, @SuppressWarnings("ThreadSafe") List<URI> evaluators, int defaultBlockSize,
        int maxBlockSize, Duration queryTimeout, int maxConcurrentQueries, int maxSqlLength, long maxQueryMemory, Duration sendTimeout,
        double addressShare, long maxRequestBytes) {
    public static final int DEFAULT_BLOCK_SIZE = 100;
    public static final int DEFAULT_MAX_CONCURRENT_QUERIES = 8;
    public static final long DEFAULT_MAX_QUERY_MEMORY = MemoryBudget.DEFAULT_MAX_BYTES;
    public static final Duration DEFAULT_SEND_TIMEOUT = Duration.ofSeconds(10);
    public static final double DEFAULT_ADDRESS_SHARE = 0.5;
    public static final long DEFAULT_MAX_REQUEST_BYTES = 1024 * 1024;

    /** Settings with the default memory, send, address and request limits. */
    public CoordinatorSettings(List<URI> dataServices, List<URI> entropyServices, List<URI> evaluators, int defaultBlockSize,
            int maxBlockSize, Duration queryTimeout, int maxConcurrentQueries, int maxSqlLength) {
        this(dataServices, entropyServices, evaluators, defaultBlockSize, maxBlockSize, queryTimeout, maxConcurrentQueries, maxSqlLength,
                DEFAULT_MAX_QUERY_MEMORY, DEFAULT_SEND_TIMEOUT, DEFAULT_ADDRESS_SHARE, DEFAULT_MAX_REQUEST_BYTES);
    }

    public CoordinatorSettings {
        dataServices = List.copyOf(requireNonNull(dataServices, "dataServices is null"));
        entropyServices = List.copyOf(requireNonNull(entropyServices, "entropyServices is null"));
        evaluators = List.copyOf(requireNonNull(evaluators, "evaluators is null"));
        requireNonNull(queryTimeout, "queryTimeout is null");
        if (dataServices.isEmpty()) {
            throw new IllegalArgumentException("dataServices (--data-service) must name at least one data service URL, got none");
        }
        if (defaultBlockSize < 1 || defaultBlockSize > maxBlockSize) {
            throw new IllegalArgumentException("defaultBlockSize must be within 1..maxBlockSize (" + maxBlockSize + "), is "
                    + defaultBlockSize);
        }
        if (queryTimeout.toMillis() < 100) {
            throw new IllegalArgumentException("queryTimeout (--query-timeout-s) must be at least 100 ms, is " + queryTimeout);
        }
        if (maxConcurrentQueries < 1) {
            throw new IllegalArgumentException("maxConcurrentQueries (--max-concurrent-queries) must be at least 1, is " + maxConcurrentQueries);
        }
        if (maxSqlLength < 1) {
            throw new IllegalArgumentException("maxSqlLength must be at least 1, is " + maxSqlLength);
        }
        if (maxQueryMemory < 1024) {
            throw new IllegalArgumentException("maxQueryMemory (--max-query-memory-mb) must be at least 1024 bytes, is " + maxQueryMemory);
        }
        requireNonNull(sendTimeout, "sendTimeout is null");
        if (sendTimeout.toMillis() < 100) {
            throw new IllegalArgumentException("sendTimeout (--send-timeout-s) must be at least 100 ms, is " + sendTimeout);
        }
        if (!(addressShare > 0 && addressShare <= 1)) {
            throw new IllegalArgumentException("addressShare (--address-share) must be within (0, 1], is " + addressShare);
        }
        if (maxRequestBytes < 1024) {
            throw new IllegalArgumentException("maxRequestBytes must be at least 1024, is " + maxRequestBytes);
        }
    }

    /** These settings with other limits (memory per query, send timeout, address share, request body size). */
    public CoordinatorSettings withLimits(int maxConcurrentQueries, long maxQueryMemory, Duration sendTimeout, double addressShare,
            long maxRequestBytes) {
        return new CoordinatorSettings(dataServices, entropyServices, evaluators, defaultBlockSize, maxBlockSize, queryTimeout,
                maxConcurrentQueries, maxSqlLength, maxQueryMemory, sendTimeout, addressShare, maxRequestBytes);
    }

    /** Settings with every default for these services. */
    public static CoordinatorSettings defaults(List<URI> dataServices, List<URI> entropyServices, List<URI> evaluators) {
        return new CoordinatorSettings(dataServices, entropyServices, evaluators, DEFAULT_BLOCK_SIZE, 10_000, Duration.ofSeconds(60),
                DEFAULT_MAX_CONCURRENT_QUERIES, 100_000);
    }
}
