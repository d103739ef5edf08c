package org.gridstack.frontier.db;

import com.google.errorprone.annotations.Immutable;
import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Oracle modification times the way the production servlet reads them: from an operator-maintained
 * catalog table ({@code LastModifiedTableName}) with columns {@code table_owner}, {@code table_name}
 * and {@code change_time}. Times are cached for {@code ValidateLastModifiedSeconds}; a table not
 * in memory yet is looked up in the background, so the request path never waits. Thread-safe.
 */
@ThreadSafe
public final class OracleLastModifiedSource implements LastModifiedSource {
    private static final Logger log = LoggerFactory.getLogger(OracleLastModifiedSource.class);
    private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_$#]*(\\.[A-Za-z_][A-Za-z0-9_$#]*)?");
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("MM/dd/yyyy HH:mm:ss");

    @SuppressWarnings("ThreadSafe") // a JDBC connection pool (HikariCP or the container's), thread-safe by contract
    private final DataSource dataSource;
    private final String query;
    private final long validateNanos;
    private final ConcurrentMap<TableName, Entry> cache = new ConcurrentHashMap<>();
    @SuppressWarnings("ThreadSafe") // a concurrent key set (ConcurrentHashMap.newKeySet)
    private final Set<TableName> loading = ConcurrentHashMap.newKeySet();
    private final ExecutorService reader = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "frontier-oracle-last-modified");
        t.setDaemon(true);
        return t;
    });

    @Immutable
    private record Entry(Instant time, long readAtNanos) {
    }

    public OracleLastModifiedSource(DataSource dataSource, String catalogTable, long validateSeconds) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource is null");
        if (!TABLE_NAME.matcher(catalogTable).matches()) {
            throw new IllegalArgumentException("frontier.last-modified-table-name '" + catalogTable + "' is not a table name");
        }
        this.query = OracleDialect.lastModifiedQuery(catalogTable);
        this.validateNanos = TimeUnit.SECONDS.toNanos(validateSeconds);
    }

    @Override
    public Optional<Instant> lastModified(Collection<TableName> tables) {
        Instant latest = null;
        boolean complete = true;
        for (TableName t : tables) {
            if (t.schema() == null) {
                return Optional.empty(); // as the production servlet: only OWNER.TABLE is looked up
            }
            Entry e = cache.get(t);
            if (e == null || System.nanoTime() - e.readAtNanos() > validateNanos) {
                if (loading.add(t)) {
                    reader.execute(() -> {
                        try {
                            read(t);
                        } finally {
                            loading.remove(t);
                        }
                    });
                }
            }
            if (e == null || e.time() == null) {
                complete = false;
            } else if (latest == null || e.time().isAfter(latest)) {
                latest = e.time();
            }
        }
        return complete ? Optional.ofNullable(latest) : Optional.empty();
    }

    @Override
    public void close() {
        reader.shutdownNow();
    }

    private void read(TableName t) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(query)) {
            ps.setString(1, t.schema().toUpperCase(Locale.ROOT));
            ps.setString(2, t.name().toUpperCase(Locale.ROOT));
            Instant time = null;
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next() && rs.getString(1) != null) {
                    time = LocalDateTime.parse(rs.getString(1), FORMAT).atZone(ZoneId.systemDefault()).toInstant();
                }
            }
            if (!c.getAutoCommit()) {
                c.rollback();
            }
            cache.put(t, new Entry(time, System.nanoTime()));
        } catch (SQLException | RuntimeException e) {
            log.warn("cannot read the modification time of {}: {}", t, e.getMessage());
            // keep what was known, and do not ask again before the validation period is over
            cache.compute(t, (k, old) -> new Entry(old == null ? null : old.time(), System.nanoTime()));
        }
    }
}
