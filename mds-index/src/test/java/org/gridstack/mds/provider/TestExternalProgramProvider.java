package org.gridstack.mds.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real shell scripts as providers: output, arguments, exit status, the timelimit kill. */
class TestExternalProgramProvider {
    private static final ProcessRunner runner = new ProcessRunner();

    @TempDir
    Path dir;

    @AfterAll
    static void stop() {
        runner.close();
    }

    static Path script(Path dir, String name, String body) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void printsLdifWithItsArguments() throws Exception {
        Path p = script(dir, "cpu.sh", "printf 'dn: cn=%s,Mds-Vo-name=local,o=Grid\\ncn: %s\\n\\n' \"$1\" \"$1\"\n");
        ProviderOutput out = new ExternalProgramProvider(ProviderSettings.of("cpu"), p, List.of("cpu0"), runner).collect();
        assertEquals(1, out.entries().size());
        assertEquals("cpu0", out.entries().get(0).getAttributeValue("cn"));
        assertEquals(List.of(), out.problems());
    }

    @Test
    void aNonZeroExitIsReportedButTheEntriesAreKept() throws Exception {
        Path p = script(dir, "half.sh", "printf 'dn: cn=a,o=grid\\ncn: a\\n\\n'\necho 'disk not found' >&2\nexit 3\n");
        ProviderOutput out = new ExternalProgramProvider(ProviderSettings.of("half"), p, List.of(), runner).collect();
        assertEquals(1, out.entries().size());
        assertTrue(out.problems().get(0).contains("status 3") && out.problems().get(0).contains("disk not found"),
                out.problems().toString());
    }

    @Test
    void aHangingProviderIsKilledWithItsChildrenAtItsTimelimit() throws Exception {
        Path pidFile = dir.resolve("child.pid");
        Path p = script(dir, "hang.sh", "printf 'dn: cn=a,o=grid\\ncn: a\\n\\n'\nsleep 300 &\necho $! > " + pidFile
                + "\nwait\n");
        ProviderSettings s = ProviderSettings.of("hang").withTimelimit(Duration.ofMillis(500));
        ProviderException e = assertThrows(ProviderException.class,
                () -> new ExternalProgramProvider(s, p, List.of(), runner).collect());
        assertTrue(e.getMessage().contains("killed at its timelimit"), e.getMessage());
        long child = Long.parseLong(Files.readString(pidFile).strip());
        ProcessHandle.of(child).ifPresent(h -> h.onExit().join());
        assertFalse(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false), "the script's sleep was killed too");
    }

    @Test
    void aBackgroundChildLeftHoldingStdoutIsStoppedAndTheProviderIsServedFresh() throws Exception {
        Path pidFile = dir.resolve("orphan.pid");
        // the subshell exits at once: its sleep is re-parented, keeps stdout open and is no descendant of the provider
        Path p = script(dir, "leaves-child.sh", "printf 'dn: cn=a,o=grid\\ncn: a\\n\\n'\n(sleep 300 & echo $! > " + pidFile
                + ")\nexit 0\n");
        ProviderSettings s = ProviderSettings.of("leaves-child").withTimelimit(Duration.ofSeconds(5));
        ProviderOutput out = new ExternalProgramProvider(s, p, List.of(), runner).collect();
        assertEquals(1, out.entries().size());
        assertEquals(List.of(), out.problems());
        long orphan = Long.parseLong(Files.readString(pidFile).strip());
        ProcessHandle.of(orphan).ifPresent(h -> h.onExit().join());
        assertFalse(ProcessHandle.of(orphan).map(ProcessHandle::isAlive).orElse(false), "the orphaned sleep was stopped");
    }

    @Test
    void outputOverTheCapIsCutWhileItIsReadAndTheEntriesBeforeAreKept() throws Exception {
        // 200,000 records (about 5 MB) against a cap of 64 KiB: the output is never held whole
        Path p = script(dir, "flood.sh", "i=0\nwhile [ $i -lt 200000 ]; do printf 'dn: cn=e%d,o=grid\\ncn: e%d\\n\\n' $i $i;"
                + " i=$((i+1)); done\n");
        try (ProcessRunner small = new ProcessRunner(64 * 1024)) {
            ProviderOutput out = new ExternalProgramProvider(ProviderSettings.of("flood").withTimelimit(Duration.ofSeconds(60)),
                    p, List.of(), small).collect();
            assertTrue(out.entries().size() > 1000 && out.entries().size() < 5000, "entries within the cap: " + out.entries().size());
            assertTrue(out.problems().stream().anyMatch(m -> m.contains("output cut at 65536 bytes")), out.problems().toString());
            assertTrue(out.problems().stream().noneMatch(m -> m.contains("exited with status")), out.problems().toString());
        }
    }

    @Test
    void aSizelimitStopsReadingAndTheProgram() throws Exception {
        Path p = script(dir, "endless.sh", "i=0\nwhile true; do printf 'dn: cn=e%d,o=grid\\ncn: e%d\\n\\n' $i $i; i=$((i+1)); done\n");
        ProviderOutput out = new ExternalProgramProvider(ProviderSettings.of("endless").withSizelimit(10)
                .withTimelimit(Duration.ofSeconds(60)), p, List.of(), runner).collect();
        assertEquals(10, out.entries().size());
        assertTrue(out.problems().get(0).contains("sizelimit 10"), out.problems().toString());
    }

    @Test
    void aMissingProgramIsAProviderError() {
        ProviderException e = assertThrows(ProviderException.class, () -> new ExternalProgramProvider(
                ProviderSettings.of("ghost"), dir.resolve("nope"), List.of(), runner).collect());
        assertTrue(e.getMessage().contains("not an executable"), e.getMessage());
    }
}
