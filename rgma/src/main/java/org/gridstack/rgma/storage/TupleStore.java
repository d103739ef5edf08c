package org.gridstack.rgma.storage;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.rgma.sql.RgmaSql;
import org.gridstack.rgma.sql.SelectStatement;
import org.gridstack.rgma.sql.TableDefinition;

/**
 * The tuples of every producer, a PostgreSQL table per virtual table and storage kind
 * ({@code rgma_mem_T} unlogged, {@code rgma_db_T} durable), each row tagged with its producer,
 * a sequence number and its {@value RgmaSql#TIMESTAMP_COLUMN}. Latest, history and continuous
 * reads of one producer; retention by time (reads never return a tuple older than the producer's
 * retention; {@link #purge} deletes them). Queries run in a read-only transaction with a
 * statement timeout, and return at most {@code maxRows} rows (one more is read to tell that rows
 * were left off).
 *
 * <p>Thread-safe; connections come from the {@link ConnectionSource} passed to each read.
 */
@ThreadSafe
public final class TupleStore {
    private final ConnectionSource writes;

    /** @param writes the connections inserts, deletes and DDL use (a pool) */
    public TupleStore(ConnectionSource writes) {
        this.writes = requireNonNull(writes, "writes is null");
    }

    private static String quoted(String name) {
        return "\"" + name + "\"";
    }

    /** Creates {@code table}'s storage tables if they do not exist. */
    public void createTables(TableDefinition table) {
        String columns = table.columns().stream()
                .map(c -> quoted(c.name()) + " " + c.type().postgresType(c.length()) + (c.notNull() ? " NOT NULL" : ""))
                .collect(Collectors.joining(", "));
        try (Connection c = writes.connection(); Statement s = c.createStatement()) {
            for (StorageKind kind : StorageKind.values()) {
                String physical = kind.physicalTable(table.name());
                s.execute("CREATE " + (kind == StorageKind.MEMORY ? "UNLOGGED " : "") + "TABLE IF NOT EXISTS "
                        + physical + " (" + columns + ", rgmaproducer bigint NOT NULL, rgmaseq bigserial NOT NULL,"
                        + " " + RgmaSql.TIMESTAMP_COLUMN + " timestamptz NOT NULL DEFAULT now())");
                s.execute("CREATE INDEX IF NOT EXISTS " + physical + "_producer ON " + physical + " (rgmaproducer, rgmaseq)");
            }
        } catch (SQLException e) {
            throw new RgmaException(500, "could not create the storage of table " + table.name(), e);
        }
    }

    /** Stores rows (JDBC values in the table's column order) as {@code producer}'s tuples, in one transaction. */
    public void insert(TableDefinition table, StorageKind kind, long producer, List<List<Object>> rows) {
        insert(table, kind, producer, rows, false);
    }

    /**
     * Replaces all of {@code producer}'s tuples by {@code rows}, in one transaction (an on-demand
     * producer's answer of this moment).
     */
    public void replace(TableDefinition table, StorageKind kind, long producer, List<List<Object>> rows) {
        insert(table, kind, producer, rows, true);
    }

    private void insert(TableDefinition table, StorageKind kind, long producer, List<List<Object>> rows, boolean replace) {
        String physical = kind.physicalTable(table.name());
        String sql = "INSERT INTO " + physical + " (" + table.columns().stream().map(c -> quoted(c.name()))
                .collect(Collectors.joining(", ")) + ", rgmaproducer) VALUES ("
                + "?, ".repeat(table.columns().size()) + "?)";
        try (Connection c = writes.connection()) {
            c.setAutoCommit(false);
            try {
                if (replace) {
                    try (PreparedStatement d = c.prepareStatement("DELETE FROM " + physical + " WHERE rgmaproducer = ?")) {
                        d.setLong(1, producer);
                        d.executeUpdate();
                    }
                }
                try (PreparedStatement p = c.prepareStatement(sql)) {
                    for (List<Object> row : rows) {
                        for (int i = 0; i < row.size(); i++) {
                            p.setObject(i + 1, row.get(i));
                        }
                        p.setLong(row.size() + 1, producer);
                        p.addBatch();
                    }
                    p.executeBatch();
                }
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new RgmaException(500, "could not store tuples of table " + table.name(), e);
        }
    }

    /** How a read picks tuples. */
    public enum Read {
        /** The newest tuple per primary key, within the retention. */
        LATEST,
        /** Every tuple within the retention, oldest first. */
        HISTORY,
        /** Every tuple after a sequence number, oldest first. */
        AFTER
    }

    /**
     * Reads {@code producer}'s tuples that satisfy {@code select}.
     *
     * @param retention tuples older than this are not returned (LATEST, HISTORY)
     * @param afterSeq for {@link Read#AFTER}: only tuples with a higher sequence number
     */
    public Tuples read(ConnectionSource connections, SelectStatement select, StorageKind kind, long producer, Read read,
            Duration retention, long afterSeq, int maxRows, Duration timeout) {
        TableDefinition table = select.table();
        String physical = kind.physicalTable(table.name());
        String columns = select.columns().stream().map(TupleStore::quoted).collect(Collectors.joining(", "));
        String where = select.postgresWhere() == null ? "" : " AND (" + select.postgresWhere() + ")";
        String sql;
        switch (read) {
            case LATEST: {
                String key = table.primaryKey().stream().map(TupleStore::quoted).collect(Collectors.joining(", "));
                sql = "SELECT " + columns + ", rgmaseq FROM (SELECT DISTINCT ON (" + key + ") * FROM " + physical
                        + " WHERE rgmaproducer = ? AND " + RgmaSql.TIMESTAMP_COLUMN + " >= now() - ? * interval '1 millisecond'"
                        + " ORDER BY " + key + ", rgmaseq DESC) t WHERE true" + where + " ORDER BY rgmaseq LIMIT ?";
                break;
            }
            case HISTORY:
                sql = "SELECT " + columns + ", rgmaseq FROM " + physical + " WHERE rgmaproducer = ? AND "
                        + RgmaSql.TIMESTAMP_COLUMN + " >= now() - ? * interval '1 millisecond'" + where
                        + " ORDER BY rgmaseq LIMIT ?";
                break;
            default:
                sql = "SELECT " + columns + ", rgmaseq FROM " + physical + " WHERE rgmaproducer = ? AND rgmaseq > ?"
                        + where + " ORDER BY rgmaseq LIMIT ?";
        }
        try (Connection c = connections.connection()) {
            c.setAutoCommit(false);
            try {
                try (Statement s = c.createStatement()) {
                    s.execute("SET LOCAL statement_timeout = " + Math.max(1, timeout.toMillis()));
                    s.execute("SET TRANSACTION READ ONLY");
                }
                try (PreparedStatement p = c.prepareStatement(sql)) {
                    p.setLong(1, producer);
                    p.setLong(2, read == Read.AFTER ? afterSeq : retention.toMillis());
                    p.setInt(3, maxRows + 1);
                    List<List<Object>> rows = new ArrayList<>();
                    long last = afterSeq;
                    boolean truncated = false;
                    try (ResultSet rs = p.executeQuery()) {
                        int n = select.columns().size();
                        while (rs.next()) {
                            if (rows.size() == maxRows) {
                                truncated = true;
                                break;
                            }
                            List<Object> row = new ArrayList<>(n);
                            for (int i = 1; i <= n; i++) {
                                row.add(RgmaSql.TIMESTAMP_COLUMN.equals(select.columns().get(i - 1))
                                        ? jsonValue(rs.getObject(i, OffsetDateTime.class)) : jsonValue(rs.getObject(i)));
                            }
                            rows.add(row);
                            last = Math.max(last, rs.getLong(n + 1));
                        }
                    }
                    return new Tuples(select.columns(), rows, truncated, last);
                }
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            if ("57014".equals(e.getSQLState())) {
                throw new RgmaException(503, "the query on table " + table.name() + " took longer than " + timeout.toMillis()
                        + " ms and was cancelled; narrow it with a WHERE condition");
            }
            if (e.getSQLState() != null && (e.getSQLState().startsWith("22") || e.getSQLState().startsWith("42"))) {
                throw RgmaException.badRequest("the query on table " + table.name() + " failed: "
                        + e.getMessage().lines().findFirst().orElse(""));
            }
            throw new RgmaException(500, "could not read table " + table.name(), e);
        }
    }

    /** The highest sequence number of {@code producer}'s tuples (0: none): where a new continuous reader starts. */
    public long lastSeq(TableDefinition table, StorageKind kind, long producer, ConnectionSource connections) {
        try (Connection c = connections.connection();
                PreparedStatement p = c.prepareStatement("SELECT coalesce(max(rgmaseq), 0) FROM " + kind.physicalTable(table.name())
                        + " WHERE rgmaproducer = ?")) {
            p.setLong(1, producer);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new RgmaException(500, "could not read table " + table.name(), e);
        }
    }

    /** Deletes {@code producers}' tuples older than {@code keep} from {@code table}; returns how many. */
    public int purge(TableDefinition table, StorageKind kind, Collection<Long> producers, Duration keep) {
        if (producers.isEmpty()) {
            return 0;
        }
        try (Connection c = writes.connection();
                PreparedStatement p = c.prepareStatement("DELETE FROM " + kind.physicalTable(table.name())
                        + " WHERE rgmaproducer = ANY (?) AND " + RgmaSql.TIMESTAMP_COLUMN
                        + " < now() - ? * interval '1 millisecond'")) {
            p.setArray(1, c.createArrayOf("bigint", producers.toArray()));
            p.setLong(2, keep.toMillis());
            return p.executeUpdate();
        } catch (SQLException e) {
            throw new RgmaException(500, "could not purge table " + table.name(), e);
        }
    }

    private static Object jsonValue(Object v) {
        if (v instanceof Timestamp t) {
            return t.toLocalDateTime().toString();
        }
        if (v instanceof OffsetDateTime o) {
            return o.withOffsetSameInstant(ZoneOffset.UTC).toString();
        }
        if (v instanceof Date || v instanceof Time) {
            return v.toString();
        }
        if (v instanceof String s) {
            return s.stripTrailing();
        }
        return v;
    }
}
