package org.gridstack.frontier.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The answer spool's limits and privacy, on a real file system. */
class TestSpoolArea {
    private static final int MIB = SpoolArea.UNIT;

    @TempDir
    Path parent;

    private static InetAddress address(String literal) throws Exception {
        return InetAddress.getByName(literal);
    }

    @Test
    void aPrivateDirectoryWhoseFilesAreUnlinkedAtOnce() throws Exception {
        try (SpoolArea area = SpoolArea.create(parent, 2L * MIB, 4L * MIB)) {
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(area.directory())));
            SpoolFile f = area.forClient(address("127.0.0.1"));
            byte[] data = new byte[100_000];
            Arrays.fill(data, (byte) 'x');
            assertTrue(f.write(data, 0, data.length));
            try (Stream<Path> files = Files.list(area.directory())) {
                assertEquals(0, files.count(), "nobody can open an answer's file by name");
            }
            ByteArrayOutputStream back = new ByteArrayOutputStream();
            f.sendTo(back::write);
            assertArrayEquals(data, back.toByteArray());
            f.close();
        }
        try (Stream<Path> left = Files.list(parent)) {
            assertEquals(0, left.count(), "the directory is removed at close");
        }
    }

    @Test
    void oneAddressCannotTakeMoreThanItsShareNorAllTogetherMoreThanTheTotal() throws Exception {
        try (SpoolArea area = SpoolArea.create(parent, 2L * MIB, 3L * MIB)) {
            byte[] mib = new byte[MIB];
            SpoolFile a1 = area.forClient(address("127.0.0.1"));
            SpoolFile a2 = area.forClient(address("127.0.0.1"));
            assertTrue(a1.write(mib, 0, MIB));
            assertTrue(a2.write(mib, 0, MIB));
            assertFalse(a2.write(new byte[1], 0, 1), "the address holds its 2 MiB");
            assertTrue(a2.refusal().contains("frontier.spool-client-bytes"), a2.refusal());
            assertEquals(MIB, a2.size(), "a refused write writes nothing");

            SpoolFile b = area.forClient(address("127.0.0.2"));
            assertTrue(b.write(mib, 0, MIB));
            assertNull(b.refusal());
            SpoolFile c = area.forClient(address("127.0.0.3"));
            assertFalse(c.write(new byte[1], 0, 1), "3 MiB are used in all");
            assertTrue(c.refusal().contains("frontier.spool-total-bytes"), c.refusal());
            assertEquals(3L * MIB, area.used());

            a1.truncate(0); // a payload error replaced the answer: its disk is given back
            assertEquals(2L * MIB, area.used());
            assertTrue(c.write(new byte[1], 0, 1));
            for (SpoolFile f : new SpoolFile[] {a1, a2, b, c}) {
                f.close();
            }
            assertEquals(0, area.used());
        }
    }

    @Test
    void sizesAreCheckedAndZeroTurnsSpoolingOff() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> SpoolArea.create(parent, 1000, 1L << 30));
        assertThrows(IllegalArgumentException.class, () -> SpoolArea.create(parent, 2L * MIB, MIB));
        try (SpoolArea off = SpoolArea.create(parent, 0, 0)) {
            assertFalse(off.enabled());
            assertNull(off.forClient(address("127.0.0.1")));
        }
        try (Stream<Path> left = Files.list(parent)) {
            assertEquals(0, left.count(), "nothing is created when spooling is off");
        }
    }
}
