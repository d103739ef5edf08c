package org.gridstack.bench.squid;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.gridstack.bench.kit.HostMonitor;
import org.gridstack.bench.kit.ProcStat;

/**
 * CPU seconds used so far by this JVM (the benchmark clients, plus the in-process servlet) and by
 * the Squid processes this JVM started (found as descendants named squid, so helpers count too;
 * on Linux the JDK reads their {@code /proc/PID/stat}) and by the servlet's embedded PostgreSQL.
 */
final class ProcessCpu {
    private ProcessCpu() {
    }

    static double jvmSeconds() {
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e9;
    }

    static double squidSeconds() {
        return squidProcesses().stream()
                .mapToDouble(p -> p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e9)
                .sum();
    }

    /** The Squid processes this JVM started (Squid and its workers). */
    static List<ProcessHandle> squidProcesses() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().command().map(c -> c.endsWith("/squid") || c.equals("squid")).orElse(false))
                .toList();
    }

    /** The postmaster of the embedded PostgreSQL listening on {@code port} ({@link HostMonitor#postmaster}). */
    static Optional<ProcessHandle> postmaster(int port) {
        return HostMonitor.postmaster(port);
    }

    /**
     * CPU of one PostgreSQL server: the postmaster and its live children (backends, background
     * workers), plus the postmaster's {@code cutime + cstime} from {@code /proc/PID/stat}, which hold
     * the CPU of its exited children: backends come and go, and without them the sum could fall.
     * Without {@code /proc} it falls back to the live processes. 0 when there is no server.
     */
    static double postgresSeconds(Optional<ProcessHandle> postmaster) {
        if (postmaster.isEmpty() || !postmaster.get().isAlive()) {
            return 0;
        }
        ProcessHandle pm = postmaster.get();
        // children first, the postmaster (with its reaped children) last: a backend that exits in
        // between is then counted twice at worst (an exited child stays readable until reaped),
        // never lost, which would make the difference of two samples negative
        double total = 0;
        for (ProcessHandle child : pm.children().toList()) {
            total += cpuSeconds(child, false);
        }
        return total + cpuSeconds(pm, true);
    }

    private static double cpuSeconds(ProcessHandle p, boolean withExitedChildren) {
        ProcStat.Counters c = ProcStat.of(p.pid());
        if (c == null) {
            return p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e9;
        }
        return (c.ticks() + (withExitedChildren ? c.cutime() + c.cstime() : 0)) / ProcStat.TICKS_PER_SECOND;
    }
}
