package org.gridstack.bench.dqp;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A query over one JDBC connection, every value read with {@code getObject}: direct JDBC to
 * PostgreSQL (the seed's lower bound), PostgreSQL with postgres_fdw, or Calcite's JDBC driver.
 * Owns the connection and closes it. Not thread-safe.
 */
final class JdbcRows implements RowSource {
    private final Connection connection;
    private final String sql;

    JdbcRows(Connection connection, String sql) {
        this.connection = requireNonNull(connection, "connection is null");
        this.sql = requireNonNull(sql, "sql is null");
    }

    @Override
    public List<Object[]> fetch() throws Exception {
        List<Object[]> rows = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Object[] row = new Object[n];
                for (int i = 0; i < n; i++) {
                    row[i] = rs.getObject(i + 1);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
