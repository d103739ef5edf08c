package org.gridstack.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a second local account can do to the embedded PostgreSQL: nothing it runs or stores may be
 * writable (or replaceable) by that account. The second account is a real one:
 * {@code ./gridstack test} (as root) creates {@code gridstack-intruder} and lets the build user run
 * commands as it through {@code sudo}; the name can be changed with
 * {@code -Dgridstack.test.second-user}. Without such an account the tests that need it are skipped
 * and say why.
 */
class TestPrivateBinaries {
    private static final String INTRUDER = System.getProperty("gridstack.test.second-user", "gridstack-intruder");

    private static Path base;

    @BeforeAll
    static void sharedFolder() throws IOException {
        // reachable by the other account, like a home directory; what is inside decides
        base = Files.createTempDirectory("private-binaries-test-");
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @AfterAll
    static void removeFolder() throws Exception {
        if (intruderAvailable()) {
            asIntruder("find \"$1\" -user \"$2\" -exec chmod 777 {} + 2>/dev/null; true", base.toString(), INTRUDER);
        }
        try (var paths = Files.walk(base)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** The attack as shown: every file the running server uses, and every folder above it, out of the other account's reach. */
    @Test
    void secondUserCannotReplaceTheRunningServersBinariesOrData() throws Exception {
        assumeIntruder();
        try (PasswordProtectedPostgres pg = PasswordProtectedPostgres.start(Map.of());
                Connection c = pg.superuserConnection("postgres");
                Statement s = c.createStatement()) {
            String dataDir;
            long backendPid;
            try (ResultSet rs = s.executeQuery("select current_setting('data_directory'), pg_backend_pid()")) {
                rs.next();
                dataDir = rs.getString(1);
                backendPid = rs.getLong(2);
            }
            Path postmaster = Files.readSymbolicLink(Path.of("/proc", Long.toString(parentPid(backendPid)), "exe"));
            Path initdb = postmaster.resolveSibling("initdb");
            assertTrue(Files.isExecutable(initdb), "initdb beside " + postmaster);
            List<String> exposed = new ArrayList<>();
            for (Path target : List.of(initdb, postmaster, Path.of(dataDir))) {
                for (Path p = target; p != null; p = p.getParent()) {
                    // writable, and not a sticky folder (in which others may rename only their own entries)
                    Result r = asIntruder("[ -w \"$1\" ] && ! { [ -d \"$1\" ] && [ -k \"$1\" ]; }", p.toString());
                    if (r.exit == 0) {
                        exposed.add(p.toString());
                    }
                }
            }
            assertEquals(List.of(), exposed, INTRUDER + " can replace these (binaries " + postmaster.getParent()
                    + ", data " + dataDir + ")");
            Result list = asIntruder("ls \"$1\"", PrivateDirectory.forEmbeddedPostgres().path().toString());
            assertNotEquals(0, list.exit, INTRUDER + " can list the private directory: " + list.output);
        }
    }

    /** A directory another account made first (with its own initdb inside) is refused; nothing in it runs. */
    @Test
    void directoryPlantedBySecondUserIsRefusedAndNothingInItRuns() throws Exception {
        assumeIntruder();
        Path shared = openFolder("planted");
        Path planted = shared.resolve("embedded-pg");
        Path ran = shared.resolve("planted-initdb-ran");
        Result plant = asIntruder("umask 000; mkdir -p \"$1/bin\" && printf '#!/bin/sh\\ntouch \"%s\"\\n' \"$2\" > \"$1/bin/initdb\""
                + " && chmod 755 \"$1/bin/initdb\" && cp \"$1/bin/initdb\" \"$1/bin/postgres\"", planted.toString(), ran.toString());
        assertEquals(0, plant.exit, plant.output);

        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> PasswordProtectedPostgres.start(Map.of(), new PrivateDirectory(planted)).close());
        assertTrue(e.getMessage().contains("belongs to " + INTRUDER), e.getMessage());
        assertFalse(Files.exists(ran), "the planted initdb ran");
    }

    /** Our own directory in a folder where others may rename entries is refused: the other account could swap it. */
    @Test
    void directoryInFolderOthersMayRenameInIsRefused() throws Exception {
        assumeIntruder();
        Path shared = openFolder("swappable");
        Path ours = shared.resolve("embedded-pg");
        Files.createDirectory(ours, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new PrivateDirectory(ours).verify());
        assertTrue(e.getMessage().contains("lets other accounts rename"), e.getMessage());
        // and it could indeed
        Result swap = asIntruder("mv \"$1\" \"$1-taken\" && mkdir -m 777 \"$1\"", ours.toString());
        assertEquals(0, swap.exit, swap.output);
        e = assertThrows(IllegalStateException.class, () -> new PrivateDirectory(ours).verify());
        assertTrue(e.getMessage().contains("belongs to " + INTRUDER), e.getMessage());
    }

    @Test
    void directoryOthersMayReadIsRefusedNotRepaired() throws Exception {
        Path open = base.resolve("open-mode");
        Files.createDirectory(open, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new PrivateDirectory(open).verify());
        assertTrue(e.getMessage().contains("mode 0755"), e.getMessage());
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(open)));
    }

    @Test
    void missingDirectoryIsCreatedPrivate() throws Exception {
        Path fresh = base.resolve("fresh").resolve("embedded-pg");
        new PrivateDirectory(fresh).verify();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh.getParent())));
    }

    /** A folder we own that every account may write to, without the sticky bit (as zonky's shared folder was). */
    private static Path openFolder(String name) throws IOException {
        Path dir = base.resolve(name);
        Files.createDirectory(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        return dir;
    }

    private static long parentPid(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("PPid:")) {
                return Long.parseLong(line.substring(5).trim());
            }
        }
        throw new IllegalStateException("no PPid for " + pid);
    }

    private static void assumeIntruder() throws Exception {
        Assumptions.assumeTrue(intruderAvailable(), "no second local account '" + INTRUDER
                + "' this user may act as (sudo -n -u " + INTRUDER + "); ./gridstack test (as root) creates it");
    }

    private static boolean intruderAvailable() throws Exception {
        return asIntruder("true").exit == 0;
    }

    private record Result(int exit, String output) {
    }

    /** Runs a shell script as the second account; positional arguments are {@code $1...}. */
    private static Result asIntruder(String script, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("sudo", "-n", "-u", INTRUDER, "/bin/sh", "-c", "cd / && " + script, "sh"));
        command.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException noSudo) {
            return new Result(127, noSudo.getMessage());
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("sudo did not finish: " + command);
        }
        return new Result(p.exitValue(), out);
    }
}
