package org.gridstack.client.frontier.jdbc;

import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Objects;
import java.util.Properties;
import org.gridstack.client.frontier.Attempt;
import org.gridstack.client.frontier.FrontierClient;
import org.gridstack.client.frontier.FrontierException;
import org.gridstack.client.frontier.QueryOptions;
import org.gridstack.frontier.protocol.Ttl;

/**
 * A read-only, autocommit connection: the implementation behind the {@link Connection} proxy that
 * {@link FrontierDriver} returns ({@code connection.unwrap(FrontierConnection.class)}). There is
 * no session on the server: every query is one stateless HTTP request, so "connecting" opens
 * nothing and closing releases only the client's idle keep-alive connections. Methods not
 * written here are answered by {@link JdbcDispatcher} (SQLFeatureNotSupportedException).
 * Thread-safe as far as the client is (it is); statements are not.
 */
@ThreadSafe
public final class FrontierConnection implements JdbcObject {
    private static final JdbcDispatcher<Connection, FrontierConnection> DISPATCHER = JdbcDispatcher
            .builder(Connection.class, FrontierConnection.class)
            .allowedWhenClosed("isValid")
            .interfaceDefaults("beginRequest", "endRequest")
            .reason(n -> n.equals("setSavepoint") || n.equals("releaseSavepoint") || n.equals("rollback"),
                    " (FroNtier has no transactions)")
            .reason(n -> n.equals("prepareCall"), ": the FroNtier driver is read-only (no stored procedures, queries only)")
            .reason(n -> n.startsWith("create") || n.equals("setTypeMap") || n.equals("getTypeMap"),
                    " by the FroNtier driver (values travel as text; there are no LOB, array or user-defined types)")
            .build();

    private final String url;
    private final FrontierClient client;
    private final QueryOptions options;
    @SuppressWarnings("ThreadSafe") // the JdbcDispatcher's proxy of this connection itself
    private final Connection proxy;
    @SuppressWarnings("ThreadSafe") // volatile: set once by close(), read without a lock
    private volatile boolean closed;

    private FrontierConnection(String url, FrontierClient client, QueryOptions options) {
        this.url = Objects.requireNonNull(url, "url is null");
        this.client = Objects.requireNonNull(client, "client is null");
        this.options = Objects.requireNonNull(options, "options is null");
        this.proxy = DISPATCHER.proxy(this);
    }

    /** A new connection: the JDBC proxy in front of a FrontierConnection. */
    static Connection open(String url, FrontierClient client, QueryOptions options) {
        return new FrontierConnection(url, client, options).proxy;
    }

    /** The JDBC object users hold. */
    Connection proxy() {
        return proxy;
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

    public Statement createStatement() throws SQLException {
        checkOpen();
        return FrontierStatement.open(this);
    }

    public Statement createStatement(int type, int concurrency) throws SQLException {
        requireForwardOnlyReadOnly(type, concurrency);
        return createStatement();
    }

    public PreparedStatement prepareStatement(String sql) throws SQLException {
        checkOpen();
        return FrontierPreparedStatement.open(this, sql);
    }

    public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
        requireForwardOnlyReadOnly(type, concurrency);
        return prepareStatement(sql);
    }

    public String nativeSQL(String sql) {
        return sql;
    }

    public boolean getAutoCommit() {
        return true;
    }

    public void setAutoCommit(boolean autoCommit) throws SQLException {
        if (!autoCommit) {
            throw new SQLFeatureNotSupportedException("FroNtier has no transactions: autocommit stays on");
        }
    }

    public void commit() throws SQLException {
        throw new SQLException("commit in autocommit mode (FroNtier has no transactions)");
    }

    public void rollback() throws SQLException {
        throw new SQLException("rollback in autocommit mode (FroNtier has no transactions)");
    }

    public boolean isReadOnly() {
        return true;
    }

    public void setReadOnly(boolean readOnly) throws SQLException {
        if (!readOnly) {
            throw ReadOnly.refusal("setReadOnly(false)");
        }
    }

    public int getTransactionIsolation() {
        return Connection.TRANSACTION_NONE;
    }

    public int getHoldability() {
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    public SQLWarning getWarnings() {
        return null;
    }

    public void clearWarnings() {
        // never any warnings
    }

    public String getCatalog() {
        return null;
    }

    public void setCatalog(String catalog) {
        // JDBC: ignored when catalogs are not supported
    }

    public String getSchema() {
        return null;
    }

    public void setSchema(String schema) {
        // JDBC: ignored when schemas are not supported (qualify table names in the SQL instead)
    }

    public Properties getClientInfo() {
        return new Properties();
    }

    public String getClientInfo(String name) {
        return null;
    }

    /** The metadata: identification, capabilities, and tables/columns/schemas from {@code information_schema}. */
    public DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        return FrontierDatabaseMetaData.open(this);
    }

    /**
     * Closes the connection's client (its idle keep-alive HTTP connections: the client was made
     * for this connection by the driver). Statements and result sets of this connection count as
     * closed from now on (their isClosed asks the connection).
     */
    public synchronized void close() {
        if (!closed) {
            closed = true;
            client.close();
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /**
     * Valid when open and some server answers: {@code select 1} (TTL short) returns rows, or the
     * server at least reports an SQL error (Oracle wants {@code from dual}), which proves it runs.
     */
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

    @Override
    public String toString() {
        return "FrontierConnection[" + url + (closed ? ", closed" : "") + "]";
    }
}
