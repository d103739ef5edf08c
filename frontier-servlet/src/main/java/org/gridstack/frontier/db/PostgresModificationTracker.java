package org.gridstack.frontier.db;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
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
 * connection of its own). The request path only reads memory.
 *
 * <p>For automatic invalidation it also tells {@linkplain #onTableChanges listeners} what changed:
 * the notification payloads (version 1, see the install script) carry the changed rows' images
 * when the statement was small, and the table's new modification time. A table whose time moved is
 * reported with its row images only when the notifications received cover every change up to the
 * new time (the trigger's times for one table are strictly increasing in commit order, and
 * notifications arrive in commit order); a change seen only by reading the times (polling,
 * reconnecting, a notification still in flight, an older trigger) is reported as "anything in the
 * table may have changed". Thread-safe.
 */
@ThreadSafe
public final class PostgresModificationTracker implements LastModifiedSource {
    public static final String CHANNEL = "gridstack_frontier_modification";
    private static final Logger log = LoggerFactory.getLogger(PostgresModificationTracker.class);

    @SuppressWarnings("ThreadSafe") // a JDBC connection pool (HikariCP or the container's), thread-safe by contract
    private final DataSource dataSource;
    private final String listenUrl;
    @SuppressWarnings("ThreadSafe") // a Hashtable (synchronized), filled by the constructor and never changed
    private final Properties listenProperties;
    private final long validateMillis;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread worker;
    @SuppressWarnings("ThreadSafe") // volatile: an immutable snapshot replaced whole by the worker, read without a lock
    private volatile Snapshot snapshot = new Snapshot(Map.of(), Map.of(), Map.of(), 0);
    @SuppressWarnings("ThreadSafe") // a concurrent list of the CacheInvalidator's callbacks, which are thread-safe, called from the worker
    private final CopyOnWriteArrayList<Consumer<Set<TableName>>> listeners =
            new CopyOnWriteArrayList<>();
    @SuppressWarnings("ThreadSafe") // a concurrent list of the CacheInvalidator's callbacks, which are thread-safe, called from the worker
    private final CopyOnWriteArrayList<Consumer<List<TableChange>>> changeListeners =
            new CopyOnWriteArrayList<>();

    /** Tracked times by schema-qualified name, and the schema an unqualified name resolves to. */
    private record Snapshot(Map<TableName, Instant> times, Map<String, String> visibleSchema,
                            Map<TableName, Map<String, Comparability>> columns, long loadedAtNanos) {
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
            update(load(c), List.of(), false);
            if (!c.getAutoCommit()) {
                c.rollback();
            }
        }
    }

    @Override
    public Optional<Set<TableName>> resolve(Collection<TableName> tables) {
        Snapshot s = snapshot;
        Set<TableName> out = new HashSet<>();
        for (TableName t : tables) {
            String schema = t.schema() != null ? t.schema() : s.visibleSchema().get(t.name());
            if (schema == null) {
                return Optional.empty();
            }
            out.add(new TableName(schema, t.name()));
        }
        return Optional.of(Set.copyOf(out));
    }

    @Override
    public void onChange(Consumer<Set<TableName>> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener is null"));
    }

    /**
     * Registers a listener told, on a background thread, what changed in which tables: row images
     * when the notifications prove they are complete, otherwise the whole table.
     */
    public void onTableChanges(Consumer<List<TableChange>> listener) {
        changeListeners.add(Objects.requireNonNull(listener, "listener is null"));
    }

    /**
     * Installs a new snapshot and tells listeners which tables' times changed.
     *
     * @param notes the notifications received since the previous update (parsed; read before {@code next} was loaded)
     * @param unreadable whether some notification since the previous update could not be parsed
     */
    private synchronized void update(Snapshot next, List<ChangeNotification> notes, boolean unreadable) {
        Snapshot previous = snapshot;
        snapshot = next;
        if (previous.loadedAtNanos() == 0 || (listeners.isEmpty() && changeListeners.isEmpty())) {
            return;
        }
        Set<TableName> changed = new HashSet<>();
        next.times().forEach((table, time) -> {
            if (!time.equals(previous.times().get(table))) {
                changed.add(table);
            }
        });
        if (!changed.isEmpty()) {
            for (var l : listeners) {
                try {
                    l.accept(Set.copyOf(changed));
                } catch (RuntimeException e) {
                    log.warn("change listener failed: {}", e.toString());
                }
            }
        }
        if (changeListeners.isEmpty()) {
            return;
        }
        List<TableChange> changes = tableChanges(previous, next, changed, notes, unreadable);
        if (!changes.isEmpty()) {
            for (var l : changeListeners) {
                try {
                    l.accept(changes);
                } catch (RuntimeException e) {
                    log.warn("change listener failed: {}", e.toString());
                }
            }
        }
    }

    /** Row-level changes where the notifications cover every change of a table, whole tables otherwise. */
    private static List<TableChange> tableChanges(Snapshot previous, Snapshot next, Set<TableName> changed,
                                          List<ChangeNotification> notes, boolean unreadable) {
        Map<TableName, List<ChangeNotification>> byTable = new HashMap<>();
        for (ChangeNotification n : notes) {
            Instant before = previous.times().get(n.table());
            // a change already read in an earlier snapshot was reported then (as the whole table)
            if (before == null || n.atEpochSecond() > before.getEpochSecond()) {
                byTable.computeIfAbsent(n.table(), k -> new ArrayList<>()).add(n);
            }
        }
        Set<TableName> tables = new LinkedHashSet<>(changed);
        tables.addAll(byTable.keySet());
        List<TableChange> out = new ArrayList<>();
        for (TableName table : tables) {
            List<ChangeNotification> own = byTable.getOrDefault(table, List.of());
            Instant before = previous.times().get(table);
            Instant now = next.times().get(table);
            boolean complete = !unreadable && before != null && now != null && !own.isEmpty()
                    && own.stream().allMatch(n -> n.rows() != null)
                    && own.stream().mapToLong(ChangeNotification::atEpochSecond).max().getAsLong() == now.getEpochSecond();
            if (!complete) {
                out.add(TableChange.wholeTable(table));
                continue;
            }
            List<Map<String, Object>> rows = new ArrayList<>();
            own.forEach(n -> rows.addAll(n.rows()));
            out.add(new TableChange(table, rows, next.columns().getOrDefault(table, Map.of())));
        }
        return out;
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
            // how the tracked tables' columns compare, for deciding which rows can affect a cached answer
            Map<TableName, Map<String, Comparability>> columns = new HashMap<>();
            try (ResultSet rs = s.executeQuery("select n.nspname, c.relname, a.attname, t.typname,"
                    + " case when a.attcollation = 0 then null when co.collname = 'default'"
                    + " then (select datcollate from pg_database where datname = current_database()) else co.collname end,"
                    + " coalesce(co.collisdeterministic, true)"
                    + " from gridstack_frontier.table_modification m"
                    + " join pg_namespace n on n.nspname = m.table_schema"
                    + " join pg_class c on c.relnamespace = n.oid and c.relname = m.table_name"
                    + " join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped"
                    + " join pg_type t on t.oid = a.atttypid"
                    + " left join pg_collation co on co.oid = a.attcollation")) {
                while (rs.next()) {
                    columns.computeIfAbsent(new TableName(rs.getString(1), rs.getString(2)), k -> new HashMap<>())
                            .put(rs.getString(3), Comparability.ofPostgres(rs.getString(4), rs.getString(5), rs.getBoolean(6)));
                }
            }
            Map<TableName, Map<String, Comparability>> frozen = new HashMap<>();
            columns.forEach((k, v) -> frozen.put(k, Map.copyOf(v)));
            return new Snapshot(Map.copyOf(times), Map.copyOf(visible), Map.copyOf(frozen), System.nanoTime());
        }
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
                update(load(c), List.of(), false);
                backoff = 500;
                PGConnection pg = c.unwrap(PGConnection.class);
                while (!closed.get()) {
                    PGNotification[] notes = pg.getNotifications((int) Math.min(validateMillis, 1000));
                    boolean due = System.nanoTime() - snapshot.loadedAtNanos() > TimeUnit.MILLISECONDS.toNanos(validateMillis);
                    if ((notes != null && notes.length > 0) || due) {
                        List<ChangeNotification> parsed = new ArrayList<>();
                        boolean unreadable = false;
                        for (PGNotification n : notes == null ? new PGNotification[0] : notes) {
                            var note = ChangeNotification.parse(n.getParameter());
                            note.ifPresent(parsed::add);
                            unreadable |= note.isEmpty();
                        }
                        update(load(c), parsed, unreadable);
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
