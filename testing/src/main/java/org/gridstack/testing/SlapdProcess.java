package org.gridstack.testing;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.gridstack.service.process.ProcessGroupStopper;

/**
 * A real OpenLDAP server (Debian's {@code /usr/sbin/slapd}, package {@code slapd}) started from
 * {@code docker/ldap/slapd.conf.template} on a free port of 127.0.0.1, with an mdb database in a
 * folder of its own, in the foreground ({@code -d 0}) as a child of this JVM. The database is
 * empty: not even the suffix entry exists, the caller adds it (as the root DN). Anonymous users
 * may read everything, only the root DN may write; size and time limits are off.
 *
 * <p>{@link #close()} stops slapd and deletes its folder; a shutdown hook does the same if a test
 * run is killed. Runs as any user (the tests run as the unprivileged {@code gridstack}): every
 * file slapd touches (config, schema copies, database, pid file) lives in the temp folder, and a
 * port above 1024 needs no privilege. The package's own system daemon is not used: on a CI
 * machine, installing the package may start one on port 389 (Debian's postinst does so where
 * {@code invoke-rc.d} is allowed to start services); it does not interfere with this one (other
 * port, other database), but it can be stopped with {@code service slapd stop}, and on a
 * container with {@code policy-rc.d} (exit 101) it never starts. Thread-safe.
 */
@ThreadSafe
public final class SlapdProcess implements AutoCloseable {
    public static final Path SLAPD = Paths.get(System.getProperty("gridstack.slapd", "/usr/sbin/slapd"));
    /** Debian's module folder (back_mdb.so). */
    public static final String MODULE_PATH = System.getProperty("gridstack.slapd.modules", "/usr/lib/ldap");
    static final String TEMPLATE = "slapd.conf.template";

    private final String name;
    private final int port;
    private final Path dir;
    @SuppressWarnings("ThreadSafe") // Process: the JDK's implementation synchronizes its state (waitFor, destroy, exitValue)
    private final Process process;
    // copied from the Options, which stay the caller's to change
    private final String suffix;
    private final String rootDn;
    private final String rootPassword;
    private final Thread cleanup;

    private SlapdProcess(Options options, int port, Path dir, Process process) {
        this.name = options.name;
        this.suffix = options.suffix;
        this.rootDn = options.rootDn;
        this.rootPassword = options.rootPassword;
        this.port = port;
        this.dir = dir;
        this.process = process;
        this.cleanup = new Thread(this::stopQuietly, "slapd-cleanup-" + name);
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /** Settings of one slapd; {@link #start()} launches it. Not thread-safe. */
    public static Options options(String name) {
        return new Options(name);
    }

    public static final class Options {
        private final String name;
        private String suffix = "o=grid";
        private String rootDn = "cn=admin,o=grid";
        private String rootPassword = "secret";
        private final Map<String, String> schemas = new LinkedHashMap<>();
        private final List<String> equalityIndexes = new ArrayList<>();
        private long maxSizeBytes = 1L << 30;
        private String logLevel = "none";

        private Options(String name) {
            this.name = requireNonNull(name, "name is null");
            if (!name.matches("[A-Za-z0-9_-]+")) {
                throw new IllegalArgumentException("slapd name '" + name + "' must be letters, digits, '-' or '_'");
            }
        }

        public Options suffix(String suffix) {
            this.suffix = requireNonNull(suffix, "suffix is null");
            return this;
        }

        public Options root(String dn, String password) {
            this.rootDn = requireNonNull(dn, "root dn is null");
            this.rootPassword = requireNonNull(password, "root password is null");
            if (password.isBlank() || password.contains("\n")) {
                throw new IllegalArgumentException("the root password must be one non-blank line");
            }
            return this;
        }

        /** Adds a schema in OpenLDAP {@code .schema} format, included after core.schema in the order added. */
        public Options schema(String fileName, String text) {
            if (!fileName.matches("[A-Za-z0-9_.-]+\\.schema")) {
                throw new IllegalArgumentException("schema file name '" + fileName + "' must be a plain *.schema name");
            }
            schemas.put(fileName, requireNonNull(text, "schema text is null"));
            return this;
        }

        /** Attributes to keep an equality index on ({@code index <attr> eq}); objectClass always has one. */
        public Options equalityIndexes(List<String> attributes) {
            for (String a : attributes) {
                if (!a.matches("[A-Za-z][A-Za-z0-9-]*")) {
                    throw new IllegalArgumentException("'" + a + "' is not an attribute name");
                }
                equalityIndexes.add(a);
            }
            return this;
        }

        public Options maxSizeBytes(long bytes) {
            this.maxSizeBytes = bytes;
            return this;
        }

        /** slapd's loglevel keyword(s), e.g. {@code stats}; {@code none} by default. */
        public Options logLevel(String level) {
            this.logLevel = requireNonNull(level, "level is null");
            return this;
        }

        public SlapdProcess start() throws IOException {
            return SlapdProcess.start(this);
        }
    }

    private static SlapdProcess start(Options o) throws IOException {
        if (!Files.isExecutable(SLAPD)) {
            throw new IllegalStateException(SLAPD + " not found: install Debian's slapd package (./gridstack test does)");
        }
        if (!Files.isRegularFile(Paths.get(MODULE_PATH, "back_mdb.so"))) {
            throw new IllegalStateException(MODULE_PATH + "/back_mdb.so not found: slapd's mdb backend module is missing"
                    + " (set -Dgridstack.slapd.modules to the folder that has it)");
        }
        Path dir = Files.createTempDirectory("slapd-" + o.name + "-");
        try {
            Files.createDirectories(dir.resolve("data"));
            Files.createDirectories(dir.resolve("schema"));
            StringBuilder includes = new StringBuilder();
            for (Map.Entry<String, String> s : o.schemas.entrySet()) {
                Path f = dir.resolve("schema").resolve(s.getKey());
                Files.writeString(f, s.getValue(), StandardCharsets.UTF_8);
                includes.append("include         ").append(f).append('\n');
            }
            StringBuilder indexes = new StringBuilder();
            for (String a : o.equalityIndexes) {
                indexes.append("index           ").append(a).append(" eq\n");
            }
            Map<String, String> v = new LinkedHashMap<>();
            v.put("schema_includes", includes.toString());
            v.put("dir", dir.toString());
            v.put("module_path", MODULE_PATH);
            v.put("log_level", o.logLevel);
            v.put("max_size_bytes", String.valueOf(o.maxSizeBytes));
            v.put("suffix", o.suffix);
            v.put("root_dn", o.rootDn);
            v.put("root_password", o.rootPassword);
            v.put("index_lines", indexes.toString());
            Path conf = dir.resolve("slapd.conf");
            Files.writeString(conf, render(template(), v), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            ConfigTemplates.deleteTree(dir);
            throw e;
        }
        int port = ConfigTemplates.freePort();
        ProcessBuilder pb = ProcessGroupStopper.inOwnSession(new ProcessBuilder(SLAPD.toString(), "-d", "0",
                "-h", "ldap://127.0.0.1:" + port + "/", "-f", dir.resolve("slapd.conf").toString()));
        pb.redirectErrorStream(true);
        pb.redirectOutput(dir.resolve("console.log").toFile());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            ConfigTemplates.deleteTree(dir);
            throw e;
        }
        SlapdProcess slapd = new SlapdProcess(o, port, dir, p);
        try {
            slapd.awaitListening(TimeUnit.SECONDS.toNanos(30));
        } catch (IOException | RuntimeException e) {
            String log = slapd.logs();
            slapd.close();
            throw new IOException("slapd " + o.name + " did not start: " + e.getMessage() + "\n" + log, e);
        }
        return slapd;
    }

    /**
     * The template: from the classpath ({@code /ldap/slapd.conf.template}) when the build copies
     * it there, otherwise from {@code docker/ldap/} of the checkout (found from the working folder up).
     */
    static String template() throws IOException {
        try (InputStream in = SlapdProcess.class.getResourceAsStream("/ldap/" + TEMPLATE)) {
            if (in != null) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        for (Path d = Paths.get("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path f = d.resolve("docker").resolve("ldap").resolve(TEMPLATE);
            if (Files.isRegularFile(f)) {
                return Files.readString(f, StandardCharsets.UTF_8);
            }
        }
        throw new IOException(TEMPLATE + " is neither on the classpath (/ldap/) nor in docker/ldap/ above "
                + Paths.get("").toAbsolutePath());
    }

    /** Fills every {@code ${name}}; a placeholder without a value is an error, not an empty string. */
    static String render(String template, Map<String, String> values) {
        return ConfigTemplates.render(template, values, TEMPLATE);
    }

    private void awaitListening(long timeoutNanos) throws IOException {
        ConfigTemplates.awaitListening(process, "slapd", port, timeoutNanos, 50);
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    /** {@code ldap://127.0.0.1:PORT}. */
    public String url() {
        return "ldap://127.0.0.1:" + port;
    }

    public String suffix() {
        return suffix;
    }

    public String rootDn() {
        return rootDn;
    }

    public String rootPassword() {
        return rootPassword;
    }

    /** The slapd process, e.g. for a host monitor that follows its CPU and memory. */
    public ProcessHandle handle() {
        return process.toHandle();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The temp folder (config, schema copies, database); deleted by {@link #close()}. */
    Path dir() {
        return dir;
    }

    /** The generated slapd.conf, for failure messages and the docs. */
    public String config() throws IOException {
        return Files.readString(dir.resolve("slapd.conf"), StandardCharsets.UTF_8);
    }

    /** slapd's console output (its last 40 lines), for failure messages. */
    public String logs() {
        try {
            Path p = dir.resolve("console.log");
            if (!Files.exists(p)) {
                return "";
            }
            List<String> lines = Files.readAllLines(p, StandardCharsets.ISO_8859_1);
            return "== slapd " + name + " console.log\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())) + "\n";
        } catch (IOException e) {
            return "(cannot read console.log: " + e.getMessage() + ")\n";
        }
    }

    @Override
    public void close() {
        stopQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }

    private void stopQuietly() {
        ProcessGroupStopper.stop(process, Duration.ofSeconds(10)); // SIGTERM: slapd closes the database cleanly
        ConfigTemplates.deleteTree(dir);
    }

}
