package org.gridstack.hawkeye.module;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.gridstack.hawkeye.classad.ClassAdParser;
import org.gridstack.hawkeye.classad.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/** Startd-cron-style modules: real programs, killed with their session at the time limit. */
class TestCronModule {
    @TempDir
    Path dir;

    private final ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        killer.shutdownNow();
    }

    private Path script(String name, String body) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    private CronModule module(Path exe, Duration limit) {
        return new CronModule(exe.getFileName().toString(), exe, List.of(), Duration.ofSeconds(60), limit,
                CronModule.DEFAULT_MAX_OUTPUT_BYTES, new CronOutputParser(ClassAdParser.standard()), killer);
    }

    @Test
    void readsAttributeLinesAndDashSeparatedAds() throws Exception {
        Path exe = script("load", "echo 'LoadAvg = 0.5'\necho 'OpSys = \"LINUX\"'\necho '- update:true'\n"
                + "echo 'LoadAvg = 1.5'\necho 'Disks = { \"sda\", \"sdb\" }'\necho '-'");
        var ad = module(exe, Duration.ofSeconds(10)).collect();
        assertEquals(Value.of(1.5), ad.evaluate("LoadAvg"));
        assertEquals(Value.of("LINUX"), ad.evaluate("opsys"));
        assertEquals(3, ad.size());
    }

    @Test
    void garbageOutputFailsNamingTheLine() throws Exception {
        Path exe = script("garbage", "echo 'Good = 1'\necho 'this is not a classad'");
        ModuleException e = assertThrows(ModuleException.class, () -> module(exe, Duration.ofSeconds(10)).collect());
        assertTrue(e.getMessage().contains("line 2:1"), e.getMessage());
    }

    @Test
    void aHungModuleAndItsChildrenAreKilledAtTheTimeLimit() throws Exception {
        Path pidFile = dir.resolve("child.pid");
        Path exe = script("hang", "sleep 300 &\necho $! > " + pidFile + "\necho 'Partial = 1'\nwait");
        ModuleException e = assertThrows(ModuleException.class, () -> module(exe, Duration.ofMillis(700)).collect());
        assertTrue(e.getMessage().contains("time limit"), e.getMessage());
        long child = Long.parseLong(Files.readString(pidFile).strip());
        assertFalse(running(child), "the module's child is still running");
    }

    /** Alive and not a zombie waiting for init to reap it. */
    private static boolean running(long pid) throws IOException {
        Path stat = Path.of("/proc/" + pid + "/stat");
        if (!Files.exists(stat)) {
            return false;
        }
        String s;
        try {
            s = Files.readString(stat);
        } catch (IOException e) {
            return false; // gone meanwhile
        }
        return s.charAt(s.lastIndexOf(')') + 2) != 'Z';
    }

    @Test
    void aLoopingModuleIsCutAtItsOutputLimit() throws Exception {
        Path exe = script("loop", "while true; do echo 'X = 1'; done");
        CronModule m = new CronModule("loop", exe, List.of(), Duration.ofSeconds(60), Duration.ofSeconds(20), 64 << 10,
                new CronOutputParser(ClassAdParser.standard()), killer);
        ModuleException e = assertThrows(ModuleException.class, m::collect);
        assertTrue(e.getMessage().contains("more than"), e.getMessage());
    }

    @Test
    void theRunnerServesTheLastGoodAdFlaggedStale() throws Exception {
        Path state = dir.resolve("state");
        Files.writeString(state, "good");
        Path exe = script("flaky", "if [ \"$(cat " + state + ")\" = good ]; then echo 'Temp = 40'; else echo 'garbage'; fi");
        try (ModuleRunner runner = new ModuleRunner(List.of(module(exe, Duration.ofSeconds(10))), Clock.systemUTC(),
                new SimpleMeterRegistry())) {
            runner.runAllOnce();
            ModuleState first = runner.states().get("flaky");
            assertFalse(first.stale());
            Files.writeString(state, "bad");
            runner.runAllOnce();
            ModuleState second = runner.states().get("flaky");
            assertTrue(second.stale());
            assertEquals(Value.of(40L), second.ad().evaluate("Temp"));
            assertTrue(second.problem().contains("bad output"), second.problem());
        }
    }
}
