package org.gridstack.rgma.storage;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import org.gridstack.embedded.PasswordProtectedPostgres;

/**
 * The PostgreSQL server R-GMA keeps its schema and tuples in: an embedded one started here (the
 * default; stopped by {@link #close()}), or an external one given by URL. In the embedded case a
 * database {@code rgma} is created with an owner role {@code rgma} whose password is generated
 * for this run. Thread-safe.
 */
@ThreadSafe
public final class RgmaDatabase implements AutoCloseable {
    private final PasswordProtectedPostgres embedded;
    private final DatabaseLocation location;

    private RgmaDatabase(PasswordProtectedPostgres embedded, DatabaseLocation location) {
        this.embedded = embedded;
        this.location = location;
    }

    /** Starts an embedded PostgreSQL on a free loopback port with a database {@code rgma}. */
    public static RgmaDatabase embedded() throws IOException, SQLException {
        PasswordProtectedPostgres pg = PasswordProtectedPostgres.start(Map.of("max_connections", "300"));
        try {
            String password = PasswordProtectedPostgres.randomPassword();
            try (Connection admin = pg.superuserConnection("postgres"); Statement s = admin.createStatement()) {
                s.execute("CREATE ROLE rgma LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '" + password + "'");
                s.execute("CREATE DATABASE rgma OWNER rgma ENCODING 'UTF8' TEMPLATE template0");
            }
            return new RgmaDatabase(pg, new DatabaseLocation(pg.jdbcUrl("rgma"), "rgma", password));
        } catch (SQLException | RuntimeException e) {
            pg.close();
            throw e;
        }
    }

    /** An external database; R-GMA creates its tables there on first use. */
    public static RgmaDatabase external(DatabaseLocation location) {
        return new RgmaDatabase(null, location);
    }

    /** Where to log in. */
    public DatabaseLocation location() {
        return location;
    }

    /** Stops the embedded server (and deletes its data); nothing for an external one. */
    @Override
    public void close() throws IOException {
        if (embedded != null) {
            embedded.close();
        }
    }
}
