package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.nio.file.Path;

/**
 * How the BaseX backend reaches its database: embedded (a {@link org.basex.core.Context} in this
 * JVM over {@code dbPath}, the default) or client/server (a BaseX server at host:port, logged in
 * as an administrator who may create databases and users). Immutable; validated on creation.
 *
 * @param dbPath     embedded only: the BaseX DBPATH directory (created if missing)
 * @param host       client only: the server host
 * @param port       client only: the server port (BaseX's default is 1984)
 * @param user       client only: an administrator
 * @param password   client only
 * @param database   the database name (default {@value #DEFAULT_DATABASE})
 * @param readerUser the read-only user native queries run as (created with a random password on load)
 * @param poolSize   idle sessions kept for reuse
 */
@Immutable
public record BaseXSettings(Path dbPath, String host, int port, String user, String password, String database, String readerUser,
        int poolSize) {
    public static final String DEFAULT_DATABASE = "grim";
    public static final String DEFAULT_READER = "grimreader";
    public static final int DEFAULT_POOL_SIZE = 16;

    public BaseXSettings {
        requireNonNull(database, "database is null");
        requireNonNull(readerUser, "readerUser is null");
        if (!database.matches("[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("database name '" + database + "' must consist of letters, digits, '_' and '-'");
        }
        if (!readerUser.matches("[A-Za-z0-9_]+")) {
            throw new IllegalArgumentException("reader user '" + readerUser + "' must consist of letters, digits and '_'");
        }
        if (poolSize < 1) {
            throw new IllegalArgumentException("poolSize must be at least 1, got " + poolSize);
        }
        if (dbPath == null) {
            requireNonNull(host, "host is null (client mode needs host, port, user and password; embedded mode a dbPath)");
            requireNonNull(user, "user is null");
            requireNonNull(password, "password is null");
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port must be in 1..65535, got " + port);
            }
        } else if (host != null) {
            throw new IllegalArgumentException("give either dbPath (embedded) or host (client/server), not both");
        }
    }

    /** Embedded BaseX with its databases under {@code dbPath}. */
    public static BaseXSettings embedded(Path dbPath) {
        return new BaseXSettings(requireNonNull(dbPath, "dbPath is null"), null, 0, null, null, DEFAULT_DATABASE, DEFAULT_READER,
                DEFAULT_POOL_SIZE);
    }

    /** A BaseX server reached with {@link org.basex.api.client.ClientSession}. */
    public static BaseXSettings client(String host, int port, String user, String password) {
        return new BaseXSettings(null, host, port, user, password, DEFAULT_DATABASE, DEFAULT_READER, DEFAULT_POOL_SIZE);
    }

    public BaseXSettings withDatabase(String name) {
        return new BaseXSettings(dbPath, host, port, user, password, name, readerUser, poolSize);
    }

    public boolean embedded() {
        return dbPath != null;
    }

    /** For logs and errors: never the password. */
    public String describe() {
        return embedded() ? "embedded BaseX at " + dbPath + ", database " + database
                : "BaseX server " + host + ":" + port + " as " + user + ", database " + database;
    }
}
