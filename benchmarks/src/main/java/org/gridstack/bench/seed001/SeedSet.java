package org.gridstack.bench.seed001;

/**
 * Seed 001's four experiment sets (its generic model: information server, directory server,
 * aggregate information server), each with what its x axis counts. Immutable.
 */
public enum SeedSet {
    /** Set 1: an information server against concurrent users. */
    INFORMATION_SERVER_USERS(1, "information server vs users", "users"),
    /** Set 2: a directory server against concurrent users. */
    DIRECTORY_USERS(2, "directory server vs users", "users"),
    /** Set 3: an information server against its information collectors, fixed users. */
    INFORMATION_SERVER_COLLECTORS(3, "information server vs collectors", "collectors"),
    /** Set 4: an aggregate information server against registered information servers, fixed users. */
    AGGREGATE_SERVERS(4, "aggregate server vs information servers", "information servers");

    private final int number;
    private final String title;
    private final String xLabel;

    SeedSet(int number, String title, String xLabel) {
        this.number = number;
        this.title = title;
        this.xLabel = xLabel;
    }

    public int number() {
        return number;
    }

    public String title() {
        return number + ". " + title;
    }

    public String xLabel() {
        return xLabel;
    }

    /** Whether the x axis is the number of users (sets 1 and 2) rather than a fixed-users sweep. */
    public boolean usersOnX() {
        return this == INFORMATION_SERVER_USERS || this == DIRECTORY_USERS;
    }
}
