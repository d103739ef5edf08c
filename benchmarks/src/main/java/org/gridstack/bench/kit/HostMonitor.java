package org.gridstack.bench.kit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

/**
 * Ganglia's role in a run: every few seconds, what the machine and the processes under test did,
 * read from Linux {@code /proc}: the load average, the machine's CPU (user, system, idle, as cores
 * busy), memory in use, network and disk bytes per second, and per watched process (the servlet,
 * PostgreSQL, Squid, slapd, ...; a process is a supplier of handles, so a server's children count
 * with it) the cores it kept busy and its resident memory. Where {@code /proc} cannot be read the
 * values are NaN; nothing fails.
 *
 * <p>{@link #start} begins sampling on a daemon thread; {@link #stop} ends it and returns the
 * samples. Thread-safe.
 */
public final class HostMonitor implements AutoCloseable {
    private static final Path PROC = Path.of("/proc");
    private static final double TICKS_PER_SECOND = ProcStat.TICKS_PER_SECOND;
    private static final Pattern WHOLE_DISK = Pattern.compile("(sd|vd|xvd|hd)[a-z]+|nvme\\d+n\\d+|mmcblk\\d+");

    /**
     * One sample, about the interval since the previous one.
     *
     * @param seconds since the monitor started
     * @param load1 the 1-minute load average
     * @param userCores cores busy in user mode, machine-wide
     * @param systemCores cores busy in the kernel, machine-wide
     * @param memoryUsedMb memory in use (total minus available)
     * @param networkMbPerSecond bytes received plus sent on all interfaces but loopback, MB/s
     * @param loopbackMbPerSecond bytes over loopback (where a one-host testbed's traffic goes), MB/s
     * @param diskMbPerSecond bytes read plus written on all block devices, MB/s
     * @param processCores cores each watched process (with its children) kept busy
     * @param processRssMb resident memory of each watched process (with its children)
     */
    public record Sample(double seconds, double load1, double userCores, double systemCores, double memoryUsedMb,
                         double networkMbPerSecond, double loopbackMbPerSecond, double diskMbPerSecond,
                         Map<String, Double> processCores, Map<String, Double> processRssMb) {
        public Sample {
            processCores = Collections.unmodifiableMap(new LinkedHashMap<>(processCores));
            processRssMb = Collections.unmodifiableMap(new LinkedHashMap<>(processRssMb));
        }
    }

    private final Map<String, Supplier<List<ProcessHandle>>> watched;
    private final ScheduledExecutorService timer;
    private final List<Sample> samples = new ArrayList<>();
    private final long startNanos;
    private Counters last;

    private HostMonitor(Map<String, Supplier<List<ProcessHandle>>> watched, long periodMillis) {
        this.watched = new LinkedHashMap<>(watched);
        this.startNanos = System.nanoTime();
        this.last = counters();
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "host-monitor");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::sample, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * Starts sampling every {@code period}.
     *
     * @param watched the processes to follow, by the name the report shows (e.g. "servlet")
     */
    public static HostMonitor start(Map<String, Supplier<List<ProcessHandle>>> watched, Duration period) {
        Objects.requireNonNull(watched, "watched is null");
        Objects.requireNonNull(period, "period is null");
        if (period.toMillis() < 100) {
            throw new IllegalArgumentException("a sampling period under 100 ms measures /proc's own cost: " + period);
        }
        return new HostMonitor(watched, period.toMillis());
    }

    /** A process and everything it started, for {@link #start}. */
    public static Supplier<List<ProcessHandle>> tree(ProcessHandle root) {
        Objects.requireNonNull(root, "root is null");
        return () -> {
            List<ProcessHandle> all = new ArrayList<>(root.descendants().toList());
            all.add(root);
            return all;
        };
    }

    /**
     * The postmaster of the embedded PostgreSQL listening on {@code port} ({@code postgres ... -p PORT};
     * pg_ctl detaches it, so it is no descendant of this JVM). Other builds on the machine run their
     * own embedded PostgreSQL as the same user, so the port tells ours apart.
     */
    public static Optional<ProcessHandle> postmaster(int port) {
        String p = Integer.toString(port);
        return ProcessHandle.allProcesses()
                .filter(h -> h.info().command().map(c -> c.endsWith("/postgres")).orElse(false))
                .filter(h -> {
                    String[] args = h.info().arguments().orElse(new String[0]);
                    for (int i = 0; i + 1 < args.length; i++) {
                        if (args[i].equals("-p") && args[i + 1].equals(p)) {
                            return true;
                        }
                    }
                    return false;
                })
                .findFirst();
    }

    /**
     * The PostgreSQL server on {@code port} with its backends, for {@link #start}. The postmaster is
     * looked up among all processes once (again only if it is gone), its backends at every sample.
     */
    public static Supplier<List<ProcessHandle>> postgresServer(int port) {
        AtomicReference<ProcessHandle> found = new AtomicReference<>();
        return () -> {
            ProcessHandle pm = found.get();
            if (pm == null || !pm.isAlive()) {
                pm = postmaster(port).orElse(null);
                found.set(pm);
            }
            return pm == null ? List.of() : tree(pm).get();
        };
    }

    /**
     * Samples every second the whole host and this JVM with everything it started (embedded
     * PostgreSQL, slapd, BaseX, Squid): for benchmarks whose parts all run in or under this JVM.
     *
     * @param label what the process tree holds, for the charts
     */
    public static HostMonitor startForThisProcessTree(String label) {
        return start(Map.of(label, tree(ProcessHandle.current())), Duration.ofSeconds(1));
    }

    /** Ends sampling (taking one last sample) and returns every sample, oldest first. */
    public synchronized List<Sample> stop() {
        if (!timer.isShutdown()) {
            timer.shutdownNow();
            sampleLocked();
        }
        return List.copyOf(samples);
    }

    @Override
    public void close() {
        stop();
    }

    private synchronized void sample() {
        if (!timer.isShutdown()) {
            sampleLocked();
        }
    }

    private void sampleLocked() {
        Counters now = counters();
        double wall = (now.nanos - last.nanos) / 1e9;
        if (wall <= 0) {
            return;
        }
        Map<String, Double> cores = new LinkedHashMap<>();
        Map<String, Double> rss = new LinkedHashMap<>();
        for (String name : watched.keySet()) {
            Double before = last.processTicks.get(name);
            Double after = now.processTicks.get(name);
            // a process that started or whose children ended in between is reported as NaN, not as a jump
            cores.put(name, before == null || after == null || after < before ? Double.NaN : (after - before) / TICKS_PER_SECOND / wall);
            rss.put(name, now.processRssMb.getOrDefault(name, Double.NaN));
        }
        samples.add(new Sample((now.nanos - startNanos) / 1e9, now.load1,
                (now.userTicks - last.userTicks) / TICKS_PER_SECOND / wall, (now.systemTicks - last.systemTicks) / TICKS_PER_SECOND / wall,
                now.memoryUsedMb, (now.networkBytes - last.networkBytes) / 1e6 / wall, (now.loopbackBytes - last.loopbackBytes) / 1e6 / wall,
                (now.diskBytes - last.diskBytes) / 1e6 / wall, cores, rss));
        last = now;
    }

    /** Cumulative counters at one moment. */
    private record Counters(long nanos, double load1, double userTicks, double systemTicks, double memoryUsedMb, double networkBytes,
                            double loopbackBytes, double diskBytes, Map<String, Double> processTicks, Map<String, Double> processRssMb) {
    }

    private Counters counters() {
        long nanos = System.nanoTime();
        double[] cpu = cpuTicks();
        double[] net = networkBytes();
        Map<String, Double> ticks = new LinkedHashMap<>();
        Map<String, Double> rss = new LinkedHashMap<>();
        watched.forEach((name, handles) -> {
            double t = 0;
            double r = 0;
            boolean any = false;
            for (ProcessHandle h : handles.get()) {
                ProcStat.Counters c = ProcStat.of(h.pid());
                if (c != null) {
                    t += c.ticks();
                    r += c.rssMegabytes();
                    any = true;
                }
            }
            if (any) {
                ticks.put(name, t);
                rss.put(name, r);
            }
        });
        return new Counters(nanos, load1(), cpu[0], cpu[1], memoryUsedMb(), net[0], net[1], diskBytes(), ticks, rss);
    }


    private static double load1() {
        String s = read(PROC.resolve("loadavg"));
        return s == null ? Double.NaN : Double.parseDouble(s.trim().split("\\s+")[0]);
    }

    /** {user + nice, system + irq + softirq} ticks over all cores. */
    private static double[] cpuTicks() {
        String s = read(PROC.resolve("stat"));
        if (s == null) {
            return new double[] {Double.NaN, Double.NaN};
        }
        String[] f = s.lines().filter(l -> l.startsWith("cpu ")).findFirst().orElse("cpu 0 0 0 0 0 0 0").trim().split("\\s+");
        return new double[] {Double.parseDouble(f[1]) + Double.parseDouble(f[2]),
            Double.parseDouble(f[3]) + Double.parseDouble(f[6]) + Double.parseDouble(f[7])};
    }

    private static double memoryUsedMb() {
        String s = read(PROC.resolve("meminfo"));
        if (s == null) {
            return Double.NaN;
        }
        double total = Double.NaN;
        double available = Double.NaN;
        for (String line : s.split("\n")) {
            String[] f = line.split("\\s+");
            if (line.startsWith("MemTotal:")) {
                total = Double.parseDouble(f[1]);
            } else if (line.startsWith("MemAvailable:")) {
                available = Double.parseDouble(f[1]);
            }
        }
        return (total - available) / 1024;
    }

    /** {bytes over real interfaces, bytes over loopback}, received plus sent. */
    private static double[] networkBytes() {
        String s = read(PROC.resolve("net").resolve("dev"));
        if (s == null) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double real = 0;
        double loop = 0;
        for (String line : s.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String[] f = line.substring(colon + 1).trim().split("\\s+");
            double bytes = Double.parseDouble(f[0]) + Double.parseDouble(f[8]);
            if (line.substring(0, colon).trim().equals("lo")) {
                loop += bytes;
            } else {
                real += bytes;
            }
        }
        return new double[] {real, loop};
    }

    /** Sectors read plus written on whole devices (not partitions, not loop/ram), as bytes. */
    private static double diskBytes() {
        String s = read(PROC.resolve("diskstats"));
        if (s == null) {
            return Double.NaN;
        }
        double sectors = 0;
        for (String line : s.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 10 || !WHOLE_DISK.matcher(f[2]).matches()) {
                continue; // partitions, loop and ram devices would count the same bytes again
            }
            sectors += Double.parseDouble(f[5]) + Double.parseDouble(f[9]);
        }
        return sectors * 512;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
