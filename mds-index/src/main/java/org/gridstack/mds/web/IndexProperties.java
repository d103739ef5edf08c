package org.gridstack.mds.web;

import java.util.ArrayList;
import java.util.List;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the XML index ({@code mds.index.*}). Defaults: 8 queries at once, of which one
 * client address may run 2 ({@code queries-per-address}, unset: a quarter of
 * {@code max-concurrent-queries}, at least 1), each stopped by the engine after 10 s
 * ({@code query-time-limit-seconds}) or 256 MiB ({@code query-memory-mib}), 10,000 result items
 * per query, 1,000 registrations, documents up to 16 MiB, 10 s to connect to a source, and
 * registrations (which make the index fetch a URL) accepted from this host only
 * ({@code allow-registrations-from}: addresses, or {@code *} for anyone; empty: this host).
 *
 * <p>Setters only store; {@link #validate()} checks every setting once, at start-up (Spring calls
 * it through {@link #afterPropertiesSet()} right after binding): an index with a setting out of
 * range does not start, and the message names every such setting by its key and the value.
 * Mutable while being bound, then only read: not thread-safe for writes.
 */
@ConfigurationProperties("mds.index")
public class IndexProperties implements InitializingBean {
    /** This host's addresses: who may register when {@code allow-registrations-from} is empty. */
    public static final List<String> THIS_HOST = List.of("127.0.0.1", "0:0:0:0:0:0:0:1");

    private int maxConcurrentQueries = 8;
    private int maxItems = 10_000;
    private int maxRegistrations = 1_000;
    private int maxDocumentBytes = 16 << 20;
    private int connectTimeoutSeconds = 10;
    private List<String> allowRegistrationsFrom = new ArrayList<>();
    /** Null: a quarter of {@code max-concurrent-queries}, at least 1. */
    private Integer queriesPerAddress;
    private int queryTimeLimitSeconds = 10;
    private int queryMemoryMib = 256;

    @Override
    public void afterPropertiesSet() {
        validate();
    }

    /**
     * Checks every setting; throws IllegalArgumentException naming each one out of range (its
     * key and the value given), one per line, or returns when all are valid.
     */
    public void validate() {
        List<String> problems = new ArrayList<>();
        atLeastOne(problems, "max-concurrent-queries", maxConcurrentQueries);
        atLeastOne(problems, "max-items", maxItems);
        atLeastOne(problems, "max-registrations", maxRegistrations);
        atLeastOne(problems, "max-document-bytes", maxDocumentBytes);
        atLeastOne(problems, "connect-timeout-seconds", connectTimeoutSeconds);
        if (queriesPerAddress != null) {
            atLeastOne(problems, "queries-per-address", queriesPerAddress);
        }
        atLeastOne(problems, "query-time-limit-seconds", queryTimeLimitSeconds);
        atLeastOne(problems, "query-memory-mib", queryMemoryMib);
        for (String host : allowRegistrationsFrom == null ? List.<String>of() : allowRegistrationsFrom) {
            if (host == null || host.isBlank()) {
                problems.add("mds.index.allow-registrations-from: an entry must not be empty (list addresses, or * for anyone)");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid XML index configuration:\n  " + String.join("\n  ", problems));
        }
    }

    private static void atLeastOne(List<String> problems, String name, long value) {
        if (value < 1) {
            problems.add("mds.index." + name + " = " + value + " must be at least 1");
        }
    }

    public int getMaxConcurrentQueries() { return maxConcurrentQueries; }
    public void setMaxConcurrentQueries(int v) { this.maxConcurrentQueries = v; }
    public int getMaxItems() { return maxItems; }
    public void setMaxItems(int v) { this.maxItems = v; }
    public int getMaxRegistrations() { return maxRegistrations; }
    public void setMaxRegistrations(int v) { this.maxRegistrations = v; }
    public int getMaxDocumentBytes() { return maxDocumentBytes; }
    public void setMaxDocumentBytes(int v) { this.maxDocumentBytes = v; }
    public int getConnectTimeoutSeconds() { return connectTimeoutSeconds; }
    public void setConnectTimeoutSeconds(int v) { this.connectTimeoutSeconds = v; }

    /** The senders that may register; this host's addresses when none are set. */
    public List<String> getAllowRegistrationsFrom() {
        return allowRegistrationsFrom == null || allowRegistrationsFrom.isEmpty() ? THIS_HOST : List.copyOf(allowRegistrationsFrom);
    }

    public void setAllowRegistrationsFrom(List<String> v) { this.allowRegistrationsFrom = v; }

    /** Queries one client address may run at once: as set, or a quarter of {@code max-concurrent-queries} (at least 1). */
    public int getQueriesPerAddress() {
        return queriesPerAddress != null ? queriesPerAddress : Math.max(1, maxConcurrentQueries / 4);
    }

    public void setQueriesPerAddress(Integer v) { this.queriesPerAddress = v; }
    public int getQueryTimeLimitSeconds() { return queryTimeLimitSeconds; }
    public void setQueryTimeLimitSeconds(int v) { this.queryTimeLimitSeconds = v; }
    public int getQueryMemoryMib() { return queryMemoryMib; }
    public void setQueryMemoryMib(int v) { this.queryMemoryMib = v; }
}
