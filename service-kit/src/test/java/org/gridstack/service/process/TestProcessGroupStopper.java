package org.gridstack.service.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real processes: shells that leave children behind, ignore SIGTERM or detach. */
class TestProcessGroupStopper {
    private Process started;

    @AfterEach
    void cleanUp() {
        if (started != null) {
            ProcessGroupStopper.stop(started, Duration.ofSeconds(1));
        }
    }

    private Process startInOwnSession(String script) throws Exception {
        ProcessBuilder builder = ProcessGroupStopper.inOwnSession(new ProcessBuilder("sh", "-c", script));
        builder.redirectErrorStream(true);
        started = builder.start();
        return started;
    }

    /** The first line the script prints (a pid it reports), read once the script got that far. */
    private static long firstLinePid(Process process) throws Exception {
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII));
        return Long.parseLong(reader.readLine().trim());
    }

    @Test
    void theChildRunsInASessionOfItsOwn() throws Exception {
        Process process = startInOwnSession("echo $$; exec sleep 300");
        long pid = firstLinePid(process);
        assertEquals(process.pid(), pid, "setsid execs: no extra process in between");
        assertEquals(process.pid(), ProcessGroupStopper.sessionOf(process.pid()).orElseThrow());
        ProcessGroupStopper.Outcome outcome = ProcessGroupStopper.stop(process, Duration.ofSeconds(5));
        assertTrue(outcome.clean(), outcome.toString());
        assertFalse(process.isAlive());
    }

    @Test
    void aChildThatOutlivedItsParentIsFoundBySessionAndStopped() throws Exception {
        // the orphan keeps stdout open, as a provider's background child does
        Process process = startInOwnSession("sleep 300 & echo $!");
        long orphan = firstLinePid(process);
        process.waitFor();
        Optional<ProcessHandle> handle = ProcessHandle.of(orphan);
        assertTrue(handle.isPresent() && handle.get().isAlive(), "the orphan runs on after its parent exited");
        assertTrue(ProcessGroupStopper.sessionMembers(process.pid()).stream().anyMatch(p -> p.pid() == orphan));

        ProcessGroupStopper.stop(process, Duration.ofSeconds(5));

        assertTrue(handle.get().onExit().isDone() || !handle.get().isAlive(), "orphan still alive");
        assertEquals(List.of(), ProcessGroupStopper.sessionMembers(process.pid()));
    }

    @Test
    void processesThatIgnoreTermAreKilledAfterTheGracePeriod() throws Exception {
        Process process = startInOwnSession("trap '' TERM; sh -c \"trap '' TERM; sleep 300\" & echo $!; while :; do sleep 1; done");
        long child = firstLinePid(process);
        ProcessGroupStopper.Outcome outcome = ProcessGroupStopper.stop(process, Duration.ofMillis(500));
        assertFalse(outcome.clean(), "SIGTERM was ignored, SIGKILL needed");
        assertFalse(process.isAlive());
        assertFalse(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false), "child still alive");
    }

    @Test
    void aProcessInTheJvmsSessionHasOnlyItsTreeStoppedNeverTheJvm() throws Exception {
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", "sleep 300 & echo $!; wait");
        started = builder.start();
        long child = firstLinePid(started);
        ProcessGroupStopper.stop(started, Duration.ofSeconds(5));
        assertFalse(started.isAlive());
        assertFalse(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false));
        assertTrue(ProcessHandle.current().isAlive());
    }

    @Test
    void stoppingAnExitedProcessWithNothingLeftIsANoOp() throws Exception {
        Process process = startInOwnSession("exit 0");
        process.waitFor();
        assertEquals(new ProcessGroupStopper.Outcome(0, 0), ProcessGroupStopper.stop(process, Duration.ofSeconds(1)));
    }

    @Test
    void rootFirstLetsTheRootStopItsChildrenInOrder(@TempDir Path dir) throws Exception {
        Path mark = dir.resolve("stopped-in-order");
        Process process = startInOwnSession("c=0; trap 'kill $c; wait $c; echo done > " + mark + "; exit 0' TERM; "
                + "sleep 300 & c=$!; echo $c; wait");
        long child = firstLinePid(process);
        ProcessGroupStopper.Outcome outcome = ProcessGroupStopper.stopRootFirst(process, Duration.ofSeconds(10));
        assertTrue(outcome.clean(), outcome.toString());
        assertTrue(Files.exists(mark), "the root's own TERM handler ran");
        assertFalse(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false));
        assertEquals(List.of(), ProcessGroupStopper.sessionMembers(process.pid()));
    }
}
