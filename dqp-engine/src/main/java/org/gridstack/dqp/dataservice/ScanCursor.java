package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.ColumnType;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import org.apache.calcite.avatica.util.ByteString;

/**
 * An open JDBC cursor over one {@link ScanStatement}: a pooled connection in a read-only
 * transaction with a fetch size, so rows come from the database in fetch-size batches and the
 * result is never held whole. Hands rows out in blocks. Closing returns the connection (rolling
 * back) and may be called from another thread to cancel. Thread-safe (all methods synchronized,
 * except {@link #cancel}).
 */
@ThreadSafe
public final class ScanCursor implements AutoCloseable {
    private final ScanStatement statement;
    @GuardedBy("this")
    private final Connection connection;
    @SuppressWarnings("ThreadSafe") // used under the lock, except cancel(), which JDBC allows from another thread
    private final PreparedStatement prepared;
    @GuardedBy("this")
    private final ResultSet resultSet;
    @GuardedBy("this")
    private boolean exhausted;
    @GuardedBy("this")
    private boolean closed;

    private ScanCursor(ScanStatement statement, Connection connection, PreparedStatement prepared, ResultSet resultSet) {
        this.statement = statement;
        this.connection = connection;
        this.prepared = prepared;
        this.resultSet = resultSet;
    }

    /** Runs {@code statement} on a connection from {@code dataSource}. */
    public static ScanCursor open(ScanStatement statement, DataSource dataSource, int fetchSize, int queryTimeoutSeconds)
            throws SQLException {
        requireNonNull(statement, "statement is null");
        requireNonNull(dataSource, "dataSource is null");
        Connection connection = dataSource.getConnection();
        try {
            connection.setReadOnly(true);
            connection.setAutoCommit(false); // PostgreSQL streams with a fetch size only inside a transaction
            PreparedStatement prepared = connection.prepareStatement(statement.sql(), ResultSet.TYPE_FORWARD_ONLY,
                    ResultSet.CONCUR_READ_ONLY);
            prepared.setFetchSize(fetchSize);
            prepared.setQueryTimeout(queryTimeoutSeconds);
            for (int i = 0; i < statement.parameters().size(); i++) {
                prepared.setObject(i + 1, statement.parameters().get(i));
            }
            return new ScanCursor(statement, connection, prepared, prepared.executeQuery());
        } catch (SQLException | RuntimeException e) {
            closeConnection(connection);
            throw e;
        }
    }

    /** The columns of the rows. */
    public BlockSchema schema() {
        return statement.resultSchema();
    }

    /** Up to {@code max} next rows; fewer (maybe none) when the cursor reaches the end. */
    public synchronized List<Object[]> nextBlock(int max) throws SQLException {
        if (closed) {
            throw new SQLException("the scan was closed");
        }
        List<Object[]> rows = new ArrayList<>(Math.min(max, 1_024));
        BlockSchema schema = statement.resultSchema();
        while (rows.size() < max && !exhausted) {
            if (!resultSet.next()) {
                exhausted = true;
                break;
            }
            Object[] row = new Object[schema.size()];
            for (int i = 0; i < row.length; i++) {
                row[i] = read(resultSet, i + 1, schema.column(i).type());
            }
            rows.add(row);
        }
        return rows;
    }

    /** Whether the last {@link #nextBlock} reached the end. */
    public synchronized boolean exhausted() {
        return exhausted;
    }

    private static Object read(ResultSet rs, int index, ColumnType type) throws SQLException {
        Object value = switch (type) {
            case VARCHAR -> rs.getString(index);
            case SMALLINT -> rs.getShort(index);
            case INTEGER -> rs.getInt(index);
            case BIGINT -> rs.getLong(index);
            case REAL -> rs.getFloat(index);
            case DOUBLE -> rs.getDouble(index);
            case DECIMAL -> rs.getBigDecimal(index);
            case BOOLEAN -> rs.getBoolean(index);
            case DATE -> rs.getObject(index, LocalDate.class);
            case TIME -> rs.getObject(index, LocalTime.class);
            case TIMESTAMP -> rs.getObject(index, LocalDateTime.class);
            case TIMESTAMPTZ -> rs.getObject(index, OffsetDateTime.class);
            case BYTEA -> {
                byte[] bytes = rs.getBytes(index);
                yield bytes == null ? null : new ByteString(bytes);
            }
        };
        return rs.wasNull() ? null : value;
    }

    /** Asks the database to stop the running statement; the owner still closes the cursor. */
    public void cancel() {
        try {
            prepared.cancel();
        } catch (SQLException ignored) {
            // already finished
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            resultSet.close();
            prepared.close();
        } catch (SQLException ignored) {
            // the connection is rolled back and returned below either way
        }
        closeConnection(connection);
    }

    private static void closeConnection(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // a broken connection: the pool evicts it
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // nothing more to release
        }
    }
}
