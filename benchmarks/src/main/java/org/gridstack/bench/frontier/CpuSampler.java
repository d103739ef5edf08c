package org.gridstack.bench.frontier;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import org.gridstack.bench.kit.ProcStat;

/**
 * Where the CPU went during a measurement, from Linux {@code /proc}: this JVM (the load clients),
 * the servlet process, the PostgreSQL processes of this user, and the whole machine. On a machine
 * whose cores are shared by all three, this shows whether the client's share distorts the result
 * and whether anything else ran. All zero where {@code /proc} is unreadable. Thread-safe.
 */
public final class CpuSampler {
    private static final Path PROC = Path.of("/proc");
    private static final double TICKS_PER_SECOND = ProcStat.TICKS_PER_SECOND;

    /** CPU time so far, in seconds, per party; busy and total over all cores. */
    record Snapshot(long nanoTime, double client, double servlet, double postgres, Map<Long, Double> postgresByPid,
                    double machineBusy, double machineTotal) {
    }

    /**
     * Cores kept busy on average during an interval.
     *
     * @param other busy cores not accounted to client, servlet or PostgreSQL (other processes, kernel)
     */
    public record Usage(double client, double servlet, double postgres, double other, double machineCores) {
        static final Usage NONE = new Usage(0, 0, 0, 0, 0);
    }

    private final long servletPid;

    /** @param servletPid the servlet's pid, or -1 for none */
    CpuSampler(long servletPid) {
        this.servletPid = servletPid;
    }

    Snapshot snapshot() {
        double client = ProcessHandle.current().info().totalCpuDuration().map(d -> d.toNanos()).orElse(0L) / 1e9;
        double servlet = servletPid < 0 ? 0 : processTicks(servletPid).orElse(0) / TICKS_PER_SECOND;
        Map<Long, Double> pg = postgresProcesses();
        double postgres = pg.values().stream().mapToDouble(Double::doubleValue).sum();
        double[] machine = machineSeconds();
        return new Snapshot(System.nanoTime(), client, servlet, postgres, pg, machine[0], machine[1]);
    }

    static Usage between(Snapshot a, Snapshot b) {
        Objects.requireNonNull(a, "a is null");
        Objects.requireNonNull(b, "b is null");
        double wall = (b.nanoTime() - a.nanoTime()) / 1e9;
        if (wall <= 0) {
            return Usage.NONE;
        }
        // backends that started inside the interval count in full; ones that ended are lost (rare: pools keep them)
        double pg = 0;
        for (Map.Entry<Long, Double> e : b.postgresByPid().entrySet()) {
            pg += e.getValue() - a.postgresByPid().getOrDefault(e.getKey(), 0.0);
        }
        double client = (b.client() - a.client()) / wall;
        double servlet = (b.servlet() - a.servlet()) / wall;
        double postgres = pg / wall;
        double busy = (b.machineBusy() - a.machineBusy()) / wall;
        double total = (b.machineTotal() - a.machineTotal()) / wall;
        return new Usage(client, servlet, postgres, Math.max(0, busy - client - servlet - postgres), total);
    }

    /** utime + stime of one process in ticks, from {@code /proc/PID/stat}. */
    private static OptionalLong processTicks(long pid) {
        ProcStat.Counters c = ProcStat.of(pid);
        return c == null ? OptionalLong.empty() : OptionalLong.of(c.ticks());
    }

    /** CPU seconds of every process named postgres owned by this user, by pid. */
    private static Map<Long, Double> postgresProcesses() {
        Map<Long, Double> r = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path dir : dirs) {
                try {
                    if (!"postgres".equals(Files.readString(dir.resolve("comm")).trim()) || !Files.isReadable(dir.resolve("stat"))
                            || !Files.getOwner(dir).getName().equals(System.getProperty("user.name"))) {
                        continue;
                    }
                } catch (IOException | RuntimeException gone) {
                    continue;
                }
                long pid = Long.parseLong(dir.getFileName().toString());
                processTicks(pid).ifPresent(t -> r.put(pid, t / TICKS_PER_SECOND));
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return r;
    }

    /** {busy, total} CPU seconds of the whole machine since boot, from the first line of {@code /proc/stat}. */
    private static double[] machineSeconds() {
        try {
            List<String> lines = Files.readAllLines(PROC.resolve("stat"));
            String[] f = lines.get(0).trim().split("\\s+");
            long total = 0;
            long idle = 0;
            for (int i = 1; i < f.length && i <= 8; i++) { // user nice system idle iowait irq softirq steal
                long v = Long.parseLong(f[i]);
                total += v;
                if (i == 4 || i == 5) {
                    idle += v;
                }
            }
            return new double[] {(total - idle) / TICKS_PER_SECOND, total / TICKS_PER_SECOND};
        } catch (IOException | RuntimeException e) {
            return new double[] {0, 0};
        }
    }
}
