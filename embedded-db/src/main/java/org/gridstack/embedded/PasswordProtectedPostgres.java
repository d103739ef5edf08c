package org.gridstack.embedded;

import com.google.errorprone.annotations.ThreadSafe;
import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.embedded.PgBinaryResolver;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.UUID;

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
 * <p>Binaries and data live in a {@link PrivateDirectory} (mode 0700, owned by the service's
 * account, checked on every start), never in zonky's shared {@code ${java.io.tmpdir}/embedded-pg},
 * which any local user could fill with their own {@code initdb}. Each role that
 * {@link #createDatabaseWithReader} makes gets a bound on temporary files per session
 * ({@code temp_file_limit}).
 *
 * <p>Closing stops the server and deletes its data directory. Thread-safe.
 */
@ThreadSafe
public final class PasswordProtectedPostgres implements Closeable {
    /** The superuser initdb creates. */
    public static final String SUPERUSER = "postgres";

    /** zonky's system property for its working directory (read when a builder is made). */
    private static final String ZONKY_WORKING_DIR = "ot.epg.working-dir";
    private static final Object ZONKY_BUILDER_LOCK = new Object();

    @SuppressWarnings("ThreadSafe") // zonky's EmbeddedPostgres: final settings, close() runs once (an AtomicBoolean)
    private final EmbeddedPostgres server;
    private final String superuserPassword;

    private PasswordProtectedPostgres(EmbeddedPostgres server, String superuserPassword) {
        this.server = server;
        this.superuserPassword = superuserPassword;
    }

    /**
     * Runs initdb and starts the server with the given {@code postgresql.conf} settings, with
     * binaries and data in {@link PrivateDirectory#forEmbeddedPostgres()}.
     *
     * @throws IllegalStateException when run as root (PostgreSQL refuses to), or when another
     *     account could write to the private directory
     * @throws IOException when initdb or the server fails
     */
    public static PasswordProtectedPostgres start(Map<String, String> serverConfig) throws IOException {
        return start(serverConfig, PrivateDirectory.forEmbeddedPostgres());
    }

    /**
     * As {@link #start(Map)}, with binaries and data in {@code directory}.
     */
    public static PasswordProtectedPostgres start(Map<String, String> serverConfig, PrivateDirectory directory)
            throws IOException {
        Objects.requireNonNull(serverConfig, "serverConfig is null");
        Objects.requireNonNull(directory, "directory is null");
        if ("root".equals(System.getProperty("user.name"))) {
            throw new IllegalStateException("PostgreSQL refuses to run as root (initdb: cannot be run as root). "
                    + "Run as an unprivileged user: ./gridstack run and ./gridstack test do that for you.");
        }
        Path home = directory.verify();
        String password = randomPassword();
        String runId = UUID.randomUUID().toString();
        Path pwFile = home.resolve("pwfile-" + runId);
        Path dataDir = home.resolve("data-" + runId);
        try {
            Files.writeString(pwFile, password + "\n", StandardCharsets.UTF_8);
            Files.createDirectory(dataDir, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            EmbeddedPostgres.Builder builder = privateBuilder(home)
                    // zonky makes its working directory writable for all (File.setWritable(true, false));
                    // inside the 0700 directory that reaches nobody
                    .setOverrideWorkingDirectory(home.resolve("binaries").toFile())
                    // one resolver per directory: zonky caches unpacked binaries per resolver for the JVM's life
                    .setPgBinaryResolver(new DirectoryBoundResolver(home))
                    .setDataDirectory(dataDir)
                    .setCleanDataDirectory(true)
                    // initdb options: zonky appends its "locale" settings as --key=value after "-A trust"
                    .setLocaleConfig("auth", "scram-sha-256")
                    .setLocaleConfig("pwfile", pwFile.toString())
                    // zonky's own readiness check and getDatabase() connect with these properties
                    .setConnectConfig("password", password);
            serverConfig.forEach(builder::setServerConfig);
            return new PasswordProtectedPostgres(builder.start(), password);
        } finally {
            Files.deleteIfExists(pwFile);
        }
    }

    /**
     * A zonky builder whose parent directory (where it looks for stale data directories and runs
     * {@code pg_ctl stop} on them) is {@code home}, not the shared temp folder: zonky reads it
     * from a system property when the builder is made, so the property is set only meanwhile.
     */
    private static EmbeddedPostgres.Builder privateBuilder(Path home) {
        synchronized (ZONKY_BUILDER_LOCK) {
            String before = System.getProperty(ZONKY_WORKING_DIR);
            System.setProperty(ZONKY_WORKING_DIR, home.toString());
            try {
                return EmbeddedPostgres.builder();
            } finally {
                if (before == null) {
                    System.clearProperty(ZONKY_WORKING_DIR);
                } else {
                    System.setProperty(ZONKY_WORKING_DIR, before);
                }
            }
        }
    }

    /** zonky's own binaries, cached (by zonky) separately for each private directory. */
    private record DirectoryBoundResolver(Path directory) implements PgBinaryResolver {
        @Override
        public InputStream getPgBinary(String system, String machineHardware) throws IOException {
            return DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(system, machineHardware);
        }
    }

    /** A new random password (hex, 192 bits), for the superuser and for the roles the services create. */
    public static String randomPassword() {
        byte[] b = new byte[24];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /**
     * As {@link #createDatabaseWithReader(String, String, String)} with temporary files bounded
     * at {@value #DEFAULT_TEMP_FILE_LIMIT} per session.
     */
    public String createDatabaseWithReader(String database, String reader) throws SQLException {
        return createDatabaseWithReader(database, reader, DEFAULT_TEMP_FILE_LIMIT);
    }

    /** The reader role's default {@code temp_file_limit}: the disk one session's sorts and hashes may fill. */
    public static final String DEFAULT_TEMP_FILE_LIMIT = "512MB";

    /**
     * Creates {@code database} (UTF-8) and a login role {@code reader} that can only read: no
     * superuser, database or role rights, {@code default_transaction_read_only} on, and
     * {@code temp_file_limit} set to {@code tempFileLimit} (a PostgreSQL size such as {@code 512MB};
     * only a superuser may change it, so the role cannot lift it; a query that needs more fails
     * with SQLSTATE 53400), with a password generated here (returned). The role gets no table
     * rights yet: grant SELECT once the tables exist. The one way the services make their
     * anonymous users' role (FroNtier's demo, GRIM, the DQP demo). Names are SQL identifiers the
     * caller chooses, never user input.
     */
    public String createDatabaseWithReader(String database, String reader, String tempFileLimit) throws SQLException {
        for (String name : new String[] {database, reader}) {
            if (name == null || !name.matches("[a-z_][a-z0-9_]*")) {
                throw new IllegalArgumentException("not a plain lower-case SQL identifier: " + name);
            }
        }
        if (tempFileLimit == null || !tempFileLimit.matches("(-1|[0-9]{1,12}(kB|MB|GB|TB)?)")) {
            throw new IllegalArgumentException("temp file limit must be a PostgreSQL size such as 512MB, 64kB or -1"
                    + " (no limit), not " + tempFileLimit);
        }
        String password = randomPassword();
        try (Connection admin = superuserConnection("postgres"); Statement s = admin.createStatement()) {
            s.execute("CREATE ROLE " + reader + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '" + password + "'");
            s.execute("ALTER ROLE " + reader + " SET default_transaction_read_only = on");
            s.execute("ALTER ROLE " + reader + " SET temp_file_limit = '" + tempFileLimit + "'");
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
