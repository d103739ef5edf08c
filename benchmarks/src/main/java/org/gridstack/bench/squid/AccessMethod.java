package org.gridstack.bench.squid;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the client reaches the answer; the order is the order of the report's rows (the thesis's
 * comparison first: direct database, servlet, forced refresh, Squid hit).
 */
enum AccessMethod {
    DIRECT_JDBC("jdbc", "direct JDBC (pgjdbc to PostgreSQL)", false),
    SDK_DIRECT("sdk-direct", "SDK, direct to servlet", false),
    SDK_SQUID_FORCED_REFRESH("sdk-refresh", "SDK, Squid forced refresh", true),
    SDK_SQUID_HIT("sdk-hit", "SDK, Squid hit", true),
    JDBC_DRIVER_SQUID_HIT("driver-hit", "JDBC driver, Squid hit", true),
    PLAIN_HTTP_SQUID_HIT("plain-hit", "plain HTTP close, Squid hit", true),
    PLAIN_HTTP_KEEPALIVE_SQUID_HIT("plain-keepalive-hit", "plain HTTP keep-alive, Squid hit", true);

    private final String option;
    private final String label;
    private final boolean throughSquid;

    AccessMethod(String option, String label, boolean throughSquid) {
        this.option = option;
        this.label = label;
        this.throughSquid = throughSquid;
    }

    /** The name used by {@code --methods=}. */
    String option() {
        return option;
    }

    String label() {
        return label;
    }

    boolean throughSquid() {
        return throughSquid;
    }

    /** Whether Squid serves every counted answer from memory (checked: the cell's hit share is reported). */
    boolean squidHit() {
        return throughSquid && this != SDK_SQUID_FORCED_REFRESH;
    }

    /** Parses {@code jdbc,sdk-direct,...} or {@code all}. */
    static List<AccessMethod> parseList(String text) {
        if (text.trim().equalsIgnoreCase("all")) {
            return List.of(values());
        }
        return Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(AccessMethod::parse).collect(Collectors.toList());
    }

    static AccessMethod parse(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        for (AccessMethod m : values()) {
            if (m.option.equals(t)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown access method '" + text + "': use all or a comma-separated list of "
                + Arrays.stream(values()).map(AccessMethod::option).collect(Collectors.joining(", ")));
    }
}
