package org.gridstack.mds.provider.host;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads {@link HostFacts} from a Linux {@code /proc} tree ({@code cpuinfo}, {@code loadavg},
 * {@code meminfo}, {@code mounts}, {@code sys/kernel/*}); file system sizes come from the JDK's
 * {@link FileStore}, network adapters from {@link NetworkInterface}. The proc root is a
 * parameter so tests can feed fixed files. Only disk-backed file system types are listed.
 * Stateless; thread-safe.
 */
@ThreadSafe
public final class ProcHostReader {
    static final Set<String> LOCAL_FS_TYPES = Set.of("ext2", "ext3", "ext4", "xfs", "btrfs", "zfs", "jfs",
            "reiserfs", "f2fs", "vfat", "overlay");

    private final Path procRoot;
    private final boolean readNetwork;

    /** Reads the real {@code /proc} and the real network interfaces. */
    public ProcHostReader() {
        this(Path.of("/proc"), true);
    }

    /**
     * @param procRoot the folder that plays {@code /proc}
     * @param readNetwork whether to list this JVM's network interfaces (tests with a fake proc turn it off)
     */
    public ProcHostReader(Path procRoot, boolean readNetwork) {
        this.procRoot = requireNonNull(procRoot, "procRoot is null");
        this.readNetwork = readNetwork;
    }

    public HostFacts read() throws IOException {
        String host = firstLine("sys/kernel/hostname", "localhost");
        List<String> cpuinfo = lines("cpuinfo");
        int logical = 0;
        Set<String> physicalIds = new HashSet<>();
        int coresPerSocket = 0;
        String vendor = "unknown";
        String model = "unknown";
        int mhz = 0;
        for (String line : cpuinfo) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            switch (key) {
                case "processor" -> logical++;
                case "vendor_id" -> vendor = value;
                case "model name" -> model = value;
                case "cpu MHz" -> mhz = (int) Math.round(parseDouble(value));
                case "physical id" -> physicalIds.add(value);
                case "cpu cores" -> coresPerSocket = (int) parseDouble(value);
                default -> { }
            }
        }
        logical = Math.max(1, logical);
        int physical = coresPerSocket > 0 ? coresPerSocket * Math.max(1, physicalIds.size()) : logical;

        String[] load = firstLine("loadavg", "0 0 0").split("\\s+");
        long memTotal = 0;
        long memAvailable = 0;
        long swapTotal = 0;
        long swapFree = 0;
        for (String line : lines("meminfo")) {
            String[] f = line.split("[:\\s]+");
            if (f.length < 2) {
                continue;
            }
            long kib = (long) parseDouble(f[1]);
            switch (f[0]) {
                case "MemTotal" -> memTotal = kib;
                case "MemAvailable" -> memAvailable = kib;
                case "SwapTotal" -> swapTotal = kib;
                case "SwapFree" -> swapFree = kib;
                default -> { }
            }
        }
        return new HostFacts(host,
                firstLine("sys/kernel/ostype", "Linux"), firstLine("sys/kernel/osrelease", "unknown"),
                firstLine("sys/kernel/version", "unknown"), System.getProperty("os.arch", "unknown"),
                logical, physical, vendor, model, mhz,
                parseDouble(load[0]), load.length > 1 ? parseDouble(load[1]) : 0, load.length > 2 ? parseDouble(load[2]) : 0,
                memTotal / 1024, memAvailable / 1024, (memTotal + swapTotal) / 1024, (memAvailable + swapFree) / 1024,
                fileSystems(), readNetwork ? networkAdapters() : List.of());
    }

    private List<HostFacts.FileSystem> fileSystems() throws IOException {
        List<HostFacts.FileSystem> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Set<String> devices = new HashSet<>();
        for (String line : lines("mounts")) {
            String[] f = line.split("\\s+");
            if (f.length < 4 || !LOCAL_FS_TYPES.contains(f[2].toLowerCase(Locale.ROOT))) {
                continue;
            }
            String mountPoint = f[1].replace("\\040", " ");
            if (!seen.add(mountPoint)) {
                continue;
            }
            // a bind mount (e.g. /run/netns) shows the same device again: one file system, listed once
            if (f[0].startsWith("/dev/") && !devices.add(f[0])) {
                continue;
            }
            boolean readOnly = List.of(f[3].split(",")).contains("ro");
            long size = 0;
            long available = 0;
            try {
                FileStore store = Files.getFileStore(Path.of(mountPoint));
                size = store.getTotalSpace() >> 20;
                available = store.getUsableSpace() >> 20;
            } catch (IOException | SecurityException e) {
                // listed without sizes: the mount point is not readable by this user
            }
            out.add(new HostFacts.FileSystem(mountPoint, f[2], size, available, readOnly));
        }
        return out;
    }

    private static List<HostFacts.NetworkAdapter> networkAdapters() throws SocketException {
        List<HostFacts.NetworkAdapter> out = new ArrayList<>();
        for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (ni.isLoopback() || !ni.isUp()) {
                continue;
            }
            List<String> addresses = new ArrayList<>();
            for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                addresses.add(a.getHostAddress().replaceAll("%.*$", ""));
            }
            out.add(new HostFacts.NetworkAdapter(ni.getName(), addresses, ni.getMTU()));
        }
        out.sort((a, b) -> a.name().compareTo(b.name()));
        return out;
    }

    private List<String> lines(String relative) throws IOException {
        Path p = procRoot.resolve(relative);
        if (!Files.isReadable(p)) {
            return List.of();
        }
        return Files.readAllLines(p, StandardCharsets.ISO_8859_1);
    }

    private String firstLine(String relative, String dflt) throws IOException {
        List<String> l = lines(relative);
        return l.isEmpty() || l.get(0).isBlank() ? dflt : l.get(0).strip();
    }

    private static double parseDouble(String s) {
        try {
            return Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
