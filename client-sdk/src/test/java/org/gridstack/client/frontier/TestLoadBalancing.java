package org.gridstack.client.frontier;

import static org.gridstack.client.frontier.ScriptedHttpServer.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/**
 * {@code loadbalance=proxies|servers}: each client starts at a random proxy or server and fails
 * over through the rest of the list from there, wrapping around.
 */
class TestLoadBalancing {
    private static final String SQL = "select * from T_TYPES order by id";

    @Test
    void clientsSpreadOverTheProxiesAndEachFailsOverThroughTheWholeList() throws Exception {
        byte[] good = FrontierGoldenVectors.body("03-types-zip5");
        try (ScriptedHttpServer p1 = new ScriptedHttpServer(answer(200, good));
             ScriptedHttpServer p2 = new ScriptedHttpServer(answer(200, good));
             ScriptedHttpServer p3 = new ScriptedHttpServer(answer(200, good))) {
            FrontierClientConfig config = FrontierClientConfig.parse("(serverurl=http://s1.example:8000/Frontier)(proxyurl=" + p1.url()
                    + ")(proxyurl=" + p2.url() + ")(proxyurl=" + p3.url() + ")(loadbalance=proxies)");
            Random random = new Random(42);
            for (int i = 0; i < 30; i++) {
                try (FrontierClient client = new FrontierClient(config, random)) {
                    client.query(SQL);
                }
            }
            int a = p1.received().size();
            int b = p2.received().size();
            int c = p3.received().size();
            assertEquals(30, a + b + c);
            assertTrue(a > 0 && b > 0 && c > 0, "every proxy got first requests: " + a + "/" + b + "/" + c);
        }
    }

    @Test
    void withoutLoadBalancingTheFirstProxyGetsEverything() throws Exception {
        byte[] good = FrontierGoldenVectors.body("03-types-zip5");
        try (ScriptedHttpServer p1 = new ScriptedHttpServer(answer(200, good));
             ScriptedHttpServer p2 = new ScriptedHttpServer(answer(200, good))) {
            FrontierClientConfig config = FrontierClientConfig.parse("(serverurl=http://s1.example:8000/Frontier)(proxyurl=" + p1.url()
                    + ")(proxyurl=" + p2.url() + ")");
            Random random = new Random(42);
            for (int i = 0; i < 10; i++) {
                try (FrontierClient client = new FrontierClient(config, random)) {
                    client.query(SQL);
                }
            }
            assertEquals(10, p1.received().size());
            assertEquals(0, p2.received().size());
        }
    }

    @Test
    void aBalancedClientStillTriesEveryProxyAfterItsStart() throws Exception {
        byte[] good = FrontierGoldenVectors.body("03-types-zip5");
        int refused = ScriptedHttpServer.refusingPort();
        try (ScriptedHttpServer alive = new ScriptedHttpServer(answer(200, good))) {
            // the live proxy is first in the list; a client that starts at the dead one wraps around to it
            FrontierClientConfig config = FrontierClientConfig.parse("(serverurl=http://s1.example:8000/Frontier)(proxyurl=" + alive.url()
                    + ")(proxyurl=http://127.0.0.1:" + refused + ")(loadbalance=proxies)(failovertoserver=no)");
            for (int seed = 0; seed < 8; seed++) {
                try (FrontierClient client = new FrontierClient(config, new Random(seed))) {
                    assertEquals(20, client.query(SQL).rowCount());
                }
            }
        }
    }

    @Test
    void anUnknownLoadBalanceValueIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FrontierClientConfig.parse("(serverurl=http://h:8000/Frontier)(loadbalance=everything)"));
        assertEquals("loadbalance must be 'proxies' or 'servers', not 'everything'", e.getMessage());
    }
}
