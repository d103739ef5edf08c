package org.gridstack.testing;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.gridstack.service.process.ProcessGroupStopper;

/**
 * A real BDII (Debian's {@code bdii} 6.0.0) run unprivileged from a temp folder: its slapd from the
 * package's {@code /usr/share/bdii/bdii-slapd.conf} (only the run and database paths rewritten) on
 * a free port, and {@code bdii-update -d} reading the provider and ldif folders this harness
 * writes, every {@code BDII_BREATHE_TIME} (1 s). Facts of Debian 12's package that this works
 * around: {@code bdii-update} calls ldapadd/ldapmodify/ldapdelete/ldapsearch with
 * {@code -h HOST -p PORT}, which ldap-utils 2.5 removed, so wrappers earlier on {@code PATH}
 * rewrite them to {@code -H ldap://HOST:PORT}; {@code BDII_RUN_DIR}, {@code BDII_VAR_DIR} (with
 * {@code archive/}), {@code BDII_HOSTNAME} and {@code SLAPD_CONF} are set; the package's
 * {@code default.ldif} (which creates the suffixes) is one of the static files. {@link #close()}
 * stops bdii-update (a daemon: by the pid in its pid file) and slapd and deletes the folder; a
 * shutdown hook does the same if the JVM ends first (a benchmark main's {@code System.exit}, a
 * killed test run). Shared by the mds-index interoperability test and the MDS benchmark. Not
 * thread-safe.
 */
public final class BdiiProcess implements AutoCloseable {
    public static final Path SLAPD = Path.of("/usr/sbin/slapd");
    public static final Path BDII_UPDATE = Path.of("/usr/sbin/bdii-update");
    public static final Path SLAPD_CONF = Path.of("/usr/share/bdii/bdii-slapd.conf");
    public static final Path DEFAULT_LDIF = Path.of("/usr/share/bdii/default.ldif");

    private final Path dir;
    private final int port;
    private final Thread cleanup = new Thread(this::stop, "bdii-cleanup");
    // set by the starting thread, read by close() or by the shutdown hook's thread
    @GuardedBy("this")
    private Process slapd;
    @GuardedBy("this")
    private long updaterPid = -1;

    private BdiiProcess(Path dir, int port) {
        this.dir = dir;
        this.port = port;
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /**
     * Starts slapd and bdii-update.
     *
     * @param providers provider scripts by file name (shell text after {@code #!/bin/sh})
     * @param staticLdif extra static LDIF files by name (besides the package's default.ldif)
     */
    public static BdiiProcess start(Map<String, String> providers, Map<String, String> staticLdif) throws Exception {
        return start(providers, staticLdif, Map.of());
    }

    /**
     * Starts slapd and bdii-update, with extra schema files included after the package's own
     * (for entries whose attributes GLUE does not define).
     *
     * @param providers provider scripts by file name (shell text after {@code #!/bin/sh})
     * @param staticLdif extra static LDIF files by name (besides the package's default.ldif)
     * @param extraSchemas OpenLDAP {@code .schema} texts by plain file name ({@code x.schema})
     */
    public static BdiiProcess start(Map<String, String> providers, Map<String, String> staticLdif, Map<String, String> extraSchemas)
            throws Exception {
        for (String name : extraSchemas.keySet()) {
            if (!name.matches("[A-Za-z0-9_.-]+\\.schema")) {
                throw new IllegalArgumentException("schema file name '" + name + "' must be a plain *.schema name");
            }
        }
        for (Path p : List.of(SLAPD, BDII_UPDATE, SLAPD_CONF, DEFAULT_LDIF)) {
            if (!Files.exists(p)) {
                throw new IllegalStateException(p + " is missing: install Debian's bdii, slapd and ldap-utils packages"
                        + " (./gridstack test does)");
            }
        }
        Path dir = Files.createTempDirectory("bdii-");
        BdiiProcess b = new BdiiProcess(dir, ConfigTemplates.freePort());
        try {
            b.writeFiles(providers, staticLdif, extraSchemas);
            b.startSlapd();
            b.startUpdater();
            return b;
        } catch (Exception | Error e) {
            String logs = b.logs();
            b.close();
            throw new IOException("the BDII did not start: " + e.getMessage() + "\n" + logs, e);
        }
    }

    /** The LDAP port of the BDII's slapd on 127.0.0.1. */
    public int port() {
        return port;
    }

    private void writeFiles(Map<String, String> providers, Map<String, String> staticLdif, Map<String, String> extraSchemas)
            throws IOException {
        for (String d : List.of("run/db", "db/grid", "db/glue", "db/stats", "var/archive", "ldif", "provider", "plugin", "wrap")) {
            Files.createDirectories(dir.resolve(d));
        }
        String conf = Files.readString(SLAPD_CONF, StandardCharsets.UTF_8)
                .replace("/run/bdii/db", dir.resolve("run/db").toString())
                .replace("/var/lib/bdii/db", dir.resolve("db").toString());
        StringBuilder includes = new StringBuilder();
        for (Map.Entry<String, String> e : extraSchemas.entrySet()) {
            Path schema = dir.resolve(e.getKey());
            Files.writeString(schema, e.getValue(), StandardCharsets.UTF_8);
            includes.append("include ").append(schema).append('\n');
        }
        int firstDatabase = conf.indexOf("\ndatabase");
        if (includes.length() > 0) {
            if (firstDatabase < 0) {
                throw new IOException(SLAPD_CONF + " has no database section to put the extra schemas before");
            }
            conf = conf.substring(0, firstDatabase + 1) + includes + conf.substring(firstDatabase + 1);
        }
        Files.writeString(dir.resolve("slapd.conf"), conf);
        for (String tool : List.of("ldapadd", "ldapmodify", "ldapdelete", "ldapsearch")) {
            executable(dir.resolve("wrap").resolve(tool), "#!/bin/bash\n"
                    + "# bdii-update 6.0.0 passes -h HOST -p PORT, which ldap-utils 2.5 removed\n"
                    + "args=(); host=; port=389\n"
                    + "while [ $# -gt 0 ]; do\n"
                    + "  case \"$1\" in\n"
                    + "    -h) host=$2; shift 2;;\n"
                    + "    -p) port=$2; shift 2;;\n"
                    + "    *) args+=(\"$1\"); shift;;\n"
                    + "  esac\n"
                    + "done\n"
                    + "if [ -n \"$host\" ]; then args=(-H \"ldap://$host:$port\" \"${args[@]}\"); fi\n"
                    + "exec /usr/bin/" + tool + " \"${args[@]}\"\n");
        }
        Files.copy(DEFAULT_LDIF, dir.resolve("ldif/default.ldif"));
        for (Map.Entry<String, String> e : staticLdif.entrySet()) {
            Files.writeString(dir.resolve("ldif").resolve(e.getKey()), e.getValue());
        }
        for (Map.Entry<String, String> e : providers.entrySet()) {
            executable(dir.resolve("provider").resolve(e.getKey()), "#!/bin/sh\n" + e.getValue());
        }
        Files.writeString(dir.resolve("bdii.conf"), String.join("\n",
                "BDII_LOG_FILE=" + dir.resolve("bdii-update.log"),
                "BDII_PID_FILE=" + dir.resolve("run/bdii-update.pid"),
                "BDII_LOG_LEVEL=INFO",
                "BDII_LDIF_DIR=" + dir.resolve("ldif"),
                "BDII_PROVIDER_DIR=" + dir.resolve("provider"),
                "BDII_PLUGIN_DIR=" + dir.resolve("plugin"),
                "BDII_PORT=" + port,
                "BDII_BREATHE_TIME=1",
                "BDII_READ_TIMEOUT=30",
                "BDII_ARCHIVE_SIZE=0",
                "BDII_DELETE_DELAY=0",
                "BDII_VAR_DIR=" + dir.resolve("var"),
                "BDII_RUN_DIR=" + dir.resolve("run"),
                "BDII_HOSTNAME=127.0.0.1", ""));
    }

    private static void executable(Path p, String text) throws IOException {
        Files.writeString(p, text);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private void startSlapd() throws Exception {
        ProcessBuilder pb = ProcessGroupStopper.inOwnSession(new ProcessBuilder(SLAPD.toString(), "-d", "0",
                "-h", "ldap://127.0.0.1:" + port + "/", "-f", dir.resolve("slapd.conf").toString()));
        pb.redirectErrorStream(true);
        pb.redirectOutput(dir.resolve("slapd.log").toFile());
        Process started = pb.start();
        synchronized (this) {
            slapd = started;
        }
        for (int i = 0; i < 600; i++) {
            if (!started.isAlive()) {
                throw new IOException("slapd exited with status " + started.exitValue());
            }
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new IOException("slapd is not listening on port " + port);
    }

    private void startUpdater() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(BDII_UPDATE.toString(), "-c", dir.resolve("bdii.conf").toString(), "-d");
        pb.environment().put("PATH", dir.resolve("wrap") + ":/usr/bin:/bin");
        pb.environment().put("SLAPD_CONF", dir.resolve("slapd.conf").toString());
        pb.redirectErrorStream(true);
        pb.redirectOutput(dir.resolve("bdii-update.console").toFile());
        Process p = pb.start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("bdii-update -d did not detach");
        }
        Path pidFile = dir.resolve("run/bdii-update.pid");
        for (int i = 0; i < 200 && !Files.exists(pidFile); i++) {
            Thread.sleep(50);
        }
        if (!Files.exists(pidFile)) {
            throw new IOException("bdii-update wrote no pid file (exit status " + p.exitValue() + ")");
        }
        for (int i = 0; i < 100 && Files.readString(pidFile).isBlank(); i++) {
            Thread.sleep(50);
        }
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        synchronized (this) {
            updaterPid = pid;
        }
    }

    /** The updater's log and slapd's output, for failure messages. */
    public String logs() {
        StringBuilder sb = new StringBuilder();
        for (String f : List.of("bdii-update.console", "bdii-update.log", "slapd.log")) {
            Path p = dir.resolve(f);
            try {
                if (Files.exists(p)) {
                    List<String> lines = Files.readAllLines(p, StandardCharsets.ISO_8859_1);
                    sb.append("== ").append(f).append('\n')
                            .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()))).append('\n');
                }
            } catch (IOException e) {
                sb.append("(cannot read ").append(f).append(")\n");
            }
        }
        return sb.toString();
    }

    /** The BDII's slapd process, e.g. for a host monitor. */
    public synchronized ProcessHandle slapdHandle() {
        return slapd.toHandle();
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }

    private void stop() {
        long updater;
        Process server;
        synchronized (this) { // close() and the shutdown hook may both get here: one of them stops
            updater = updaterPid;
            server = slapd;
            updaterPid = -1;
            slapd = null;
        }
        if (updater > 0) {
            // the daemon left our session when it detached: its own session is stopped
            ProcessHandle.of(updater).ifPresent(h -> ProcessGroupStopper.stop(h, Duration.ofSeconds(10)));
        }
        if (server != null) {
            ProcessGroupStopper.stop(server, Duration.ofSeconds(10));
        }
        ConfigTemplates.deleteTree(dir);
    }
}
