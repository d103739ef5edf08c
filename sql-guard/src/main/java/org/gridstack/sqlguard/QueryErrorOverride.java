package org.gridstack.sqlguard;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;

/**
 * Tells HikariCP which of the errors it counts as "connection broken" are really the query's fault,
 * so the pool keeps the connection (and logs nothing) instead of closing it, logging a stack trace
 * and reconnecting. That is SQLSTATE class {@code 0A} (feature not supported: e.g. a
 * set-returning function inside {@code CASE}, or a JDBC method the driver lacks): the server
 * refused one statement and the session is fine. Every other state keeps HikariCP's verdict
 * ({@code 08xxx} connection failures, {@code 57P0x} server shut down, Oracle's fatal codes).
 *
 * <p>Shared by every pool that runs queries users wrote (the FroNtier servlet's, GRIM's native
 * pass-through). Named in {@code HikariConfig.setExceptionOverrideClassName}; HikariCP creates it with the
 * public no-argument constructor. Stateless, thread-safe.
 */
public final class QueryErrorOverride implements SQLExceptionOverride {
    @java.lang.Override
    public Override adjudicate(SQLException e) {
        String state = e.getSQLState();
        return state != null && state.startsWith("0A") ? Override.DO_NOT_EVICT : Override.CONTINUE_EVICT;
    }
}
