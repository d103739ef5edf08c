package org.gridstack.mds.provider.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;

/** The /proc reader on fixed files, and the GLUE entries made from what it read. */
class TestProcHostReader {

    @Test
    void runningJobsNeverExceedMaxRunningJobs(@TempDir Path dir) throws Exception {
        java.nio.file.Files.writeString(FakeProcTree.write(dir).resolve("loadavg"), "7.00 3.00 1.00 8/100 1234\n");
        HostFacts h = new ProcHostReader(dir, false).read();
        Entry ce = new Glue13HostEntries(new DN("Mds-Vo-name=local,o=Grid")).load(h).stream()
                .filter(e -> e.hasObjectClass("GlueCE")).findFirst().orElseThrow();
        assertEquals("2", ce.getAttributeValue("GlueCEPolicyMaxRunningJobs"));
        assertEquals("2", ce.getAttributeValue("GlueCEStateRunningJobs"), ce.toLDIFString());
        assertEquals("5", ce.getAttributeValue("GlueCEStateWaitingJobs"), ce.toLDIFString());
        assertEquals("0", ce.getAttributeValue("GlueCEStateFreeCPUs"), ce.toLDIFString());
    }

    @Test
    void readsTheFactsOfAFixedProcTree(@TempDir Path dir) throws Exception {
        HostFacts h = new ProcHostReader(FakeProcTree.write(dir), false).read();
        assertEquals(FakeProcTree.HOST, h.hostName());
        assertEquals("Linux", h.osName());
        assertEquals("6.1.0-test", h.osRelease());
        assertEquals(2, h.logicalCpus());
        assertEquals(2, h.physicalCpus());
        assertEquals("GenuineIntel", h.cpuVendor());
        assertEquals(2400, h.cpuMhz());
        assertEquals(0.50, h.load1());
        assertEquals(4096, h.ramMiB());
        assertEquals(2048, h.ramAvailableMiB());
        assertEquals(5120, h.virtualMiB());
        assertEquals(2560, h.virtualAvailableMiB());
        assertEquals(1, h.fileSystems().size(), "proc is not a local file system; the /run/netns bind mount is / again");
        assertEquals("/", h.fileSystems().get(0).mountPoint());
        assertTrue(h.fileSystems().get(0).sizeMiB() > 0, "the real root was sized");
        assertFalse(h.fileSystems().get(0).readOnly());
    }

    @Test
    void readsTheRealProcOfThisMachine() throws Exception {
        HostFacts h = new ProcHostReader().read();
        assertTrue(h.logicalCpus() >= 1);
        assertTrue(h.ramMiB() > 0);
        assertFalse(h.hostName().isBlank());
    }

    @Test
    void glue13EntriesCarryTheFactsUnderTheSuffix(@TempDir Path dir) throws Exception {
        HostFacts h = new ProcHostReader(FakeProcTree.write(dir), false).read();
        Glue13HostEntries g = new Glue13HostEntries(new DN("Mds-Vo-name=local,o=Grid"));
        List<Entry> load = g.load(h);
        Entry ce = load.get(0);
        assertEquals(new DN("GlueCEUniqueID=ce01.example.org:2119/jobmanager-fork-default,Mds-Vo-name=local,o=Grid"),
                ce.getParsedDN());
        assertTrue(ce.hasObjectClass("GlueCE"));
        assertEquals("2", ce.getAttributeValue("GlueCEInfoTotalCPUs"));
        assertEquals("1", ce.getAttributeValue("GlueCEStateFreeCPUs"), "2 CPUs minus a load of 0.5 rounded up");
        Entry host = load.get(1);
        assertEquals("50", host.getAttributeValue("GlueHostProcessorLoadLast1Min"), "load x 100");
        assertEquals("2048", host.getAttributeValue("GlueHostMainMemoryRAMAvailable"));
        Entry sub = g.operatingSystem(h).get(1);
        assertEquals("6.1.0-test", sub.getAttributeValue("GlueHostOperatingSystemRelease"));
        assertEquals(new DN("GlueSubClusterUniqueID=ce01.example.org,GlueClusterUniqueID=ce01.example.org,"
                + "Mds-Vo-name=local,o=Grid"), sub.getParsedDN());
        Entry fs = g.fileSystems(h).get(0);
        assertEquals("FALSE", fs.getAttributeValue("GlueHostLocalFileSystemReadOnly"));
        assertEquals(List.of(), g.networkAdapters(h), "network reading was off");
    }

    @Test
    void glue2EntriesDescribeAComputingServiceUnderOGlue(@TempDir Path dir) throws Exception {
        HostFacts h = new ProcHostReader(FakeProcTree.write(dir), false).read();
        List<Entry> e = new Glue2HostEntries(new DN("o=glue")).entries(h, Instant.parse("2026-01-01T00:00:00Z"));
        assertEquals(new DN("GLUE2GroupID=resource,o=glue"), e.get(0).getParsedDN());
        Entry ee = e.get(4);
        assertTrue(ee.hasObjectClass("GLUE2ExecutionEnvironment"));
        assertEquals("4096", ee.getAttributeValue("GLUE2ExecutionEnvironmentMainMemorySize"));
        assertEquals("linux", ee.getAttributeValue("GLUE2ExecutionEnvironmentOSFamily"));
        assertEquals("2026-01-01T00:00:00Z", ee.getAttributeValue("GLUE2EntityCreationTime"));
    }
}
