package org.gridstack.mds.gris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.ldap.ConnectionLimits;
import org.gridstack.mds.ldap.FairShareRequestHandler;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.DN;

/** A GRIS's settings: the documented defaults, and each setting out of range refused by name with its value. */
class TestGrisConfig {
    @Test
    void defaultsAreTheDocumentedOnes() throws Exception {
        GrisConfig c = GrisConfig.builder().build();
        assertEquals(2135, c.port());
        assertNull(c.listenAddress());
        assertEquals(new DN("Mds-Vo-name=local,o=Grid"), c.suffix());
        assertEquals(new DN("o=glue"), c.glue2Suffix());
        assertEquals(List.of(c.suffix(), c.glue2Suffix()), c.suffixes());
        assertEquals(CacheMode.AUTO, c.cacheMode());
        assertEquals(16, c.maxConcurrentRequests());
        assertEquals(10_000, c.requestQueueTimeoutMillis());
        assertEquals(2000, c.maxConnections());
        assertEquals(50_000, c.sizeLimit());
        assertEquals(75, c.timeLimitSeconds());
        assertEquals(Duration.ofSeconds(30), c.writeTimeout());
        assertFalse(c.accessLog());
        assertEquals(ConnectionLimits.defaults(), c.listenerSettings().connectionLimits());
        assertEquals(FairShareRequestHandler.Settings.defaults(), c.listenerSettings().fairShare());
        assertNotNull(c.listenerSettings().eventLoop(), "the event-loop listener by default");
        assertEquals(Duration.ofSeconds(30), c.listenerSettings().writeTimeout());
    }

    @Test
    void eachSettingOutOfRangeIsRefusedByName() {
        refused(() -> GrisConfig.builder().writeTimeout(Duration.ZERO).build(), "writeTimeout must be positive, got PT0S");
        refused(() -> GrisConfig.builder().sizeLimit(-1).build(), "sizeLimit -1 must not be negative (0: none)");
        refused(() -> GrisConfig.builder().timeLimitSeconds(-2).build(), "timeLimitSeconds -2 must not be negative (0: none)");
        refused(() -> GrisConfig.builder().suffix("not a dn").build(), "suffix 'not a dn' is not a DN");
        refused(() -> GrisConfig.builder().suffix("").build(), "a suffix must not be the empty DN");
        refused(() -> GrisConfig.builder().suffix("o=glue").build(), "the suffixes o=glue and o=glue must not overlap");
        refused(() -> GrisConfig.builder().glue2Suffix("o=grid,mds-vo-name=local").suffix("mds-vo-name=local").build(),
                "the suffixes mds-vo-name=local and o=grid,mds-vo-name=local must not overlap");
        // the listener's own settings are checked once, by ListenerSettings
        refused(() -> GrisConfig.builder().port(65_536).build(), "port 65536 is not between 0 (any free port) and 65535");
        refused(() -> GrisConfig.builder().maxConnections(0).build(), "maxConnections 0 must be at least 1");
        refused(() -> GrisConfig.builder().maxConcurrentRequests(0).build(), "maxConcurrentRequests 0 must be at least 1");
        refused(() -> GrisConfig.builder().requestQueueTimeoutMillis(-1).build(), "requestQueueTimeoutMillis -1 is negative");
    }

    @Test
    void noGlue2SuffixAndTheThreadListenerAreChoices() {
        GrisConfig c = GrisConfig.builder().glue2Suffix("").eventLoop(false).sizeLimit(0).timeLimitSeconds(0).build();
        assertNull(c.glue2Suffix());
        assertEquals(List.of(c.suffix()), c.suffixes());
        assertNull(c.listenerSettings().eventLoop());
        assertTrue(c.sizeLimit() == 0 && c.timeLimitSeconds() == 0, "0: no limit");
    }

    private static void refused(Supplier<GrisConfig> build, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build::get, message);
        assertTrue(e.getMessage().startsWith(message), "expected '" + message + "', got '" + e.getMessage() + "'");
    }
}
