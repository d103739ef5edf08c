package org.gridstack.bench.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The testbed as a benchmark sees it, read from a state folder laid out as {@code testbed up}
 * leaves it (the topology's name and a copy of the shipped topology file): addresses, services
 * and client hosts come from the file, agents are started through the exec prefix on a client
 * host, and a topology that is not the one up, or no testbed at all, is refused with what to run.
 */
class TestTestbed {
    private static final List<String> EXEC = List.of("sudo", "-n", "/run/gridstack-bench/testbed", "exec");

    private static Path upAs(Path state, String topology) throws Exception {
        Files.writeString(state.resolve("topology"), topology + "\n");
        Files.copy(Path.of("../testbed/topologies", topology + ".topo"), state.resolve("topology.topo"));
        return state;
    }

    @Test
    void readsHostsServicesAndClientHostsOfTheTopologyThatIsUp(@TempDir Path state) throws Exception {
        Testbed t = Testbed.read("frontier-tiers", upAs(state, "frontier-tiers"), EXEC);
        assertEquals("10.213.0.10", t.address("tier0"));
        assertEquals(List.of("client1", "client2"), t.clientHosts());
        assertEquals(8000, t.service("frontier-servlet").port(0));
        assertEquals(List.of("tier1", "tier2a", "tier2b"), t.services("squid").stream().map(Testbed.Service::host).toList());
        assertEquals("tier1:3128", t.services("squid").get(1).options().get("parent"));
        assertTrue(t.label().contains("frontier-tiers") && t.label().contains("network namespaces on this one machine"), t.label());

        List<String> agent = t.agentLauncher("client2", "-Xmx64m").command();
        assertEquals(List.of("sudo", "-n", "/run/gridstack-bench/testbed", "exec", "client2"), agent.subList(0, 5));
        assertTrue(agent.get(5).endsWith("/bin/java") && agent.contains("-Xmx64m") && agent.contains("-cp"), agent.toString());
        assertThrows(IllegalArgumentException.class, () -> t.agentLauncher("elsewhere"));

        Testbed mds = Testbed.read("mds-lucky", upAs(Files.createDirectory(state.resolve("mds")), "mds-lucky"), EXEC);
        assertEquals(6, mds.services("gris").size());
        assertEquals(Map.of("port", "2135", "mode", "cached"), mds.service("giis").options());
        assertEquals(List.of("client1", "client2"), mds.clientHosts());
    }

    @Test
    void anotherTopologyOrNoneIsRefusedWithWhatToRun(@TempDir Path state) throws Exception {
        IllegalStateException none = assertThrows(IllegalStateException.class, () -> Testbed.read("dqp", state, EXEC));
        assertTrue(none.getMessage().contains("no testbed is up") && none.getMessage().contains("testbed/testbed up dqp"), none.getMessage());
        upAs(state, "dqp");
        IllegalStateException other = assertThrows(IllegalStateException.class, () -> Testbed.read("mds-lucky", state, EXEC));
        assertTrue(other.getMessage().contains("runs topology 'dqp', not 'mds-lucky'"), other.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Testbed.read("../x", state, EXEC));
        assertEquals(List.of("client1"), Testbed.read("dqp", state, EXEC).clientHosts());
    }
}
