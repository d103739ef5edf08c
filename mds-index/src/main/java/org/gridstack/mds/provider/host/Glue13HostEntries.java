package org.gridstack.mds.provider.host;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.List;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.RDN;

/**
 * This host as GLUE 1.3 entries (attribute and class names of the {@code glue-schema} package,
 * {@code /etc/ldap/schema/Glue-*.schema}) under a suffix, {@code Mds-Vo-name=local,o=Grid} by
 * default. One method per provider, because each part changes at its own pace (MDS2's
 * cachetimes): {@link #operatingSystem} (cluster and sub-cluster: OS, architecture, processor,
 * memory size), {@link #load} (a fork computing element whose free CPUs follow the load, and the
 * host's load averages and free memory), {@link #fileSystems} and {@link #networkAdapters}.
 * Load averages are stored ×100 as integers (GLUE's load attributes are integers). Stateless;
 * thread-safe.
 */
@ThreadSafe
public final class Glue13HostEntries {
    /** GRAM's port, part of the computing element's ID as GLUE 1.3 sites wrote it. */
    static final int GATEKEEPER_PORT = 2119;

    private final DN suffix;

    public Glue13HostEntries(DN suffix) {
        this.suffix = requireNonNull(suffix, "suffix is null");
    }

    public DN clusterDn(HostFacts h) {
        return new DN(new RDN("GlueClusterUniqueID", h.hostName()), suffix);
    }

    public DN hostDn(HostFacts h) {
        return new DN(new RDN("GlueHostUniqueID", h.hostName()), suffix);
    }

    static String ceId(HostFacts h) {
        return h.hostName() + ":" + GATEKEEPER_PORT + "/jobmanager-fork-default";
    }

    /** Cluster and sub-cluster (changes only with the OS: MDS2's 43200 s). */
    public List<Entry> operatingSystem(HostFacts h) {
        Entry cluster = new Entry(clusterDn(h));
        cluster.addAttribute("objectClass", "GlueClusterTop", "GlueCluster", "GlueInformationService", "GlueKey",
                "GlueSchemaVersion");
        cluster.addAttribute("GlueClusterUniqueID", h.hostName());
        cluster.addAttribute("GlueClusterName", h.hostName());
        cluster.addAttribute("GlueClusterService", ceId(h));
        cluster.addAttribute("GlueForeignKey", "GlueCEUniqueID=" + ceId(h));
        schemaVersion(cluster);

        Entry sub = new Entry(new DN(new RDN("GlueSubClusterUniqueID", h.hostName()), clusterDn(h)));
        sub.addAttribute("objectClass", "GlueClusterTop", "GlueSubCluster", "GlueHostArchitecture", "GlueHostProcessor",
                "GlueHostOperatingSystem", "GlueHostMainMemory", "GlueKey", "GlueSchemaVersion");
        sub.addAttribute("GlueSubClusterUniqueID", h.hostName());
        sub.addAttribute("GlueSubClusterName", h.hostName());
        sub.addAttribute("GlueSubClusterPhysicalCPUs", String.valueOf(h.physicalCpus()));
        sub.addAttribute("GlueSubClusterLogicalCPUs", String.valueOf(h.logicalCpus()));
        sub.addAttribute("GlueHostOperatingSystemName", h.osName());
        sub.addAttribute("GlueHostOperatingSystemRelease", h.osRelease());
        sub.addAttribute("GlueHostOperatingSystemVersion", h.osVersion());
        sub.addAttribute("GlueHostArchitecturePlatformType", h.architecture());
        sub.addAttribute("GlueHostArchitectureSMPSize", String.valueOf(h.logicalCpus()));
        sub.addAttribute("GlueHostProcessorVendor", h.cpuVendor());
        sub.addAttribute("GlueHostProcessorModel", h.cpuModel());
        sub.addAttribute("GlueHostProcessorClockSpeed", String.valueOf(h.cpuMhz()));
        sub.addAttribute("GlueHostMainMemoryRAMSize", String.valueOf(h.ramMiB()));
        sub.addAttribute("GlueHostMainMemoryVirtualSize", String.valueOf(h.virtualMiB()));
        sub.addAttribute("GlueChunkKey", "GlueClusterUniqueID=" + h.hostName());
        schemaVersion(sub);
        return List.of(cluster, sub);
    }

    /** The computing element and the host's load and free memory (MDS2's 60 s). */
    public List<Entry> load(HostFacts h) {
        // the fork "queue" runs at most one job per CPU: the load average beyond that is waiting, not running
        int busy = (int) Math.round(h.load1());
        int running = Math.min(busy, h.logicalCpus());
        int free = h.logicalCpus() - running;
        Entry ce = new Entry(new DN(new RDN("GlueCEUniqueID", ceId(h)), suffix));
        ce.addAttribute("objectClass", "GlueCETop", "GlueCE", "GlueCEInfo", "GlueCEState", "GlueCEPolicy",
                "GlueInformationService", "GlueKey", "GlueSchemaVersion");
        ce.addAttribute("GlueCEUniqueID", ceId(h));
        ce.addAttribute("GlueCEName", "default");
        ce.addAttribute("GlueCEHostingCluster", h.hostName());
        ce.addAttribute("GlueCEImplementationName", "gridstack-fork");
        ce.addAttribute("GlueCEInfoTotalCPUs", String.valueOf(h.logicalCpus()));
        ce.addAttribute("GlueCEInfoLRMSType", "fork");
        ce.addAttribute("GlueCEInfoHostName", h.hostName());
        ce.addAttribute("GlueCEInfoGatekeeperPort", String.valueOf(GATEKEEPER_PORT));
        ce.addAttribute("GlueCEInfoJobManager", "fork");
        ce.addAttribute("GlueCEInfoContactString", ceId(h));
        ce.addAttribute("GlueCEStateStatus", "Production");
        ce.addAttribute("GlueCEStateRunningJobs", String.valueOf(running));
        ce.addAttribute("GlueCEStateWaitingJobs", String.valueOf(busy - running));
        ce.addAttribute("GlueCEStateTotalJobs", String.valueOf(busy));
        ce.addAttribute("GlueCEStateFreeCPUs", String.valueOf(free));
        ce.addAttribute("GlueCEStateFreeJobSlots", String.valueOf(free));
        ce.addAttribute("GlueCEPolicyMaxRunningJobs", String.valueOf(h.logicalCpus()));
        ce.addAttribute("GlueForeignKey", "GlueClusterUniqueID=" + h.hostName());
        schemaVersion(ce);

        Entry host = new Entry(hostDn(h));
        host.addAttribute("objectClass", "GlueClusterTop", "GlueHost", "GlueHostProcessorLoad", "GlueHostSMPLoad",
                "GlueHostMainMemory");
        host.addAttribute("GlueHostUniqueID", h.hostName());
        host.addAttribute("GlueHostName", h.hostName());
        host.addAttribute("GlueHostProcessorLoadLast1Min", hundredths(h.load1()));
        host.addAttribute("GlueHostProcessorLoadLast5Min", hundredths(h.load5()));
        host.addAttribute("GlueHostProcessorLoadLast15Min", hundredths(h.load15()));
        host.addAttribute("GlueHostSMPLoadLast1Min", hundredths(h.load1() / h.logicalCpus()));
        host.addAttribute("GlueHostSMPLoadLast5Min", hundredths(h.load5() / h.logicalCpus()));
        host.addAttribute("GlueHostSMPLoadLast15Min", hundredths(h.load15() / h.logicalCpus()));
        host.addAttribute("GlueHostMainMemoryRAMSize", String.valueOf(h.ramMiB()));
        host.addAttribute("GlueHostMainMemoryRAMAvailable", String.valueOf(h.ramAvailableMiB()));
        host.addAttribute("GlueHostMainMemoryVirtualSize", String.valueOf(h.virtualMiB()));
        host.addAttribute("GlueHostMainMemoryVirtualAvailable", String.valueOf(h.virtualAvailableMiB()));
        return List.of(ce, host);
    }

    /** One entry per local file system, below the host entry (MDS2's 900 s). */
    public List<Entry> fileSystems(HostFacts h) {
        List<Entry> out = new ArrayList<>();
        for (HostFacts.FileSystem fs : h.fileSystems()) {
            Entry e = new Entry(new DN(new RDN("GlueHostLocalFileSystemName", fs.mountPoint()), hostDn(h)));
            e.addAttribute("objectClass", "GlueClusterTop", "GlueHostLocalFileSystem");
            e.addAttribute("GlueHostLocalFileSystemName", fs.mountPoint());
            e.addAttribute("GlueHostLocalFileSystemRoot", fs.mountPoint());
            e.addAttribute("GlueHostLocalFileSystemType", fs.type());
            e.addAttribute("GlueHostLocalFileSystemSize", String.valueOf(fs.sizeMiB()));
            e.addAttribute("GlueHostLocalFileSystemAvailableSpace", String.valueOf(fs.availableMiB()));
            e.addAttribute("GlueHostLocalFileSystemReadOnly", fs.readOnly() ? "TRUE" : "FALSE");
            out.add(e);
        }
        return out;
    }

    /**
     * One entry per network adapter, below the host entry (MDS2's 900 s). GLUE 1.3 has only an
     * auxiliary class for adapters, so each is a {@code GlueHost} named {@code <host>/<adapter>}.
     */
    public List<Entry> networkAdapters(HostFacts h) {
        List<Entry> out = new ArrayList<>();
        for (HostFacts.NetworkAdapter a : h.networkAdapters()) {
            Entry e = new Entry(new DN(new RDN("GlueHostNetworkAdapterName", a.name()), hostDn(h)));
            e.addAttribute("objectClass", "GlueClusterTop", "GlueHost", "GlueHostNetworkAdapter");
            e.addAttribute("GlueHostUniqueID", h.hostName() + "/" + a.name());
            e.addAttribute("GlueHostName", h.hostName());
            e.addAttribute("GlueHostNetworkAdapterName", a.name());
            a.addresses().stream().filter(s -> s.indexOf(':') < 0).findFirst()
                    .or(() -> a.addresses().stream().findFirst())
                    .ifPresent(ip -> e.addAttribute("GlueHostNetworkAdapterIPAddress", ip));
            if (a.mtu() > 0) {
                e.addAttribute("GlueHostNetworkAdapterMTU", String.valueOf(a.mtu()));
            }
            out.add(e);
        }
        return out;
    }

    private static void schemaVersion(Entry e) {
        e.addAttribute("GlueSchemaVersionMajor", "1");
        e.addAttribute("GlueSchemaVersionMinor", "3");
    }

    private static String hundredths(double v) {
        return String.valueOf(Math.round(v * 100));
    }
}
