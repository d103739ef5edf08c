package org.gridstack.mds.provider.host;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.RDN;

/**
 * This host as GLUE 2.0 entries (names of {@code /etc/ldap/schema/GLUE20.schema}) under a
 * suffix, {@code o=glue} by default, laid out as a resource BDII does: a
 * {@code GLUE2GroupID=resource} group, a computing service, its manager and one execution
 * environment. Stateless; thread-safe.
 */
@ThreadSafe
public final class Glue2HostEntries {
    private final DN suffix;

    public Glue2HostEntries(DN suffix) {
        this.suffix = requireNonNull(suffix, "suffix is null");
    }

    public List<Entry> entries(HostFacts h, Instant now) {
        String created = now.truncatedTo(ChronoUnit.SECONDS).toString();
        DN group = new DN(new RDN("GLUE2GroupID", "resource"), suffix);
        Entry g = new Entry(group);
        g.addAttribute("objectClass", "GLUE2Group");
        g.addAttribute("GLUE2GroupID", "resource");

        // the AdminDomain the service's foreign key names (a MUST of GLUE2Service), published beside it as the BDII does
        Entry domain = new Entry(new DN(new RDN("GLUE2DomainID", h.hostName()), group));
        domain.addAttribute("objectClass", "GLUE2Domain", "GLUE2AdminDomain");
        domain.addAttribute("GLUE2DomainID", h.hostName());
        domain.addAttribute("GLUE2EntityName", h.hostName());
        domain.addAttribute("GLUE2EntityCreationTime", created);

        String serviceId = h.hostName() + "/computing";
        DN serviceDn = new DN(new RDN("GLUE2ServiceID", serviceId), group);
        Entry service = new Entry(serviceDn);
        service.addAttribute("objectClass", "GLUE2Service", "GLUE2ComputingService");
        service.addAttribute("GLUE2ServiceID", serviceId);
        service.addAttribute("GLUE2ServiceType", "org.gridstack.host");
        service.addAttribute("GLUE2ServiceQualityLevel", "production");
        service.addAttribute("GLUE2ServiceAdminDomainForeignKey", h.hostName());
        service.addAttribute("GLUE2EntityName", h.hostName());
        service.addAttribute("GLUE2EntityCreationTime", created);

        String managerId = h.hostName() + "/manager";
        Entry manager = new Entry(new DN(new RDN("GLUE2ManagerID", managerId), serviceDn));
        manager.addAttribute("objectClass", "GLUE2Manager", "GLUE2ComputingManager");
        manager.addAttribute("GLUE2ManagerID", managerId);
        manager.addAttribute("GLUE2ManagerProductName", "fork");
        manager.addAttribute("GLUE2ManagerServiceForeignKey", serviceId);
        manager.addAttribute("GLUE2EntityCreationTime", created);

        String resourceId = h.hostName() + "/execution-environment";
        Entry ee = new Entry(new DN(new RDN("GLUE2ResourceID", resourceId), serviceDn));
        ee.addAttribute("objectClass", "GLUE2Resource", "GLUE2ExecutionEnvironment");
        ee.addAttribute("GLUE2ResourceID", resourceId);
        ee.addAttribute("GLUE2ResourceManagerForeignKey", managerId);
        ee.addAttribute("GLUE2ExecutionEnvironmentComputingManagerForeignKey", managerId);
        ee.addAttribute("GLUE2ExecutionEnvironmentPlatform", platform(h.architecture()));
        ee.addAttribute("GLUE2ExecutionEnvironmentMainMemorySize", String.valueOf(h.ramMiB()));
        ee.addAttribute("GLUE2ExecutionEnvironmentVirtualMemorySize", String.valueOf(h.virtualMiB()));
        ee.addAttribute("GLUE2ExecutionEnvironmentOSFamily", h.osName().toLowerCase(Locale.ROOT));
        ee.addAttribute("GLUE2ExecutionEnvironmentOSName", h.osName());
        ee.addAttribute("GLUE2ExecutionEnvironmentOSVersion", h.osRelease());
        ee.addAttribute("GLUE2ExecutionEnvironmentConnectivityIn", "TRUE");
        ee.addAttribute("GLUE2ExecutionEnvironmentConnectivityOut", "TRUE");
        ee.addAttribute("GLUE2ExecutionEnvironmentTotalInstances", "1");
        ee.addAttribute("GLUE2ExecutionEnvironmentPhysicalCPUs", String.valueOf(h.physicalCpus()));
        ee.addAttribute("GLUE2ExecutionEnvironmentLogicalCPUs", String.valueOf(h.logicalCpus()));
        ee.addAttribute("GLUE2ExecutionEnvironmentCPUVendor", h.cpuVendor());
        ee.addAttribute("GLUE2ExecutionEnvironmentCPUModel", h.cpuModel());
        if (h.cpuMhz() > 0) {
            ee.addAttribute("GLUE2ExecutionEnvironmentCPUClockSpeed", String.valueOf(h.cpuMhz()));
        }
        ee.addAttribute("GLUE2EntityCreationTime", created);
        return List.of(g, domain, service, manager, ee);
    }

    /** GLUE 2's platform names (amd64, i386, ...) for the JVM's os.arch. */
    static String platform(String arch) {
        return switch (arch.toLowerCase(Locale.ROOT)) {
            case "x86_64", "amd64" -> "amd64";
            case "x86", "i386", "i686" -> "i386";
            case "aarch64", "arm64" -> "aarch64";
            case "ppc64", "ppc64le" -> "powerpc";
            default -> arch;
        };
    }
}
