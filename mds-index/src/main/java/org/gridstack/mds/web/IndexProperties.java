package org.gridstack.mds.web;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the XML index ({@code mds.index.*}), validated at start. Defaults: 8 queries at
 * once, of which one client address may run 2 ({@code queries-per-address}), each stopped by the
 * engine after 10 s ({@code query-time-limit-seconds}) or 256 MiB ({@code query-memory-mib}),
 * 10,000 result items per query, 1,000 registrations, documents up to 16 MiB, 10 s to
 * connect to a source, and registrations (which make the index fetch a URL) accepted from this
 * host only ({@code allow-registrations-from}: addresses, or {@code *} for anyone).
 */
@ConfigurationProperties("mds.index")
public record IndexProperties(Integer maxConcurrentQueries, Integer maxItems, Integer maxRegistrations,
        Integer maxDocumentBytes, Integer connectTimeoutSeconds, java.util.List<String> allowRegistrationsFrom,
        Integer queriesPerAddress, Integer queryTimeLimitSeconds, Integer queryMemoryMib) {
    public IndexProperties {
        allowRegistrationsFrom = allowRegistrationsFrom == null || allowRegistrationsFrom.isEmpty()
                ? java.util.List.of("127.0.0.1", "0:0:0:0:0:0:0:1") : java.util.List.copyOf(allowRegistrationsFrom);
        maxConcurrentQueries = positive("max-concurrent-queries", maxConcurrentQueries, 8);
        maxItems = positive("max-items", maxItems, 10_000);
        maxRegistrations = positive("max-registrations", maxRegistrations, 1_000);
        maxDocumentBytes = positive("max-document-bytes", maxDocumentBytes, 16 << 20);
        connectTimeoutSeconds = positive("connect-timeout-seconds", connectTimeoutSeconds, 10);
        queriesPerAddress = positive("queries-per-address", queriesPerAddress, Math.max(1, maxConcurrentQueries / 4));
        queryTimeLimitSeconds = positive("query-time-limit-seconds", queryTimeLimitSeconds, 10);
        queryMemoryMib = positive("query-memory-mib", queryMemoryMib, 256);
    }

    private static Integer positive(String name, Integer value, int dflt) {
        if (value == null) {
            return dflt;
        }
        if (value < 1) {
            throw new IllegalArgumentException("mds.index." + name + " = " + value + " must be at least 1");
        }
        return value;
    }
}
