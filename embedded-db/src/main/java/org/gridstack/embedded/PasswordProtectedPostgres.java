package org.gridstack.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * An embedded PostgreSQL (zonky's real binaries) on a free loopback port that <b>trusts nobody</b>:
 * initdb runs with {@code --auth=scram-sha-256} for TCP and Unix-socket connections alike, and the
 * superuser {@value #SUPERUSER} gets a random password generated for this run, so no other local
 * user can connect as superuser (and, through {@code COPY ... PROGRAM}, run commands as the
 * service's user). zonky itself always runs {@code initdb -A trust}; the later {@code --auth}
 * option overrides it, and {@code --pwfile} sets the password before the server first starts, so
 * there is no moment in which the server trusts anyone. The password lives only in this object
 * (the password file is deleted once initdb has read it).
 *
 * <p>Closing stops the server and deletes its data directory. Thread-safe.
 */
public final class PasswordProtectedPostgres implements Closeable {
    /** The superuser initdb creates. */
    public static final String SUPERUSER = "postgres";

    private final EmbeddedPostgres server;
    private final String superuserPassword;

    private PasswordProtectedPostgres(EmbeddedPostgres server, String superuserPassword) {
        this.server = server;
        this.superuserPassword = superuserPassword;
    }

    /**
     * Runs initdb and starts the server with the given {@code postgresql.conf} settings.
     *
     * @throws IllegalStateException when run as root (PostgreSQL refuses to)
     * @throws IOException when initdb or the server fails
     */
    public static PasswordProtectedPostgres start(Map<String, String> serverConfig) throws IOException {
        Objects.requireNonNull(serverConfig, "serverConfig is null");
        if ("root".equals(System.getProperty("user.name"))) {
            throw new IllegalStateException("PostgreSQL refuses to run as root (initdb: cannot be run as root). "
                    + "Run as an unprivileged user: ./gridstack run and ./gridstack test do that for you.");
        }
        String password = randomPassword();
        Path pwDir = Files.createTempDirectory("gridstack-pg-", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Path pwFile = pwDir.resolve("pwfile");
        try {
            Files.writeString(pwFile, password + "\n", StandardCharsets.UTF_8);
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    // initdb options: zonky appends its "locale" settings as --key=value after "-A trust"
                    .setLocaleConfig("auth", "scram-sha-256")
                    .setLocaleConfig("pwfile", pwFile.toString())
                    // zonky's own readiness check and getDatabase() connect with these properties
                    .setConnectConfig("password", password);
            serverConfig.forEach(builder::setServerConfig);
            return new PasswordProtectedPostgres(builder.start(), password);
        } finally {
            Files.deleteIfExists(pwFile);
            Files.deleteIfExists(pwDir);
        }
    }

    /** A new random password (hex, 192 bits), for the superuser and for the roles the services create. */
    public static String randomPassword() {
        byte[] b = new byte[24];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /**
     * Creates {@code database} (UTF-8) and a login role {@code reader} that can only read: no
     * superuser, database or role rights, and {@code default_transaction_read_only} on, with a
     * password generated here (returned). The role gets no table rights yet: grant SELECT once the
     * tables exist. The one way the services make their anonymous users' role (FroNtier's demo,
     * GRIM, the DQP demo). Names are SQL identifiers the caller chooses, never user input.
     */
    public String createDatabaseWithReader(String database, String reader) throws SQLException {
        for (String name : new String[] {database, reader}) {
            if (name == null || !name.matches("[a-z_][a-z0-9_]*")) {
                throw new IllegalArgumentException("not a plain lower-case SQL identifier: " + name);
            }
        }
        String password = randomPassword();
        try (Connection admin = superuserConnection("postgres"); java.sql.Statement s = admin.createStatement()) {
            s.execute("CREATE ROLE " + reader + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '" + password + "'");
            s.execute("ALTER ROLE " + reader + " SET default_transaction_read_only = on");
            s.execute("CREATE DATABASE " + database + " ENCODING 'UTF8' TEMPLATE template0");
        }
        return password;
    }

    /** The TCP port the server listens on (loopback). */
    public int port() {
        return server.getPort();
    }

    /** JDBC URL of {@code database} on this server, without credentials. */
    public String jdbcUrl(String database) {
        return "jdbc:postgresql://localhost:" + server.getPort() + "/" + Objects.requireNonNull(database, "database is null");
    }

    /** The superuser's password, generated for this run; give it only to code that administers the server. */
    public String superuserPassword() {
        return superuserPassword;
    }

    /** Driver properties that log in as the superuser. */
    public Properties superuserProperties() {
        Properties p = new Properties();
        p.setProperty("user", SUPERUSER);
        p.setProperty("password", superuserPassword);
        return p;
    }

    /** A new superuser connection to {@code database}; the caller closes it. */
    public Connection superuserConnection(String database) throws SQLException {
        return DriverManager.getConnection(jdbcUrl(database), superuserProperties());
    }

    /** Stops the server and deletes its data directory. */
    @Override
    public void close() throws IOException {
        server.close();
    }
}
