package org.gridstack.bench.squid;

import java.util.List;
import org.gridstack.bench.kit.NamedOption;

/**
 * How the client reaches the answer; the order is the order of the report's rows (the thesis's
 * comparison first: direct database, servlet, forced refresh, Squid hit).
 */
enum AccessMethod implements NamedOption {
    DIRECT_JDBC("jdbc", "direct JDBC (pgjdbc to PostgreSQL)", false),
    SDK_DIRECT("sdk-direct", "SDK, direct to servlet", false),
    /** The SDK's yardstick: the same requests and body checks as the plain clients, sent straight to the servlet. */
    PLAIN_HTTP_KEEPALIVE_DIRECT("plain-keepalive-direct", "plain HTTP keep-alive, direct to servlet", false),
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
    @Override
    public String option() {
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
        return NamedOption.parseList(AccessMethod.class, text, "access method", true);
    }
}
