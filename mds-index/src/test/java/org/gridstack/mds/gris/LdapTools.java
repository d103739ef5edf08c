package org.gridstack.mds.gris;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldif.LDIFReader;

/** Runs Debian's OpenLDAP command-line tools (package ldap-utils) and reads their LDIF. */
final class LdapTools {
    static final Path LDAPSEARCH = Path.of("/usr/bin/ldapsearch");
    static final Path LDAPADD = Path.of("/usr/bin/ldapadd");

    private LdapTools() {
    }

    record Run(int exit, String stdout, String stderr) {
        List<Entry> entries() throws Exception {
            List<Entry> out = new ArrayList<>();
            try (LDIFReader r = new LDIFReader(new ByteArrayInputStream(stdout.getBytes(StandardCharsets.UTF_8)))) {
                for (Entry e = r.readEntry(); e != null; e = r.readEntry()) {
                    out.add(e);
                }
            }
            return out;
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }
    }

    static void assumeInstalled() {
        assertTrue(Files.isExecutable(LDAPSEARCH), LDAPSEARCH + " is missing: install Debian's ldap-utils"
                + " (./gridstack test does)");
    }

    /** Runs a tool with arguments; {@code stdin} may be null. */
    static Run run(String stdin, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command);
        Path out = Files.createTempFile("ldap-tool-", ".out");
        Path err = Files.createTempFile("ldap-tool-", ".err");
        try {
            pb.redirectOutput(out.toFile());
            pb.redirectError(err.toFile());
            Process p = pb.start();
            try {
                try (var in = p.getOutputStream()) {
                    if (stdin != null) {
                        in.write(stdin.getBytes(StandardCharsets.UTF_8));
                    }
                }
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    throw new AssertionError(String.join(" ", command) + " did not finish");
                }
            } finally {
                p.destroyForcibly();
            }
            return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** {@code ldapsearch -x -LLL -o ldif-wrap=no -H ldap://127.0.0.1:port} followed by {@code args}. */
    static Run ldapsearch(int port, String... args) throws Exception {
        List<String> c = new ArrayList<>(List.of(LDAPSEARCH.toString(), "-x", "-LLL", "-o", "ldif-wrap=no", "-H",
                "ldap://127.0.0.1:" + port));
        c.addAll(List.of(args));
        return run(null, c.toArray(String[]::new));
    }
}
