package org.gridstack.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Starts the real Debian slapd (the tests run as an unprivileged user) and checks it answers LDAP and cleans up. */
class TestSlapdProcess {
    /** An anonymous LDAPv3 simple bind request, BER-encoded by hand (this module has no LDAP library). */
    private static final byte[] ANONYMOUS_BIND = {0x30, 0x0c, 0x02, 0x01, 0x01, 0x60, 0x07, 0x02, 0x01, 0x03, 0x04, 0x00, (byte) 0x80, 0x00};

    @Test
    void startsAnswersAndCleansUp() throws IOException {
        Path dir;
        SlapdProcess slapd = SlapdProcess.options("probe").schema("extra.schema", "# no definitions\n")
                .equalityIndexes(List.of("cn", "o")).start();
        try {
            dir = slapd.dir();
            assertTrue(slapd.isAlive());
            assertEquals("ldap://127.0.0.1:" + slapd.port(), slapd.url());
            assertTrue(slapd.config().contains("index           cn eq"), slapd.config());
            assertTrue(slapd.config().contains("include         " + dir.resolve("schema/extra.schema")), slapd.config());
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", slapd.port()), 2000);
                s.setSoTimeout(5000);
                OutputStream out = s.getOutputStream();
                out.write(ANONYMOUS_BIND);
                out.flush();
                InputStream in = s.getInputStream();
                byte[] reply = in.readNBytes(14);
                // LDAPMessage { messageID 1, BindResponse [APPLICATION 1] { resultCode success (0) ... } }
                assertEquals(0x30, reply[0] & 0xff);
                assertEquals(0x61, reply[5] & 0xff, "a BindResponse");
                assertEquals(0x0a, reply[7] & 0xff);
                assertEquals(0, reply[9], "resultCode success");
            }
        } finally {
            slapd.close();
        }
        assertFalse(slapd.isAlive());
        assertFalse(Files.exists(dir), "the temp folder is deleted");
    }

    @Test
    void refusesBadSettingsWithAReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SlapdProcess.options("bad name"));
        assertTrue(e.getMessage().contains("letters, digits"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SlapdProcess.options("x").equalityIndexes(List.of("cn eq")));
        assertTrue(e.getMessage().contains("not an attribute name"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SlapdProcess.options("x").schema("../evil.schema", ""));
        assertTrue(e.getMessage().contains("plain *.schema name"), e.getMessage());
    }

    @Test
    void aSchemaSlapdRejectsFailsTheStartWithItsLog() {
        IOException e = assertThrows(IOException.class,
                () -> SlapdProcess.options("broken").schema("broken.schema", "attributetype ( 1.2.3 NAME 'x' SYNTAX nonsense )\n").start());
        assertTrue(e.getMessage().contains("did not start"), e.getMessage());
    }
}
