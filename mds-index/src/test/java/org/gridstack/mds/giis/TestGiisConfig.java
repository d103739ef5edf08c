package org.gridstack.mds.giis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import org.gridstack.mds.ldap.ConnectionLimits;
import org.gridstack.mds.ldap.FairShareRequestHandler;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.DN;

/** A GIIS's settings: the documented defaults, and each setting out of range refused by name with its value. */
class TestGiisConfig {
    @Test
    void defaultsAreTheDocumentedOnes() throws Exception {
        GiisConfig c = GiisConfig.builder().build();
        assertEquals(2136, c.listener().port());
        assertNull(c.listener().listenAddress());
        assertEquals(new DN("Mds-Vo-name=site,o=Grid"), c.suffix());
        assertEquals(new DN("o=glue"), c.glue2Suffix());
        assertEquals(GiisMode.CACHED, c.mode());
        assertEquals(List.of(AllowedHostsPolicy.LOCAL), c.allowedRegistrants());
        assertEquals(Duration.ofSeconds(1), c.sweepInterval());
        assertEquals(List.of(), c.aggregate());
        assertEquals(Duration.ofSeconds(60), c.aggregateCachetime());
        assertEquals(Duration.ofSeconds(20), c.aggregateTimeout());
        assertEquals(16, c.listener().maxConcurrentRequests());
        assertEquals(10_000, c.listener().requestQueueTimeoutMillis());
        assertEquals(2000, c.listener().maxConnections());
        assertFalse(c.listener().accessLog());
        assertEquals(FairShareRequestHandler.Settings.defaults(), c.listener().fairShare());
        assertEquals(ConnectionLimits.defaults(), c.listener().connectionLimits());
        assertNotNull(c.listener().eventLoop(), "the event-loop listener by default");
        assertEquals(50_000, c.sizeLimit());
        assertEquals(75, c.timeLimitSeconds());
        assertEquals(Duration.ofSeconds(30), c.writeTimeout());
        assertEquals(5000, c.maxRegistrations());
        assertEquals(1000, c.maxRegistrationsPerAddress());
        assertEquals(100_000, c.maxEntriesPerSource());
        assertEquals(Duration.ofSeconds(30), c.maxRegistrantTimeout());
        assertEquals(Duration.ofSeconds(5), c.searchWait());
    }

    @Test
    void eachSettingOutOfRangeIsRefusedByName() {
        refused(() -> GiisConfig.builder().maxRegistrantTimeout(Duration.ZERO).build(), "maxRegistrantTimeout must be positive, got PT0S");
        refused(() -> GiisConfig.builder().searchWait(Duration.ofSeconds(-1)).build(),
                "searchWait must not be negative (0: never wait, answer from the data at hand), got PT-1S");
        refused(() -> GiisConfig.builder().maxRegistrations(0).build(), "maxRegistrations 0 must be at least 1");
        refused(() -> GiisConfig.builder().maxRegistrationsPerAddress(0).build(), "maxRegistrationsPerAddress 0 must be at least 1");
        refused(() -> GiisConfig.builder().maxEntriesPerSource(0).build(), "maxEntriesPerSource 0 must be at least 1");
        refused(() -> GiisConfig.builder().writeTimeout(Duration.ZERO).build(), "writeTimeout must be positive, got PT0S");
        refused(() -> GiisConfig.builder().suffix("not a dn").build(), "suffix 'not a dn' is not a DN");
        refused(() -> GiisConfig.builder().suffix("").build(), "the GIIS suffix must not be the empty DN");
        refused(() -> GiisConfig.builder().sweepInterval(Duration.ZERO).build(), "sweepInterval must be positive, got PT0S");
        refused(() -> GiisConfig.builder().aggregateTimeout(Duration.ZERO).build(), "aggregateTimeout must be positive, got PT0S");
        refused(() -> GiisConfig.builder().aggregateCachetime(Duration.ofSeconds(-1)).build(),
                "aggregateCachetime must not be negative, got PT-1S");
        refused(() -> GiisConfig.builder().aggregateTimeout(Duration.ofSeconds(31)).build(),
                "aggregateTimeout 31 s is over the cap of 30 s (maxRegistrantTimeout)");
        refused(() -> GiisConfig.builder().sizeLimit(-1).build(), "sizeLimit -1 must not be negative (0: none)");
        refused(() -> GiisConfig.builder().timeLimitSeconds(-1).build(), "timeLimitSeconds -1 must not be negative (0: none)");
        refused(() -> GiisConfig.builder().allowedRegistrants(List.of()).build(),
                "allowedRegistrants is empty: list hosts, local for this host's senders, or * for anyone");
        refused(() -> GiisConfig.builder().aggregate("ldap://127.0.0.1:2170/").build(), "aggregate URL 'ldap://127.0.0.1:2170/' needs a host and a base DN");
        refused(() -> GiisConfig.builder().aggregate("http://bdii/o=grid").build(), "aggregate URL 'http://bdii/o=grid' is not an LDAP URL");
        refused(() -> GiisConfig.builder().glue2Suffix("not a dn").build(), "glue2Suffix 'not a dn' is not a DN");
        refused(() -> GiisConfig.builder().glue2Suffix("o=Grid").build(), "glue2Suffix 'o=Grid' must be a DN beside the suffix");
        // the listener's own settings are checked once, by ListenerSettings
        refused(() -> GiisConfig.builder().port(-1).build(), "port -1 is not between 0 (any free port) and 65535");
        refused(() -> GiisConfig.builder().maxConnections(0).build(), "maxConnections 0 must be at least 1");
    }

    @Test
    void wellFormedChoicesAreAccepted() {
        GiisConfig c = GiisConfig.builder().glue2Suffix(null).aggregate("ldap://127.0.0.1:2170/mds-vo-name=resource,o=grid")
                .searchWait(Duration.ZERO).aggregateCachetime(Duration.ZERO).fairShare(null).eventLoop(false).build();
        assertNull(c.glue2Suffix());
        assertEquals(1, c.aggregate().size());
        assertNull(c.listener().fairShare());
        assertNull(c.listener().eventLoop());
        assertTrue(c.searchWait().isZero());
    }

    private static void refused(Supplier<GiisConfig> build, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build::get, message);
        assertTrue(e.getMessage().startsWith(message), "expected '" + message + "', got '" + e.getMessage() + "'");
    }
}
