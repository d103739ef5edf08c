package org.gridstack.grim.store.postgres;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import javax.sql.DataSource;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.ColumnType;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.NativeResult;
import org.gridstack.grim.store.OperationParameters;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.OperationTemplate;
import org.gridstack.grim.store.QueryLimits;
import org.gridstack.grim.store.Update;
import org.gridstack.grim.store.replication.Change;
import org.gridstack.grim.store.replication.SystemOfRecord;
import org.gridstack.service.work.CancelSwitch;
import org.gridstack.sqlguard.ReadOnlyGuard;
import org.gridstack.sqlguard.StatementRejectedException;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.gridstack.sqlguard.QueryErrorOverride;
import org.postgresql.util.PSQLException;

/**
 * The relational backend: PostgreSQL through JDBC and HikariCP, tables in schema {@code grim}.
 * Every operation is one SQL request; {@code bytes} counts what the server returned as the
 * protocol frames it (per row a 7-byte DataRow header, per value a 4-byte length and its UTF-8
 * text). Native queries run through {@link ReadOnlyGuard} on a separate pool of a read-only role
 * inside read-only transactions with a statement timeout. It is also the {@link SystemOfRecord}
 * the other copies follow, through {@link PostgresChangeLog}. Thread-safe.
 */
@ThreadSafe
public final class PostgresBackend implements GrimBackend, SystemOfRecord {
    private final String jdbcUrl;
    @SuppressWarnings("ThreadSafe") // filled by the constructor alone, only read after (Properties is a synchronized Hashtable)
    private final Properties adminProperties;
    @SuppressWarnings("ThreadSafe") // HikariDataSource is thread-safe (HikariCP's contract)
    private final HikariDataSource pool;
    @SuppressWarnings("ThreadSafe") // HikariDataSource is thread-safe (HikariCP's contract)
    private final HikariDataSource readerPool;
    @SuppressWarnings("ThreadSafe") // HikariDataSource is thread-safe (HikariCP's contract)
    private final HikariDataSource changeLogPool;
    private final PostgresChangeLog changeLog;

    /**
     * @param jdbcUrl        server URL (the {@code grim} schema in it is dropped and re-created on load)
     * @param user           a role that may create the schema
     * @param readerUser     a role that can only read (null: native queries use {@code user} in read-only transactions)
     */
    public PostgresBackend(String jdbcUrl, String user, String password, String readerUser, String readerPassword, int poolSize) {
        this.jdbcUrl = requireNonNull(jdbcUrl, "jdbcUrl is null");
        this.adminProperties = new Properties();
        adminProperties.setProperty("user", requireNonNull(user, "user is null"));
        if (password != null) {
            adminProperties.setProperty("password", password);
        }
        this.pool = pool("grim-postgres", user, password, poolSize);
        this.readerPool = pool("grim-postgres-native", readerUser != null ? readerUser : user,
                readerUser != null ? readerPassword : password, 4);
        // the copies' followers read the log on connections of their own, never waiting behind busy writers
        this.changeLogPool = pool("grim-postgres-changelog", user, password, 3);
        this.changeLog = new PostgresChangeLog(changeLogPool);
    }

    public static PostgresBackend embedded(EmbeddedPostgres server, int poolSize) {
        return new PostgresBackend(server.jdbcUrl(), server.adminUser(), server.adminPassword(), EmbeddedPostgres.READER, server.readerPassword(), poolSize);
    }

    private HikariDataSource pool(String name, String user, String password, int size) {
        HikariConfig c = new HikariConfig();
        c.setPoolName(name);
        c.setJdbcUrl(jdbcUrl);
        c.setUsername(user);
        c.setPassword(password);
        c.setMaximumPoolSize(size);
        c.setMinimumIdle(1);
        c.setConnectionTimeout(10_000);
        c.addDataSourceProperty("currentSchema", PostgresSchema.SCHEMA);
        c.addDataSourceProperty("prepareThreshold", "1");
        c.setInitializationFailTimeout(-1);
        // a statement the server refuses as unsupported (0A000) is the query's fault, not a broken connection
        c.setExceptionOverrideClassName(QueryErrorOverride.class.getName());
        return new HikariDataSource(c);
    }

    @Override
    public String name() {
        return "postgres";
    }

    public DataSource dataSource() {
        return pool;
    }

    @Override
    public void load(Dataset data) {
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            for (String ddl : PostgresSchema.createTables()) {
                s.execute(ddl);
            }
            CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
            for (CollectionDef def : GlueModel.collections()) {
                StringBuilder cols = new StringBuilder();
                for (Column col : def.columns()) {
                    cols.append(cols.length() == 0 ? "" : ", ").append(col.name());
                }
                copy.copyIn("COPY " + PostgresSchema.SCHEMA + "." + def.name() + " (" + cols + ") FROM STDIN",
                        new StringReader(copyText(data.rows(def.name()))));
            }
            for (String ddl : PostgresSchema.createConstraintsAndIndexes()) {
                if (ddl.equals("ANALYZE")) {
                    continue;
                }
                s.execute(ddl);
            }
            s.execute("GRANT USAGE ON SCHEMA " + PostgresSchema.SCHEMA + " TO PUBLIC");
            s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA " + PostgresSchema.SCHEMA + " TO PUBLIC");
            c.commit();
            c.setAutoCommit(true);
            // statistics for the planner, and the visibility map for index-only scans
            s.execute("VACUUM ANALYZE");
        } catch (SQLException | IOException e) {
            throw GrimException.backendFailed(name(), "loading the dataset failed", e);
        }
    }

    private static String copyText(List<Object[]> rows) {
        StringBuilder sb = new StringBuilder(rows.size() * 64);
        for (Object[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                if (i > 0) {
                    sb.append('\t');
                }
                if (r[i] == null) {
                    sb.append("\\N");
                } else {
                    String v = r[i].toString();
                    for (int k = 0; k < v.length(); k++) {
                        char ch = v.charAt(k);
                        switch (ch) {
                            case '\\' -> sb.append("\\\\");
                            case '\t' -> sb.append("\\t");
                            case '\n' -> sb.append("\\n");
                            case '\r' -> sb.append("\\r");
                            default -> sb.append(ch);
                        }
                    }
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    @Override
    public Map<String, Long> counts() {
        StringBuilder sql = new StringBuilder();
        for (CollectionDef def : GlueModel.collections()) {
            sql.append(sql.length() == 0 ? "" : " UNION ALL ").append("SELECT '").append(def.name()).append("', count(*) FROM ").append(def.name());
        }
        Map<String, Long> m = new LinkedHashMap<>();
        try (Connection c = pool.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.toString())) {
            while (rs.next()) {
                m.put(rs.getString(1), rs.getLong(2));
            }
        } catch (SQLException e) {
            throw GrimException.backendFailed(name(), "counting objects failed", e);
        }
        return m;
    }

    @Override
    public Dataset snapshot() {
        try (Connection c = pool.getConnection()) {
            return snapshot(c);
        } catch (SQLException e) {
            throw GrimException.backendFailed(name(), "reading the objects back failed", e);
        }
    }

    private static Dataset snapshot(Connection c) throws SQLException {
        Dataset d = new Dataset();
        try (Statement s = c.createStatement()) {
            for (CollectionDef def : GlueModel.collections()) {
                try (ResultSet rs = s.executeQuery("SELECT * FROM " + def.name())) {
                    int n = def.columns().size();
                    while (rs.next()) {
                        Object[] row = new Object[n];
                        for (int i = 0; i < n; i++) {
                            Column col = def.columns().get(i);
                            if (col.type() == ColumnType.TEXT) {
                                row[i] = rs.getString(col.name());
                            } else {
                                long v = rs.getLong(col.name());
                                row[i] = rs.wasNull() ? null : v;
                            }
                        }
                        d.add(def.name(), row);
                    }
                }
            }
        }
        return d;
    }

    /** Every object and the change-log position they include, read in one repeatable-read transaction. */
    @Override
    public Positioned snapshotWithPosition() {
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            c.setReadOnly(true);
            try {
                long position = PostgresChangeLog.latest(c);
                Dataset data = snapshot(c);
                return new Positioned(data, position);
            } finally {
                c.rollback();
                c.setReadOnly(false);
                c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw GrimException.backendFailed(name(), "reading the objects back failed", e);
        }
    }

    /** Whether the database already holds GRIM's tables and change log (from an earlier run). */
    public boolean holdsData() {
        try (Connection c = pool.getConnection()) {
            return PostgresChangeLog.exists(c);
        } catch (SQLException e) {
            throw GrimException.backendFailed(name(), "looking for existing data failed", e);
        }
    }

    @Override
    public List<Change> changesAfter(long after, int max) {
        return changeLog.after(after, max);
    }

    @Override
    public long latestPosition() {
        return changeLog.latest();
    }

    @Override
    public void trimThrough(long seq) {
        changeLog.trimThrough(seq);
    }

    @Override
    public OperationResult execute(OperationParameters params, Mode mode) {
        return OperationTemplate.execute(name(), params, mode, this::connect, this::answer);
    }

    /** #13: FAITHFUL opens a new JDBC connection (as the seed's client did), BEST borrows one from the pool. */
    private void connect(Mode mode) {
        try {
            if (mode == Mode.FAITHFUL) {
                try (Connection c = DriverManager.getConnection(jdbcUrl, adminProperties)) {
                    c.getAutoCommit();
                }
            } else {
                try (Connection c = pool.getConnection()) {
                    c.getAutoCommit();
                }
            }
        } catch (SQLException e) {
            throw GrimException.backendFailed(name(), Operation.CONNECT.label() + " failed", e);
        }
    }

    /** One prepared statement per operation: one request. */
    private OperationTemplate.Answer answer(OperationParameters params, Mode mode) {
        Operation op = params.operation();
        try {
            String sql = PostgresQueries.sql(op, mode);
            String[] names = PostgresQueries.parameters(op, mode);
            try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < names.length; i++) {
                    ps.setObject(i + 1, params.value(names[i]));
                }
                if (op == Operation.UPDATE) {
                    long n = ps.executeUpdate();
                    return new OperationTemplate.Answer(List.of(List.of((Object) n)), 1, 11);
                }
                List<List<Object>> rows = new ArrayList<>();
                long bytes = 0;
                try (ResultSet rs = ps.executeQuery()) {
                    ResultSetMetaData md = rs.getMetaData();
                    int n = md.getColumnCount();
                    boolean[] numeric = new boolean[n];
                    for (int i = 0; i < n; i++) {
                        int t = md.getColumnType(i + 1);
                        numeric[i] = t == Types.BIGINT || t == Types.INTEGER || t == Types.NUMERIC || t == Types.SMALLINT;
                    }
                    while (rs.next()) {
                        List<Object> row = new ArrayList<>(n);
                        bytes += 7;
                        for (int i = 0; i < n; i++) {
                            String text = rs.getString(i + 1);
                            bytes += 4 + (text == null ? 0 : utf8Length(text));
                            row.add(text == null ? null : numeric[i] ? (Object) Long.parseLong(text) : text);
                        }
                        rows.add(row);
                    }
                }
                return new OperationTemplate.Answer(rows, 1, bytes);
            }
        } catch (SQLException e) {
            throw GrimException.backendFailed(name(), op.label() + " failed", e);
        }
    }

    private static int utf8Length(String s) {
        int n = s.length();
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                n += s.charAt(i) >= 0x800 ? 2 : 1;
            }
        }
        return n;
    }

    @Override
    public int apply(List<Update> batch) {
        return batch.isEmpty() ? 0 : (int) withRetries(batch, false);
    }

    /** {@link #apply} plus the change-log entry in the same transaction; returns the entry's position. */
    @Override
    public long applyAndLog(List<Update> batch) {
        if (batch.isEmpty()) {
            throw new IllegalArgumentException("an empty group has no change-log entry");
        }
        return withRetries(batch, true);
    }

    private long withRetries(List<Update> batch, boolean log) {
        for (int attempt = 1;; attempt++) {
            try {
                return applyOnce(batch, log);
            } catch (GrimException e) {
                // two concurrent groups that touched the same rows in another order: retry the loser
                if (attempt >= 5 || !(e.getCause() instanceof SQLException s)
                        || !("40P01".equals(s.getSQLState()) || "40001".equals(s.getSQLState()))) {
                    throw e;
                }
            }
        }
    }

    /** Returns the objects changed, or with {@code log} the change-log position. */
    private long applyOnce(List<Update> batch, boolean log) {
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            try {
                int n = new PostgresUpdateWriter(c).apply(batch);
                long position = log ? changeLog.append(c, batch) : n;
                c.commit();
                return position;
            } catch (SQLException e) {
                c.rollback();
                throw translate(e);
            } catch (RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw GrimException.backendFailed(name(), "applying updates failed", e);
        }
    }

    private GrimException translate(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String detail = e.getMessage();
        if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
            detail = p.getServerErrorMessage().getMessage()
                    + (p.getServerErrorMessage().getDetail() != null ? " (" + p.getServerErrorMessage().getDetail() + ")" : "");
        }
        return switch (state) {
            case "23505", "23503" -> PostgresConflicts.conflict(state,
                    e instanceof PSQLException p ? p.getServerErrorMessage() : null);
            case "22P02", "22003", "23502" -> GrimException.badRequest("invalid value: " + detail);
            default -> GrimException.backendFailed(name(), "applying updates failed", e);
        };
    }

    @Override
    public NativeResult nativeQuery(String query, QueryLimits limits) {
        return nativeQuery(query, limits, new CancelSwitch());
    }

    /** {@inheritDoc} Pulling {@code cancel} cancels the running statement (PostgreSQL's cancel request). */
    @Override
    public NativeResult nativeQuery(String query, QueryLimits limits, CancelSwitch cancel) {
        requireNonNull(query, "query is null");
        requireNonNull(cancel, "cancel is null");
        String sql;
        try {
            sql = ReadOnlyGuard.check(query).sql();
        } catch (StatementRejectedException e) {
            throw GrimException.refused("SQL refused: " + e.getMessage());
        }
        long start = System.nanoTime();
        try (Connection c = readerPool.getConnection()) {
            c.setAutoCommit(false);
            c.setReadOnly(true);
            try (Statement s = c.createStatement()) {
                s.execute("SET LOCAL statement_timeout = " + Math.max(1, limits.timeout().toMillis()));
                s.setMaxRows(limits.maxRows() + 1);
                s.setFetchSize(Math.min(1000, limits.maxRows() + 1));
                List<String> columns = new ArrayList<>();
                List<List<Object>> rows = new ArrayList<>();
                boolean truncated = false;
                long bytes = 0;
                cancel.attach(s);
                try (ResultSet rs = s.executeQuery(sql)) {
                    ResultSetMetaData md = rs.getMetaData();
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        columns.add(md.getColumnLabel(i));
                    }
                    while (rs.next()) {
                        if (rows.size() == limits.maxRows()) {
                            truncated = true;
                            break;
                        }
                        List<Object> row = new ArrayList<>(columns.size());
                        for (int i = 1; i <= columns.size(); i++) {
                            Object value = NativeValues.of(rs.getObject(i));
                            bytes += value == null ? 0 : value.toString().length();
                            row.add(value);
                        }
                        if (bytes > limits.maxBytes()) {
                            throw GrimException.refused("the answer exceeds the limit of " + limits.maxBytes()
                                    + " bytes; select fewer columns or add a LIMIT");
                        }
                        rows.add(row);
                    }
                }
                return new NativeResult(name(), "sql", columns, rows, truncated, System.nanoTime() - start);
            } finally {
                cancel.detach();
                c.rollback();
                c.setReadOnly(false);
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            String state = e.getSQLState() == null ? "" : e.getSQLState();
            if (state.equals("57014") && cancel.cancelled()) {
                throw GrimException.refused("the query was cancelled because the client hung up");
            }
            if (state.equals("57014")) {
                throw GrimException.refused("the query ran longer than the limit of " + limits.timeout().toMillis() + " ms and was cancelled");
            }
            if (state.equals("53400")) {
                // temp_file_limit of the reader role: the query wanted more disk than one query may fill
                throw GrimException.refused("the query needs more temporary disk than the limit (temp_file_limit,"
                        + " grim.postgres.temp-file-limit for the embedded server); narrow it or aggregate less at once");
            }
            if (state.equals("25006") || state.equals("42501")) {
                throw GrimException.refused("the query tried to write; native queries are read-only: " + e.getMessage());
            }
            // the query's own fault: syntax and access (42), data (22), cardinality (21), unsupported
            // features (0A), program limits such as too many columns (54)
            if (state.startsWith("42") || state.startsWith("22") || state.startsWith("21") || state.startsWith("0A") || state.startsWith("54")) {
                throw GrimException.badRequest("SQL error: " + e.getMessage());
            }
            throw GrimException.backendFailed(name(), "native query failed", e);
        }
    }


    @Override
    public void close() {
        pool.close();
        readerPool.close();
        changeLogPool.close();
    }
}
