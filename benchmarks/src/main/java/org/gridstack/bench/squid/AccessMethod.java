package org.gridstack.bench.squid;

/** How the client reaches the answer. */
enum AccessMethod {
    PLAIN_HTTP_SQUID_HIT("plain HTTP, Squid hit", true),
    SDK_SQUID_HIT("SDK, Squid hit", true),
    JDBC_SQUID_HIT("JDBC driver, Squid hit", true),
    SDK_DIRECT("SDK, direct to servlet", false),
    SDK_SQUID_HARD_REFRESH("SDK, Squid hard refresh", true);

    private final String label;
    private final boolean throughSquid;

    AccessMethod(String label, boolean throughSquid) {
        this.label = label;
        this.throughSquid = throughSquid;
    }

    String label() {
        return label;
    }

    boolean throughSquid() {
        return throughSquid;
    }
}
