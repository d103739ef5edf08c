package org.gridstack.frontier.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.gridstack.frontier.config.FrontierProperties;
import org.gridstack.frontier.protocol.Ttl;
import org.junit.jupiter.api.Test;

class TestCachePolicy {
    private static final Clock TEN_THIRTY = Clock.fixed(Instant.parse("2026-11-21T10:30:00Z"), ZoneOffset.UTC);

    @Test
    void ttlClassesUseTheirSettings() {
        FrontierProperties p = new FrontierProperties();
        CachePolicy c = new CachePolicy(p, TEN_THIRTY);
        assertEquals(604800, c.maxAge(Ttl.LONG));
        assertEquals(0, c.maxAge(Ttl.SHORT));
        assertEquals(31536000, c.maxAge(Ttl.FOREVER));
        p.setShortCacheExpireSeconds(60);
        assertEquals(60, c.maxAge(Ttl.SHORT));
        assertEquals(60, c.errorMaxAge(), "errors: the shorter of 300 s and the short TTL");
        p.setShortCacheExpireSeconds(3600);
        assertEquals(300, c.errorMaxAge());
    }

    @Test
    void hourOfDayCapsAtTheNextOccurrence() {
        FrontierProperties p = new FrontierProperties();
        p.setLongCacheExpireHourOfDay(12);
        CachePolicy c = new CachePolicy(p, TEN_THIRTY);
        assertEquals(90 * 60, c.maxAge(Ttl.LONG), "10:30 -> 12:00");
        p.setLongCacheExpireHourOfDay(10);
        assertEquals(23 * 3600 + 30 * 60, c.maxAge(Ttl.LONG), "10:30 -> 10:00 tomorrow");
        p.setLongCacheExpireSeconds(600);
        assertEquals(600, c.maxAge(Ttl.LONG), "the TTL stays the upper bound");
        p.setShortCacheExpireHourOfDay(24);
        assertThrows(IllegalArgumentException.class, p::validate, "settings are checked once, at start-up");
    }

    @Test
    void staleIfErrorEchoesMaxStale() {
        FrontierProperties p = new FrontierProperties();
        CachePolicy c = new CachePolicy(p, TEN_THIRTY);
        assertEquals("max-age=5, stale-if-error=1", c.cacheControl(5, "max-stale=1"));
        assertEquals("max-age=5, stale-if-error=7", c.cacheControl(5, "max-stale=7,no-cache"));
        assertEquals("max-age=5", c.cacheControl(5, "no-cache"));
        assertEquals("max-age=5", c.cacheControl(5, null));
        p.setSendStaleIfError(false);
        assertEquals("max-age=5", c.cacheControl(5, "max-stale=1"));
    }
}
