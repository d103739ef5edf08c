package org.gridstack.bench.squid;

import java.time.Duration;

/**
 * CPU seconds used so far by this JVM (the benchmark clients, plus the in-process servlet) and by
 * the Squid processes this JVM started (found as descendants named squid, so helpers count too;
 * on Linux the JDK reads their {@code /proc/PID/stat}).
 */
final class ProcessCpu {
    private ProcessCpu() {
    }

    static double jvmSeconds() {
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e9;
    }

    static double squidSeconds() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().command().map(c -> c.endsWith("/squid") || c.equals("squid")).orElse(false))
                .mapToDouble(p -> p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e9)
                .sum();
    }

    /**
     * Embedded PostgreSQL of the in-process servlet: every process of this user named postgres (pg_ctl
     * detaches the server, so it is no descendant of this JVM).
     */
    static double postgresSeconds() {
        String user = System.getProperty("user.name");
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().command().map(c -> c.endsWith("/postgres")).orElse(false))
                .filter(p -> p.info().user().map(user::equals).orElse(false))
                .mapToDouble(p -> p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e9)
                .sum();
    }
}
