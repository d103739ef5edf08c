package org.gridstack.mds.web;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the XML index ({@code mds.index.*}), validated at start. Defaults: 8 queries at
 * once, 10,000 result items per query, 1,000 registrations, documents up to 16 MiB, 10 s to
 * connect to a source.
 */
@ConfigurationProperties("mds.index")
public record IndexProperties(Integer maxConcurrentQueries, Integer maxItems, Integer maxRegistrations,
        Integer maxDocumentBytes, Integer connectTimeoutSeconds) {
    public IndexProperties {
        maxConcurrentQueries = positive("max-concurrent-queries", maxConcurrentQueries, 8);
        maxItems = positive("max-items", maxItems, 10_000);
        maxRegistrations = positive("max-registrations", maxRegistrations, 1_000);
        maxDocumentBytes = positive("max-document-bytes", maxDocumentBytes, 16 << 20);
        connectTimeoutSeconds = positive("connect-timeout-seconds", connectTimeoutSeconds, 10);
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
