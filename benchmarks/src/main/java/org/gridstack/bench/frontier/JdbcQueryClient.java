package org.gridstack.bench.frontier;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import org.gridstack.bench.kit.ClosedLoopDriver;

/**
 * The plain JDBC baseline: its own connection (text results, {@code binaryTransfer=false}, like
 * the servlet), the query executed and every value read with {@code getString}. Each answer's row
 * count and value length must match the expected answer. Not thread-safe: one per load thread.
 */
final class JdbcQueryClient implements ClosedLoopDriver.Client {
    private final Connection connection;
    private final Statement statement;
    private final String query;
    private final ExpectedRows expected;
    private long checkedAnswers;

    JdbcQueryClient(Connection connection, String query, ExpectedRows expected) throws SQLException {
        this.connection = Objects.requireNonNull(connection, "connection is null");
        this.query = Objects.requireNonNull(query, "query is null");
        this.expected = Objects.requireNonNull(expected, "expected is null");
        this.statement = connection.createStatement();
    }

    @Override
    public void query(ClosedLoopDriver.Tally tally) throws SQLException, AnswerMismatchException {
        long rows = 0;
        long chars = 0;
        try (ResultSet rs = statement.executeQuery(query)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= columns; i++) {
                    String v = rs.getString(i);
                    if (v != null) {
                        chars += v.length();
                    }
                }
                rows++;
            }
        }
        if (rows != expected.rowCount() || chars != expected.valueChars()) {
            throw new AnswerMismatchException("JDBC answer has " + rows + " rows and " + chars + " value characters; expected "
                    + expected.rowCount() + " and " + expected.valueChars());
        }
        checkedAnswers++;
        tally.add(chars, chars);
    }

    long checkedAnswers() {
        return checkedAnswers;
    }

    @Override
    public void close() throws SQLException {
        try (connection) {
            statement.close();
        }
    }
}
