package org.gridstack.frontier.db;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Last-modification times of PostgreSQL tables, which PostgreSQL does not keep by itself. Tables
 * are tracked by a statement-level trigger (installed by {@code postgresql-last-modified.sql}) that
 * records, in {@code gridstack_frontier.table_modification}, a whole-second time that is strictly
 * later than the table's previous one, and announces the change with NOTIFY. This tracker keeps
 * the times in memory: it reads them all at start, again every
 * {@code ValidateLastModifiedSeconds}, and at once when a notification arrives (a LISTEN
 * connection of its own). The request path only reads memory. Thread-safe.
 */
public final class PostgresModificationTracker implements LastModifiedSource {
    public static final String CHANNEL = "gridstack_frontier_modification";
    private static final Logger log = LoggerFactory.getLogger(PostgresModificationTracker.class);

    private final DataSource dataSource;
    private final String listenUrl;
    private final Properties listenProperties;
    private final long validateMillis;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread worker;
    private volatile Snapshot snapshot = new Snapshot(Map.of(), Map.of(), 0);
    private final java.util.List<java.util.function.Consumer<java.util.Set<TableName>>> listeners =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    /** Tracked times by schema-qualified name, and the schema an unqualified name resolves to. */
    private record Snapshot(Map<TableName, Instant> times, Map<String, String> visibleSchema, long loadedAtNanos) {
    }

    /**
     * @param dataSource the query pool (used briefly to load times when no LISTEN connection is up)
     * @param listenUrl JDBC URL for the LISTEN connection, or null to poll through the pool only
     *     (a container-managed JNDI pool gives no credentials for a connection of our own)
     * @param listenProperties user, password and driver settings for it
     */
    public PostgresModificationTracker(DataSource dataSource, String listenUrl, Properties listenProperties, long validateSeconds) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource is null");
        this.listenUrl = listenUrl;
        this.listenProperties = Objects.requireNonNull(listenProperties, "listenProperties is null");
        this.validateMillis = TimeUnit.SECONDS.toMillis(validateSeconds);
        try (Connection c = dataSource.getConnection()) {
            snapshot = load(c);
            if (!c.getAutoCommit()) {
                c.rollback();
            }
        } catch (SQLException e) {
            log.warn("cannot read table modification times yet ({}); Last-Modified stays off until they can be read", e.getMessage());
        }
        this.worker = new Thread(listenUrl == null ? this::pollLoop : this::listenLoop, "frontier-modification-listener");
        worker.setDaemon(true);
        worker.start();
    }

    /** The SQL that installs the tracking schema (run once by an administrator). */
    public static String installScript() {
        try (InputStream in = PostgresModificationTracker.class.getResourceAsStream("/sql/postgresql-last-modified.sql")) {
            return new String(Objects.requireNonNull(in, "install script missing").readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Optional<Instant> lastModified(Collection<TableName> tables) {
        if (tables.isEmpty()) {
            return Optional.empty();
        }
        Snapshot s = snapshot;
        Instant latest = null;
        for (TableName t : tables) {
            String schema = t.schema() != null ? t.schema() : s.visibleSchema().get(t.name());
            if (schema == null) {
                return Optional.empty();
            }
            Instant time = s.times().get(new TableName(schema, t.name()));
            if (time == null) {
                return Optional.empty();
            }
            if (latest == null || time.isAfter(latest)) {
                latest = time;
            }
        }
        return Optional.of(latest);
    }

    /** Reloads now (tests and the invalidator call this after a change they made). */
    public void refresh() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            update(load(c));
            if (!c.getAutoCommit()) {
                c.rollback();
            }
        }
    }

    @Override
    public Optional<java.util.Set<TableName>> resolve(Collection<TableName> tables) {
        Snapshot s = snapshot;
        java.util.Set<TableName> out = new java.util.HashSet<>();
        for (TableName t : tables) {
            String schema = t.schema() != null ? t.schema() : s.visibleSchema().get(t.name());
            if (schema == null) {
                return Optional.empty();
            }
            out.add(new TableName(schema, t.name()));
        }
        return Optional.of(java.util.Set.copyOf(out));
    }

    @Override
    public void onChange(java.util.function.Consumer<java.util.Set<TableName>> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener is null"));
    }

    /** Installs a new snapshot and tells listeners which tables' times changed. */
    private void update(Snapshot next) {
        Snapshot previous = snapshot;
        snapshot = next;
        if (listeners.isEmpty() || previous.loadedAtNanos() == 0) {
            return;
        }
        java.util.Set<TableName> changed = new java.util.HashSet<>();
        next.times().forEach((table, time) -> {
            if (!time.equals(previous.times().get(table))) {
                changed.add(table);
            }
        });
        if (!changed.isEmpty()) {
            for (var l : listeners) {
                try {
                    l.accept(java.util.Set.copyOf(changed));
                } catch (RuntimeException e) {
                    log.warn("change listener failed: {}", e.toString());
                }
            }
        }
    }

    private static Snapshot load(Connection c) throws SQLException {
        Map<TableName, Instant> times = new HashMap<>();
        Map<String, String> visible = new HashMap<>();
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("select table_schema, table_name, modified_at from gridstack_frontier.table_modification")) {
                while (rs.next()) {
                    times.put(new TableName(rs.getString(1), rs.getString(2)), rs.getTimestamp(3).toInstant());
                }
            }
            // which schema an unqualified name resolves to: the first in search_path holding it
            try (ResultSet rs = s.executeQuery("select c.relname, n.nspname from pg_class c join pg_namespace n on n.oid = c.relnamespace"
                    + " where n.nspname = any(current_schemas(false)) and c.relkind in ('r','p','v','m','f')"
                    + " order by array_position(current_schemas(false), n.nspname::text)")) {
                while (rs.next()) {
                    visible.putIfAbsent(rs.getString(1), rs.getString(2));
                }
            }
        }
        return new Snapshot(Map.copyOf(times), Map.copyOf(visible), System.nanoTime());
    }

    private void pollLoop() {
        while (!closed.get()) {
            try {
                Thread.sleep(validateMillis);
                refresh();
            } catch (InterruptedException e) {
                return;
            } catch (SQLException e) {
                log.warn("cannot read table modification times: {}", e.getMessage());
            }
        }
    }

    private void listenLoop() {
        long backoff = 500;
        while (!closed.get()) {
            try (Connection c = DriverManager.getConnection(listenUrl, listenProperties)) {
                c.setAutoCommit(true);
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + CHANNEL);
                }
                update(load(c));
                backoff = 500;
                PGConnection pg = c.unwrap(PGConnection.class);
                while (!closed.get()) {
                    PGNotification[] notes = pg.getNotifications((int) Math.min(validateMillis, 1000));
                    boolean due = System.nanoTime() - snapshot.loadedAtNanos() > TimeUnit.MILLISECONDS.toNanos(validateMillis);
                    if ((notes != null && notes.length > 0) || due) {
                        update(load(c));
                    }
                }
            } catch (SQLException e) {
                if (closed.get()) {
                    return;
                }
                log.warn("modification listener lost its connection ({}); retrying in {} ms", e.getMessage(), backoff);
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return;
                }
                backoff = Math.min(backoff * 2, 30_000);
            }
        }
    }

    /** Tables currently tracked (for logs and the demo). */
    public List<TableName> trackedTables() {
        return List.copyOf(snapshot.times().keySet());
    }

    @Override
    public void close() {
        closed.set(true);
        worker.interrupt();
    }
}
