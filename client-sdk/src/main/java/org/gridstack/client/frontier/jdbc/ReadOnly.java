package org.gridstack.client.frontier.jdbc;

import java.sql.SQLException;

/** The one answer to every write attempt. */
final class ReadOnly {
    private ReadOnly() {
    }

    static SQLException refusal(String what) {
        // SQLSTATE 25006: read-only SQL transaction
        return new SQLException(what + " refused: the FroNtier JDBC driver is read-only (FroNtier serves queries only)", "25006");
    }
}
