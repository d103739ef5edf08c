package org.gridstack.bench.dqp;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import javax.sql.DataSource;
import org.apache.calcite.adapter.jdbc.JdbcSchema;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;
import org.gridstack.dqp.demo.DemoDatabase;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The second peer of issue 12: Apache Calcite's own federation, a Calcite JDBC connection whose
 * root schema holds host A's database as schema {@code a} and host B's as {@code b}
 * ({@link JdbcSchema}, logged in as each host's read-only role). Calcite pushes each table's scan
 * to its PostgreSQL and joins in its enumerable engine. Java lexical rules: identifiers are
 * case-sensitive and written in lower case. Stateless.
 */
final class CalciteFederation {
    private CalciteFederation() {
    }

    /** A new Calcite connection over both hosts; the caller closes it. */
    static Connection connect(DemoDatabase hostA, DemoDatabase hostB) throws SQLException {
        Properties info = new Properties();
        info.setProperty("lex", "JAVA");
        Connection c = DriverManager.getConnection("jdbc:calcite:", info);
        try {
            SchemaPlus root = c.unwrap(CalciteConnection.class).getRootSchema();
            root.add("a", JdbcSchema.create(root, "a", dataSource(hostA), null, "public"));
            root.add("b", JdbcSchema.create(root, "b", dataSource(hostB), null, "public"));
            return c;
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private static DataSource dataSource(DemoDatabase db) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(db.jdbcUrl());
        ds.setUser(DemoDatabase.READER);
        ds.setPassword(db.readerPassword());
        return ds;
    }
}
