package org.gridstack.bench.kit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One reader of Linux {@code /proc/PID/stat} for every CPU and memory sampler of the benchmarks.
 * Times are in clock ticks ({@link #TICKS_PER_SECOND}). Stateless.
 */
public final class ProcStat {
    /** USER_HZ: 100 on every Linux the JDK supports ({@code getconf CLK_TCK}). */
    public static final double TICKS_PER_SECOND = 100;

    /**
     * A process's counters.
     *
     * @param utime user ticks
     * @param stime system ticks
     * @param cutime user ticks of its waited-for (exited) children
     * @param cstime system ticks of its waited-for children
     * @param rssPages resident pages (4 KiB)
     */
    public record Counters(long utime, long stime, long cutime, long cstime, long rssPages) {
        /** Its own user + system ticks. */
        public long ticks() {
            return utime + stime;
        }

        public double rssMegabytes() {
            return rssPages * 4096 / 1e6;
        }
    }

    private ProcStat() {
    }

    /** The counters of {@code pid}, or null when the process is gone or /proc cannot be read. */
    public static Counters of(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // the command name (field 2) is in parentheses and may hold spaces: fields start after the last ')'
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            // f[0] is field 3 (state), so field n is f[n - 3]
            return new Counters(Long.parseLong(f[11]), Long.parseLong(f[12]), Long.parseLong(f[13]), Long.parseLong(f[14]),
                    Long.parseLong(f[21]));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
