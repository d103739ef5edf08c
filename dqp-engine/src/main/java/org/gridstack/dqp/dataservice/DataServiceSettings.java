package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.time.Duration;

/**
 * Validated settings of one data service (the seed's OGSA-DAI Grid Data Service).
 *
 * <ul>
 * <li>{@code name}: how the service names itself in its catalog and in errors;</li>
 * <li>{@code jdbcUrl}, {@code user}, {@code password}: the database it wraps (use a read-only role);</li>
 * <li>{@code maxSessions} (default {@value #DEFAULT_MAX_SESSIONS}): open asynchronous scans at once; one more is
 *     refused with 503 so that anonymous callers cannot hold every connection;</li>
 * <li>{@code sessionIdleTimeout} (default 60 s): a session nobody pulled from for this long is closed;</li>
 * <li>{@code maxBlockSize} (default {@value #DEFAULT_MAX_BLOCK_SIZE} tuples): the largest block one call may ask for;</li>
 * <li>{@code fetchSize} (default {@value #DEFAULT_FETCH_SIZE} rows): the JDBC cursor's fetch size, so no scan
 *     holds its whole result;</li>
 * <li>{@code queryTimeout} (default 5 min): a statement running longer is cancelled.</li>
 * </ul>
 * Every setting is checked here, once: a bad one is refused with an IllegalArgumentException naming it (and its
 * command-line option) and the value. Immutable.
 */
@Immutable
public record DataServiceSettings(String name, String jdbcUrl, String user, String password, int maxSessions,
        Duration sessionIdleTimeout, int maxBlockSize, int fetchSize, Duration queryTimeout) {
    public static final int DEFAULT_MAX_SESSIONS = 32;
    public static final int DEFAULT_MAX_BLOCK_SIZE = 10_000;
    public static final int DEFAULT_FETCH_SIZE = 1_000;

    public DataServiceSettings {
        requireNonNull(name, "name is null");
        requireNonNull(jdbcUrl, "jdbcUrl is null");
        requireNonNull(user, "user is null");
        requireNonNull(password, "password is null");
        requireNonNull(sessionIdleTimeout, "sessionIdleTimeout is null");
        requireNonNull(queryTimeout, "queryTimeout is null");
        if (!name.matches("[A-Za-z0-9_.-]{1,64}")) {
            throw new IllegalArgumentException("name (--name) '" + name + "' must be 1-64 letters, digits, '_', '.', '-'");
        }
        if (!jdbcUrl.startsWith("jdbc:")) {
            throw new IllegalArgumentException("jdbcUrl (--jdbc-url) '" + jdbcUrl + "' is not a JDBC URL (jdbc:...)");
        }
        positive(maxSessions, "maxSessions (--max-sessions)");
        positive(maxBlockSize, "maxBlockSize");
        positive(fetchSize, "fetchSize");
        if (sessionIdleTimeout.isNegative() || sessionIdleTimeout.isZero()) {
            throw new IllegalArgumentException("sessionIdleTimeout must be positive, is " + sessionIdleTimeout);
        }
        if (queryTimeout.toSeconds() < 1) {
            throw new IllegalArgumentException("queryTimeout must be at least 1 s, is " + queryTimeout);
        }
    }

    private static void positive(int value, String what) {
        if (value < 1) {
            throw new IllegalArgumentException(what + " must be at least 1, is " + value);
        }
    }

    /** Settings with every default for the database at {@code jdbcUrl}. */
    public static DataServiceSettings defaults(String name, String jdbcUrl, String user, String password) {
        return new DataServiceSettings(name, jdbcUrl, user, password, DEFAULT_MAX_SESSIONS, Duration.ofSeconds(60),
                DEFAULT_MAX_BLOCK_SIZE, DEFAULT_FETCH_SIZE, Duration.ofMinutes(5));
    }
}
