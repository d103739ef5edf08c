package org.gridstack.client.frontier.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Objects;
import org.gridstack.client.frontier.Attempt;
import org.gridstack.client.frontier.FrontierClient;
import org.gridstack.client.frontier.FrontierException;
import org.gridstack.client.frontier.QueryOptions;
import org.gridstack.frontier.protocol.Ttl;

/**
 * A read-only, autocommit connection. There is no session on the server: every query is one
 * stateless HTTP request, so "connecting" opens nothing and closing releases nothing remote.
 * Thread-safe as far as the client is (it is); statements are not.
 */
public final class FrontierConnection extends UnsupportedConnection {
    private final String url;
    private final FrontierClient client;
    private final QueryOptions options;
    private volatile boolean closed;

    FrontierConnection(String url, FrontierClient client, QueryOptions options) {
        this.url = Objects.requireNonNull(url, "url is null");
        this.client = Objects.requireNonNull(client, "client is null");
        this.options = Objects.requireNonNull(options, "options is null");
    }

    /** The client behind this connection, e.g. to see its configuration. */
    public FrontierClient client() {
        return client;
    }

    QueryOptions options() {
        return options;
    }

    String url() {
        return url;
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("connection is closed", "08003");
        }
    }

    private static void requireForwardOnlyReadOnly(int type, int concurrency) throws SQLException {
        if (type != ResultSet.TYPE_FORWARD_ONLY || concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw new SQLFeatureNotSupportedException("only TYPE_FORWARD_ONLY, CONCUR_READ_ONLY result sets are supported");
        }
    }

    @Override
    public Statement createStatement() throws SQLException {
        checkOpen();
        return new FrontierStatement(this);
    }

    @Override
    public Statement createStatement(int type, int concurrency) throws SQLException {
        requireForwardOnlyReadOnly(type, concurrency);
        return createStatement();
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        checkOpen();
        return new FrontierPreparedStatement(this, sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
        requireForwardOnlyReadOnly(type, concurrency);
        return prepareStatement(sql);
    }

    @Override
    public String nativeSQL(String sql) {
        return sql;
    }

    @Override
    public boolean getAutoCommit() {
        return true;
    }

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        if (!autoCommit) {
            throw new SQLFeatureNotSupportedException("FroNtier has no transactions: autocommit stays on");
        }
    }

    @Override
    public void commit() throws SQLException {
        throw new SQLException("commit in autocommit mode (FroNtier has no transactions)");
    }

    @Override
    public void rollback() throws SQLException {
        throw new SQLException("rollback in autocommit mode (FroNtier has no transactions)");
    }

    @Override
    public boolean isReadOnly() {
        return true;
    }

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        if (!readOnly) {
            throw ReadOnly.refusal("setReadOnly(false)");
        }
    }

    @Override
    public int getTransactionIsolation() {
        return Connection.TRANSACTION_NONE;
    }

    @Override
    public int getHoldability() {
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {
        // never any warnings
    }

    @Override
    public String getCatalog() {
        return null;
    }

    @Override
    public void setCatalog(String catalog) {
        // JDBC: ignored when catalogs are not supported
    }

    @Override
    public String getSchema() {
        return null;
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    /**
     * Valid when open and some server answers: {@code select 1} (TTL short) returns rows, or the
     * server at least reports an SQL error (Oracle wants {@code from dual}), which proves it runs.
     */
    @Override
    public boolean isValid(int timeoutSeconds) throws SQLException {
        if (timeoutSeconds < 0) {
            throw new SQLException("timeout must not be negative");
        }
        if (closed) {
            return false;
        }
        try {
            client.query("select 1", QueryOptions.DEFAULT.withTtl(Ttl.SHORT));
            return true;
        } catch (FrontierException e) {
            return e.attempts().stream().anyMatch(a -> a.outcome() == Attempt.Outcome.SQL_ERROR);
        }
    }
}
