package org.gridstack.hawkeye.module;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.List;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.Value;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.Entry;

/** mds-index's providers as Hawkeye modules: the same data in ClassAd form. */
class TestProviderModule {

    @Test
    void entriesBecomeTypedAttributesAndRepeatedOnesLists() {
        Entry a = new Entry("GlueSALocalID=data,o=Grid");
        a.addAttribute("objectClass", "GlueSA");
        a.addAttribute("GlueSAStateAvailableSpace", "1024");
        a.addAttribute("GlueSAName", "data");
        a.addAttribute("Load", "0.25");
        Entry b = new Entry("GlueSALocalID=scratch,o=Grid");
        b.addAttribute("GlueSAName", "scratch");
        ClassAd ad = ProviderModule.toAd(List.of(a, b), "");
        assertEquals(Value.of(1024L), ad.evaluate("GlueSAStateAvailableSpace"));
        assertEquals(Value.of(0.25), ad.evaluate("Load"));
        assertEquals(new Value.ListValue(List.of(Value.of("data"), Value.of("scratch"))), ad.evaluate("GlueSAName"));
        assertFalse(ad.contains("objectClass"));
    }

    @Test
    void ldapDashesBecomeUnderscoresAndAPrefixKeepsModulesApart() {
        Entry e = new Entry("Mds-Host-hn=node1,o=Grid");
        e.addAttribute("Mds-Memory-Ram-freeMB", "512");
        e.addAttribute("Mds-Host-hn", "node1");
        ClassAd plain = ProviderModule.toAd(List.of(e), "");
        assertEquals(Value.of(512L), plain.evaluate("Mds_Memory_Ram_freeMB"), "before: dropped (a dash is not in a ClassAd name)");
        ClassAd memory0 = ProviderModule.toAd(List.of(e), "memory_0_");
        ClassAd memory1 = ProviderModule.toAd(List.of(e), "memory_1_");
        assertEquals(Value.of("node1"), memory0.evaluate("memory_0_Mds_Host_hn"));
        assertEquals(Value.of(512L), memory1.evaluate("memory_1_Mds_Memory_Ram_freeMB"));
        assertFalse(memory1.contains("memory_0_Mds_Host_hn"));
    }

    @Test
    void thisHostsModulesDescribeItFromProc() throws Exception {
        try (ModuleRunner runner = new ModuleRunner(HostModules.forThisHost(Clock.systemUTC()), Clock.systemUTC(),
                new io.micrometer.core.instrument.simple.SimpleMeterRegistry())) {
            runner.runAllOnce();
            for (ModuleState s : runner.states().values()) {
                assertFalse(s.stale(), s.module() + ": " + s.problem());
            }
            ClassAd os = runner.states().get("host-os").ad();
            assertTrue(os.evaluate("GlueHostMainMemoryRAMSize") instanceof Value.Int, os.toString());
            ClassAd load = runner.states().get("host-load").ad();
            assertTrue(load.evaluate("GlueHostProcessorLoadLast1Min") instanceof Value.Int, load.toString());
        }
    }
}
