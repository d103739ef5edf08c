package org.gridstack.bench.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gridstack.bench.kit.Testbed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the testbed experiments aim at, from the shipped topology files as a testbed keeps them:
 * each client host's FroNtier clients use their own site's tier-2 Squid and the servlet's testbed
 * address; the MDS users ask the GIIS for every GRIS host and one GRIS for itself; the DQP users
 * ask the coordinator. The real runs are in testbed/check-all (root); without a testbed the
 * experiment refuses to run and says how to run it.
 */
class TestTestbedLoadBenchmark {
    private static Testbed up(Path state, String topology) throws Exception {
        Files.writeString(state.resolve("topology"), topology);
        Files.copy(Path.of("../testbed/topologies", topology + ".topo"), state.resolve("topology.topo"));
        return Testbed.read(topology, state, List.of("exec-prefix"));
    }

    @Test
    void frontierClientsGoThroughTheirOwnSitesSquidOrStraightToTheServlet(@TempDir Path state) throws Exception {
        List<TestbedLoadBenchmark.Series> s = TestbedLoadBenchmark.frontierTiers(up(state, "frontier-tiers"), new TestbedLoadBenchmark.Options());
        assertEquals(2, s.size());
        assertEquals(List.of("client1", "client2"), s.get(0).hosts());
        assertEquals(List.of("http://10.213.0.10:8000/Frontier", "http://10.213.0.21:3128", "5", "10000", "select string from T_STRING"),
                s.get(0).hostArgs().get(0));
        assertEquals("http://10.213.0.22:3128", s.get(0).hostArgs().get(1).get(1), "client2 uses tier2b");
        assertEquals("direct", s.get(1).hostArgs().get(1).get(1));
        new FrontierTierClients(s.get(0).hostArgs().get(0).toArray(String[]::new));
        assertThrows(IllegalArgumentException.class, () -> new FrontierTierClients(new String[] {"http://x"}));
    }

    @Test
    void mdsUsersAskTheGiisForEveryGrisHostAndOneGrisForItself(@TempDir Path state) throws Exception {
        List<TestbedLoadBenchmark.Series> s = TestbedLoadBenchmark.mdsLucky(up(state, "mds-lucky"));
        assertEquals(List.of("10.213.0.10", "2135", "mds-vo-name=site,o=grid", "lucky1,lucky2,lucky3,lucky4,lucky5,lucky6"),
                s.get(0).hostArgs().get(0));
        assertEquals(List.of("10.213.0.11", "2135", "mds-vo-name=local,o=grid", "lucky1"), s.get(1).hostArgs().get(1));
    }

    @Test
    void dqpUsersAskTheCoordinatorAndNoTestbedIsRefused(@TempDir Path state) throws Exception {
        List<TestbedLoadBenchmark.Series> s = TestbedLoadBenchmark.dqp(up(state, "dqp"), new TestbedLoadBenchmark.Options());
        assertEquals(List.of("client1"), s.get(0).hosts());
        assertEquals("http://10.213.0.10:8090/api/v1/query", s.get(0).hostArgs().get(0).get(0));
        assertEquals("5888", s.get(0).hostArgs().get(0).get(1));
        IllegalStateException none = assertThrows(IllegalStateException.class, () -> TestbedLoadBenchmark.run(new TestbedLoadBenchmark.Options()));
        assertTrue(none.getMessage().contains("sudo ./gridstack bench -Dbench.testbed=TOPOLOGY"), none.getMessage());
    }
}
