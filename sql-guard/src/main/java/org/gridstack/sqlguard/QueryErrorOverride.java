package org.gridstack.sqlguard;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;

/**
 * Tells HikariCP which of the errors it counts as "connection broken" are really the query's fault,
 * so the pool keeps the connection (and logs nothing) instead of closing it, logging a stack trace
 * and reconnecting: SQLSTATE class {@code 0A} (feature not supported: e.g. a set-returning
 * function inside {@code CASE}, or a JDBC method the driver lacks) and {@code 08P01} (protocol
 * violation, which PostgreSQL answers to a query with a parameter marker that no bind fills: the
 * query is wrong, the session is fine). A client can cause either at will, so evicting on them
 * would let anyone make the pool reconnect in a loop. Every other state keeps HikariCP's verdict
 * ({@code 08xxx} connection failures, {@code 57P0x} server shut down, Oracle's fatal codes).
 *
 * <p>Shared by every pool that runs queries users wrote (the FroNtier servlet's, GRIM's native
 * pass-through). Named in {@code HikariConfig.setExceptionOverrideClassName}; HikariCP creates it with the
 * public no-argument constructor. Stateless, thread-safe.
 */
public final class QueryErrorOverride implements SQLExceptionOverride {
    private static final String PROTOCOL_VIOLATION = "08P01";

    @java.lang.Override
    public Override adjudicate(SQLException e) {
        String state = e.getSQLState();
        if (state == null) {
            return Override.CONTINUE_EVICT;
        }
        return state.startsWith("0A") || state.equals(PROTOCOL_VIOLATION) ? Override.DO_NOT_EVICT : Override.CONTINUE_EVICT;
    }
}
