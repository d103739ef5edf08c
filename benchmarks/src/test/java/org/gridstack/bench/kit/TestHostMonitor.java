package org.gridstack.bench.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The host monitor on this machine's real /proc, watching this JVM while a thread keeps a core busy. */
class TestHostMonitor {
    @Test
    void samplesTheMachineAndTheWatchedProcesses() throws Exception {
        AtomicBoolean spin = new AtomicBoolean(true);
        Thread busy = new Thread(() -> {
            long x = 0;
            while (spin.get()) {
                x += System.nanoTime() % 7;
            }
            if (x == 42) {
                System.out.print("");
            }
        });
        List<HostMonitor.Sample> samples;
        try (HostMonitor monitor = HostMonitor.start(Map.of("this JVM", HostMonitor.tree(ProcessHandle.current()),
                "no such process", List::of), Duration.ofMillis(300))) {
            busy.start();
            Thread.sleep(1_500);
            samples = monitor.stop();
        } finally {
            spin.set(false);
            busy.join();
        }
        assertTrue(samples.size() >= 3, "a sample every 300 ms and one at the end: " + samples.size());
        for (int i = 1; i < samples.size(); i++) {
            assertTrue(samples.get(i).seconds() > samples.get(i - 1).seconds(), "in time order");
        }
        HostMonitor.Sample last = samples.get(samples.size() - 1);
        assertTrue(last.memoryUsedMb() > 0 && last.load1() >= 0 && last.userCores() >= 0, last.toString());
        double jvmCpu = samples.stream().mapToDouble(s -> s.processCores().get("this JVM")).filter(Double::isFinite).sum();
        assertTrue(jvmCpu > 0, "the spinning thread shows as CPU of this JVM: " + samples);
        assertTrue(last.processRssMb().get("this JVM") > 10, "the JVM's resident memory: " + last.processRssMb());
        assertTrue(Double.isNaN(last.processCores().get("no such process")), "a process that is not there is not measured");
        assertEquals(samples, samples.stream().toList());
    }

    @Test
    void aPeriodTooShortIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> HostMonitor.start(Map.of(), Duration.ofMillis(10)));
    }
}
