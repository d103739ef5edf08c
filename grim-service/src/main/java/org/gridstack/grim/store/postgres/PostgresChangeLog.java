package org.gridstack.grim.store.postgres;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;
import org.gridstack.grim.store.replication.Change;
import org.gridstack.grim.store.replication.ChangeCodec;

/**
 * The change log of the relational copy (table {@code grim.change_log}): one entry per committed
 * group of {@code backend=all} updates, written in the group's own transaction. Positions come
 * from a sequence and are taken under a transaction-scoped advisory lock that is held until the
 * commit, so entries become visible in position order: a reader that sees entry N can never later
 * see an entry below N appear (gaps are groups that rolled back). Trimming always keeps the newest
 * entry, so {@code max(seq)} read in any snapshot is that snapshot's position. Thread-safe.
 */
@ThreadSafe
final class PostgresChangeLog {
    /** Advisory lock key: "grim" in ASCII. */
    private static final long LOG_LOCK = 0x6772696DL;

    @SuppressWarnings("ThreadSafe") // the backend's HikariDataSource, thread-safe (HikariCP's contract)
    private final DataSource pool;

    PostgresChangeLog(DataSource pool) {
        this.pool = requireNonNull(pool, "pool is null");
    }

    static List<String> ddl() {
        return List.of(
                "CREATE SEQUENCE " + PostgresSchema.SCHEMA + ".change_seq",
                "CREATE TABLE " + PostgresSchema.SCHEMA + ".change_log (seq bigint PRIMARY KEY, committed_at timestamptz NOT NULL, "
                        + "updates text NOT NULL)");
    }

    /** Appends the entry for {@code updates} inside {@code c}'s open transaction; the caller commits at once. */
    long append(Connection c, List<Update> updates) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_xact_lock(" + LOG_LOCK + ")");
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO change_log (seq, committed_at, updates) "
                + "VALUES (nextval('change_seq'), clock_timestamp(), ?) RETURNING seq")) {
            ps.setString(1, ChangeCodec.encode(updates));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    List<Change> after(long after, int max) {
        try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT seq, committed_at, updates FROM change_log WHERE seq > ? ORDER BY seq LIMIT ?")) {
            ps.setLong(1, after);
            ps.setInt(2, max);
            List<Change> changes = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    changes.add(new Change(rs.getLong(1), rs.getTimestamp(2).toInstant(), rs.getString(3)));
                }
            }
            return changes;
        } catch (SQLException e) {
            throw GrimException.backendFailed("postgres", "reading the change log failed", e);
        }
    }

    /** The newest position visible to {@code c}'s transaction (0 before the first entry). */
    static long latest(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT coalesce(max(seq), 0) FROM change_log")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    long latest() {
        try (Connection c = pool.getConnection()) {
            return latest(c);
        } catch (SQLException e) {
            throw GrimException.backendFailed("postgres", "reading the change log failed", e);
        }
    }

    void trimThrough(long seq) {
        try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement("DELETE FROM change_log WHERE seq <= ? AND seq < (SELECT max(seq) FROM change_log)")) {
            ps.setLong(1, seq);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw GrimException.backendFailed("postgres", "trimming the change log failed", e);
        }
    }

    /** Whether {@code c}'s database already holds GRIM's tables with a change log. */
    static boolean exists(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT to_regclass('" + PostgresSchema.SCHEMA + ".change_log') IS NOT NULL")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }
}
