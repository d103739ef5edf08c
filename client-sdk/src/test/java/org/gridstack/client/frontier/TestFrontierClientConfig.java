package org.gridstack.client.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gridstack.frontier.protocol.Ttl;
import org.junit.jupiter.api.Test;

class TestFrontierClientConfig {
    @Test
    void parsesTheCClientString() {
        FrontierClientConfig c = FrontierClientConfig.parse(
                "(serverurl=http://a:8000/Frontier)(serverurl=http://b:8000/Frontier)(proxyurl=http://squid:3128)"
                        + "(retrieve-ziplevel=0)(forcereload=short)(connecttimeoutsecs=2)(readtimeoutsecs=30)(loadbalance=proxies)");
        assertEquals(List.of(URI.create("http://a:8000/Frontier"), URI.create("http://b:8000/Frontier")), c.servers());
        assertEquals(List.of(URI.create("http://squid:3128")), c.proxies());
        assertEquals(0, c.zipLevel());
        assertEquals(Duration.ofSeconds(2), c.connectTimeout());
        assertEquals(Duration.ofSeconds(30), c.readTimeout());
        assertEquals(RefreshPolicy.HARD, c.forceReload().policyFor(Ttl.SHORT));
        assertEquals(RefreshPolicy.NONE, c.forceReload().policyFor(Ttl.LONG));
        assertTrue(c.failoverToServer());
    }

    @Test
    void hasTheCClientDefaults() {
        FrontierClientConfig c = FrontierClientConfig.parse("http://a:8000/Frontier");
        assertEquals(List.of(URI.create("http://a:8000/Frontier")), c.servers());
        assertEquals(List.of(), c.proxies());
        assertEquals(5, c.zipLevel());
        assertEquals(Duration.ofSeconds(5), c.connectTimeout());
        assertEquals(Duration.ofSeconds(10), c.readTimeout());
        assertEquals(ForceReload.NONE, c.forceReload());
        assertTrue(c.frontierId().startsWith("gridstack-java "));
    }

    @Test
    void validates() {
        assertThrows(IllegalArgumentException.class, () -> FrontierClientConfig.builder().build(), "no server");
        assertThrows(IllegalArgumentException.class, () -> FrontierClientConfig.parse("(serverurl=http://a/F)(retrieve-ziplevel=10)"));
        assertThrows(IllegalArgumentException.class, () -> FrontierClientConfig.parse("(serverurl=http://a/F)(retrieve-ziplevel=x)"));
        assertThrows(IllegalArgumentException.class, () -> FrontierClientConfig.parse("(serverurl=ftp://a/F)"));
        assertThrows(IllegalArgumentException.class, () -> FrontierClientConfig.parse("(serverurl=http://a/F)(forcereload=sometimes)"));
        assertThrows(IllegalArgumentException.class, () -> FrontierClientConfig.parse("(serverurl=http://a/F) junk"));
        FrontierClientConfig.Builder b = FrontierClientConfig.builder();
        for (int i = 0; i < 16; i++) {
            b.server("http://s" + i + ":8000/Frontier");
        }
        for (int i = 0; i < 24; i++) {
            b.proxy("http://p" + i + ":3128");
        }
        FrontierClientConfig max = b.build();
        assertEquals(16, max.servers().size());
        assertEquals(24, max.proxies().size());
        assertThrows(IllegalArgumentException.class, () -> max.toBuilder().server("http://one-too-many/Frontier").build());
        assertThrows(IllegalArgumentException.class, () -> max.toBuilder().proxy("http://one-too-many:3128").build());
        assertThrows(IllegalArgumentException.class, () -> FrontierClientConfig.parse("http://a/F").toBuilder().connectTimeout(Duration.ZERO).build());
        assertThrows(UnsupportedOperationException.class, () -> max.servers().clear(), "immutable");
    }

    @Test
    void readsTheEnvironment() {
        FrontierClientConfig c = FrontierClientConfig.fromEnvironment(Map.of(
                "FRONTIER_SERVER", "http://a:8000/Frontier",
                "FRONTIER_PROXY", "http://squid:3128",
                "FRONTIER_RETRIEVEZIPLEVEL", "9",
                "FRONTIER_FORCERELOAD", "soft"));
        assertEquals(List.of(URI.create("http://a:8000/Frontier")), c.servers());
        assertEquals(List.of(URI.create("http://squid:3128")), c.proxies());
        assertEquals(9, c.zipLevel());
        assertEquals(RefreshPolicy.SOFT, c.forceReload().policyFor(Ttl.FOREVER));

        FrontierClientConfig s = FrontierClientConfig.fromEnvironment(Map.of(
                "FRONTIER_SERVER", "(serverurl=http://a:8000/Frontier)(serverurl=http://b:8000/Frontier)(proxyurl=http://p1:3128)(retrieve-ziplevel=1)",
                "FRONTIER_RETRIEVEZIPLEVEL", "3"));
        assertEquals(2, s.servers().size());
        assertEquals(List.of(URI.create("http://p1:3128")), s.proxies());
        assertEquals(3, s.zipLevel(), "the variable wins over the string");
        assertThrows(IllegalArgumentException.class, () -> FrontierClientConfig.fromEnvironment(Map.of()));
        assertThrows(IllegalArgumentException.class, () -> FrontierClientConfig.fromEnvironment(
                Map.of("FRONTIER_SERVER", "http://a/F", "FRONTIER_RETRIEVEZIPLEVEL", "-1")));
    }

    @Test
    void forceReloadValues() {
        assertEquals(RefreshPolicy.NONE, ForceReload.parse("none").policyFor(Ttl.SHORT));
        assertEquals(RefreshPolicy.HARD, ForceReload.parse("hard").policyFor(Ttl.FOREVER));
        assertEquals(RefreshPolicy.HARD, ForceReload.parse("long").policyFor(Ttl.LONG));
        assertEquals(RefreshPolicy.NONE, ForceReload.parse("long").policyFor(Ttl.FOREVER));
        assertEquals(RefreshPolicy.SOFT, ForceReload.parse("soft-short").policyFor(Ttl.SHORT));
        assertEquals(RefreshPolicy.NONE, ForceReload.parse("soft-short").policyFor(Ttl.LONG));
        assertEquals("soft-short", ForceReload.parse("SOFT-SHORT").toString());
    }

    @Test
    void tableRefreshMap() {
        FrontierClientConfig c = FrontierClientConfig.builder().server("http://a/F")
                .refreshTable("cond", RefreshPolicy.SOFT).refreshTable("run.T_LUMI", RefreshPolicy.HARD).build();
        assertEquals(RefreshPolicy.SOFT, c.refreshPolicyFor("COND.payload"));
        assertEquals(RefreshPolicy.HARD, c.refreshPolicyFor("run.t_lumi"));
        assertEquals(RefreshPolicy.NONE, c.refreshPolicyFor("run.other"));
        assertFalse(c.tableRefresh().isEmpty());
    }
}
