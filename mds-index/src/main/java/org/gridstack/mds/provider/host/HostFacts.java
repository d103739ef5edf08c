package org.gridstack.mds.provider.host;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.util.List;

/**
 * What the default providers know about this host, as read from /proc (and the JDK's network
 * interface list). Sizes in MiB, clock speed in MHz, load averages as /proc/loadavg prints
 * them. Immutable and thread-safe.
 */
@Immutable
public record HostFacts(
        String hostName,
        String osName, String osRelease, String osVersion, String architecture,
        int logicalCpus, int physicalCpus, String cpuVendor, String cpuModel, int cpuMhz,
        double load1, double load5, double load15,
        long ramMiB, long ramAvailableMiB, long virtualMiB, long virtualAvailableMiB,
        @SuppressWarnings("Immutable") /* an unmodifiable copy of immutable records */ List<FileSystem> fileSystems,
        @SuppressWarnings("Immutable") /* an unmodifiable copy of immutable records */ List<NetworkAdapter> networkAdapters) {

    public HostFacts {
        requireNonNull(hostName, "hostName is null");
        requireNonNull(osName, "osName is null");
        requireNonNull(osRelease, "osRelease is null");
        requireNonNull(osVersion, "osVersion is null");
        requireNonNull(architecture, "architecture is null");
        requireNonNull(cpuVendor, "cpuVendor is null");
        requireNonNull(cpuModel, "cpuModel is null");
        fileSystems = List.copyOf(fileSystems);
        networkAdapters = List.copyOf(networkAdapters);
    }

    /** One mounted local file system. */
    public record FileSystem(String mountPoint, String type, long sizeMiB, long availableMiB, boolean readOnly) {
        public FileSystem {
            requireNonNull(mountPoint, "mountPoint is null");
            requireNonNull(type, "type is null");
        }
    }

    /** One network interface (not the loopback). */
    public record NetworkAdapter(String name, List<String> addresses, int mtu) {
        public NetworkAdapter {
            requireNonNull(name, "name is null");
            addresses = List.copyOf(addresses);
        }
    }
}
