package org.gridstack.frontier.db;

import com.google.errorprone.annotations.ThreadSafe;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.gridstack.frontier.config.FrontierProperties;
import org.gridstack.frontier.protocol.RowStreamWriter;
import org.gridstack.service.work.CancelSwitch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one read-only query and writes its result as a row stream: the header record (column names
 * and the database's type names), then every value in the database's own text form (binary columns
 * as raw bytes). Each query runs in a read-only transaction that is rolled back afterwards, with a
 * statement timeout and row/byte limits. A query the database refuses costs one log line (INFO,
 * SQLSTATE and the message's first line, no stack trace): it is the client's error, not the
 * server's. Thread-safe.
 */
@ThreadSafe
public final class QueryRunner {
    private static final Logger log = LoggerFactory.getLogger(QueryRunner.class);
    private static final int LOGGED_CHARS = 160;

    /** Told when the query has produced its result set, so the caller can stop sending keepalives. */
    public interface Progress {
        void executed();
    }

    /** What a run produced. */
    public record Result(long records, long bytes) {
    }

    @SuppressWarnings("ThreadSafe") // a JDBC connection pool (HikariCP or the container's), thread-safe by contract
    private final DataSource dataSource;
    private final Dialect dialect;
    @SuppressWarnings("ThreadSafe") // bound and validated at start-up, then only read
    private final FrontierProperties properties;
    private final Timer acquireTimer;
    private final Timer executeTimer;

    public QueryRunner(DataSource dataSource, Dialect dialect, FrontierProperties properties, MeterRegistry meters) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource is null");
        this.dialect = Objects.requireNonNull(dialect, "dialect is null");
        this.properties = Objects.requireNonNull(properties, "properties is null");
        this.acquireTimer = Timer.builder("frontier.db.acquire").description("Time waiting for a database connection").register(meters);
        this.executeTimer = Timer.builder("frontier.db.execute").description("Time until the query returned its first rows").register(meters);
    }

    public Dialect dialect() {
        return dialect;
    }

    /**
     * Runs {@code sql} with {@code binds} bound as strings to its {@code ?} markers.
     *
     * @throws SQLException the database refused or failed the query (the message is the database's)
     * @throws QueryLimitException the result is over the row or byte limit
     * @throws IOException writing the row stream failed (client gone)
     */
    public Result run(String sql, List<String> binds, RowStreamWriter out, Progress progress)
            throws SQLException, QueryLimitException, IOException {
        return run(sql, binds, out, progress, new CancelSwitch());
    }

    /**
     * As {@link #run(String, List, RowStreamWriter, Progress)}; {@code running} lets another
     * thread cancel the statement (the database then answers SQLSTATE 57014).
     */
    public Result run(String sql, List<String> binds, RowStreamWriter out, Progress progress, CancelSwitch running)
            throws SQLException, QueryLimitException, IOException {
        Objects.requireNonNull(running, "running is null");
        long t0 = System.nanoTime();
        try (Connection connection = dataSource.getConnection()) {
            long t1 = System.nanoTime();
            acquireTimer.record(t1 - t0, TimeUnit.NANOSECONDS);
            try {
                if (connection.getAutoCommit()) {
                    connection.setAutoCommit(false);
                }
                dialect.beginReadOnly(connection);
                return execute(connection, sql, binds, out, progress, t1, running);
            } catch (SQLException e) {
                log.info("query refused by the database, SQLSTATE {}: {} (query: {})", e.getSQLState(),
                        firstLine(e.getMessage()), cut(sql.replaceAll("\\s+", " ")));
                throw e;
            } finally {
                try {
                    connection.rollback();
                } catch (SQLException ignored) {
                    // the pool validates and discards broken connections
                }
            }
        }
    }

    private Result execute(Connection connection, String sql, List<String> binds, RowStreamWriter out, Progress progress, long t1,
                           CancelSwitch running) throws SQLException, QueryLimitException, IOException {
        long maxRows = properties.getMaxRows();
        long maxBytes = properties.getMaxBytes();
        try (PreparedStatement ps = connection.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
            ps.setQueryTimeout(properties.getMaxDbExecuteSeconds());
            ps.setFetchSize(properties.getFetchSize());
            if (maxRows < Integer.MAX_VALUE) {
                ps.setMaxRows((int) maxRows + 1);
            }
            for (int i = 0; i < binds.size(); i++) {
                ps.setString(i + 1, binds.get(i));
            }
            running.attach(ps);
            try (ResultSet rs = ps.executeQuery()) {
                executeTimer.record(System.nanoTime() - t1, TimeUnit.NANOSECONDS);
                progress.executed();
                ResultSetMetaData md = rs.getMetaData();
                int n = md.getColumnCount();
                String[] names = new String[n];
                String[] types = new String[n];
                boolean[] binary = new boolean[n];
                for (int i = 0; i < n; i++) {
                    names[i] = md.getColumnLabel(i + 1);
                    types[i] = dialect.typeName(md, i + 1);
                    binary[i] = dialect.isBinary(types[i]);
                }
                out.writeHeader(names, types);
                long rows = 0;
                while (rs.next()) {
                    if (++rows > maxRows) {
                        throw new QueryLimitException("the result has more than " + maxRows + " rows (frontier.max-rows); narrow the query");
                    }
                    for (int i = 0; i < n; i++) {
                        if (binary[i]) {
                            out.writeBytes(rs.getBytes(i + 1));
                        } else {
                            out.writeBytes(dialect.textValue(rs, i + 1));
                        }
                    }
                    out.endRecord();
                    if (out.size() > maxBytes) {
                        throw new QueryLimitException("the result is larger than " + maxBytes + " bytes (frontier.max-bytes); narrow the query");
                    }
                }
                return new Result(out.records(), out.size());
            } finally {
                running.detach();
            }
        }
    }

    /** The first line of {@code s} (the database's message without its detail lines), cut; null: empty. */
    private static String firstLine(String s) {
        return s == null ? "" : cut(s.strip().lines().findFirst().orElse(""));
    }

    /** {@code s} cut to {@value #LOGGED_CHARS} characters. */
    private static String cut(String s) {
        return s.length() <= LOGGED_CHARS ? s : s.substring(0, LOGGED_CHARS) + "...";
    }
}
