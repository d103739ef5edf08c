package org.gridstack.mds.gris;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.provider.InProcessProvider;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.junit.jupiter.api.Test;

/**
 * The client's time limit holds while the GRIS waits for a provider: a provider that takes far
 * longer than {@code ldapsearch -l 2} (its own timelimit is a minute) delays neither the answer
 * nor the other providers' entries, which come with the slow one flagged stale.
 */
class TestGrisTimeLimits {

    @Test
    void aSlowProviderDelaysNoSearchPastTheClientsTimeLimit() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        GrisConfig c = GrisConfig.builder().port(0).glue2Suffix(null).build();
        InProcessProvider slow = new InProcessProvider(ProviderSettings.of("slow").withTimelimit(Duration.ofMinutes(1)),
                () -> {
                    release.await();
                    return List.of();
                });
        ProviderCache cache = new ProviderCache(List.of(slow, new SyntheticProvider(ProviderSettings.of("fast"), c.suffix(), 3,
                Clock.systemUTC())), CacheMode.AUTO, Clock.systemUTC());
        try (GrisServer g = GrisServer.start(c, cache, null)) {
            LdapToolsAccess.Result r = LdapToolsAccess.ldapsearch(g.port(), "-l", "2", "-b", "Mds-Vo-name=local,o=Grid",
                    "(cn=entry-*)", "cn");
            assertEquals(0, r.exit(), r.text());
            assertEquals(3, r.entries().size(), "the fast provider's entries: " + r.text());
        } finally {
            release.countDown();
        }
    }

    @Test
    void aSearchDoesNotWaitForAProviderWhoseEntriesItCannotMatch() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger runs = new java.util.concurrent.atomic.AtomicInteger();
        // no server time limit: only the provider's own timelimit (10 minutes) would end the wait
        GrisConfig c = GrisConfig.builder().port(0).glue2Suffix(null).timeLimitSeconds(0).build();
        InProcessProvider slow = new InProcessProvider(ProviderSettings.of("slow").withCachetime(Duration.ZERO)
                .withTimelimit(Duration.ofMinutes(10)), () -> {
                    if (runs.incrementAndGet() > 1) {
                        release.await(); // every refresh after the first hangs
                    }
                    return List.of(new com.unboundid.ldap.sdk.Entry("dn: Mds-Vo-name=slow,Mds-Vo-name=local,o=Grid",
                            "objectClass: MdsVo", "Mds-Vo-name: slow"));
                });
        ProviderCache cache = new ProviderCache(List.of(slow, new SyntheticProvider(ProviderSettings.of("fast"), c.suffix(), 3,
                Clock.systemUTC())), CacheMode.AUTO, Clock.systemUTC());
        try (GrisServer g = GrisServer.start(c, cache, null)) {
            cache.read(); // the slow provider's first run delivers: its entries are known to be under Mds-Vo-name=slow
            LdapToolsAccess.Result r = LdapToolsAccess.ldapsearch(g.port(), "-s", "base", "-b",
                    "cn=entry-1,Mds-Vo-name=local,o=Grid", "(objectClass=*)", "cn");
            assertEquals(0, r.exit(), r.text());
            assertEquals(1, r.entries().size(), r.text());
        } finally {
            release.countDown();
        }
    }
}
