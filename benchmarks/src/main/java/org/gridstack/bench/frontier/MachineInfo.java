package org.gridstack.bench.frontier;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The machine a run measured, for the report: cores the JVM sees (what {@code nproc} prints), CPU
 * model, memory, OS, JVM, user, and the load average when the run began (anything else running
 * shares the cores being measured).
 */
public record MachineInfo(int cores, String cpuModel, String memory, String os, String jvm, String user, String loadAverage) {
    static MachineInfo current() {
        return new MachineInfo(
                Runtime.getRuntime().availableProcessors(),
                firstValue(Path.of("/proc/cpuinfo"), "model name").orElse("unknown"),
                firstValue(Path.of("/proc/meminfo"), "MemTotal").orElse("unknown"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("user.name"),
                currentLoadAverage());
    }

    private static String currentLoadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static Optional<String> firstValue(Path file, String key) {
        try {
            List<String> lines = Files.readAllLines(file);
            return lines.stream().filter(l -> l.startsWith(key)).map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
