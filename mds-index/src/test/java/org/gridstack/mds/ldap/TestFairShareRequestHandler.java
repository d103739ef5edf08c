package org.gridstack.mds.ldap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import com.unboundid.ldap.listener.CannedResponseRequestHandler;
import com.unboundid.ldap.listener.LDAPListener;
import com.unboundid.ldap.listener.LDAPListenerConfig;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * Fair sharing between connections: the share arithmetic, and over a real listener that a
 * connection running ahead of the others waits for its turn when the server is contended (and
 * never when it is not), while every answer still arrives. Counts only, no timing assertions.
 */
class TestFairShareRequestHandler {

    @Test
    void aConnectionIsAheadBeyondAQuarterOfItsShareAndTheLead() {
        assertFalse(FairShareRequestHandler.ahead(100, 100, 1, 0), "alone, nobody is ahead");
        // share 10 of 100 searches over 10 connections: ahead beyond 12.5 + lead
        assertFalse(FairShareRequestHandler.ahead(12, 100, 10, 0));
        assertTrue(FairShareRequestHandler.ahead(13, 100, 10, 0));
        assertFalse(FairShareRequestHandler.ahead(14, 100, 10, 2));
        assertTrue(FairShareRequestHandler.ahead(15, 100, 10, 2));
        // 3 searches over 2 connections: share 1.5, ahead beyond 1.875
        assertFalse(FairShareRequestHandler.ahead(1, 3, 2, 0));
        assertTrue(FairShareRequestHandler.ahead(2, 3, 2, 0));
    }

    @Test
    void settingsAreValidated() {
        assertThrows(IllegalArgumentException.class, () -> new FairShareRequestHandler.Settings(Duration.ZERO, 2, Duration.ofMillis(5), 2));
        assertThrows(IllegalArgumentException.class, () -> new FairShareRequestHandler.Settings(Duration.ofMillis(100), -1,
                Duration.ofMillis(5), 2));
        assertThrows(IllegalArgumentException.class, () -> new FairShareRequestHandler.Settings(Duration.ofMillis(100), 2,
                Duration.ofMillis(-1), 2));
        FairShareRequestHandler.Settings d = FairShareRequestHandler.Settings.defaults();
        assertEquals(Duration.ofMillis(250), d.period());
        assertEquals(Runtime.getRuntime().availableProcessors(), d.contention());
    }

    /** Runs {@code ahead} searches on one connection after one search on each of two, over a listener with {@code settings}. */
    private static long waitsAfterOneConnectionRunsAhead(FairShareRequestHandler.Settings settings, int ahead) throws Exception {
        FairShareRequestHandler.Shares shares = new FairShareRequestHandler.Shares(settings);
        LDAPListener listener = new LDAPListener(new LDAPListenerConfig(0,
                new FairShareRequestHandler(new CannedResponseRequestHandler(), shares)));
        listener.startListening();
        try (LDAPConnection fast = new LDAPConnection("127.0.0.1", listener.getListenPort());
             LDAPConnection slow = new LDAPConnection("127.0.0.1", listener.getListenPort())) {
            assertEquals(ResultCode.SUCCESS, slow.search("o=Grid", SearchScope.SUB, "(objectClass=*)").getResultCode());
            for (int i = 0; i < ahead; i++) {
                assertEquals(ResultCode.SUCCESS, fast.search("o=Grid", SearchScope.SUB, "(objectClass=*)").getResultCode(),
                        "search " + i + " is answered even when it had to wait");
            }
            assertEquals(ResultCode.SUCCESS, slow.search("o=Grid", SearchScope.SUB, "(objectClass=*)").getResultCode());
            return shares.waits();
        } finally {
            listener.shutDown(true);
        }
    }

    @Test
    void aConnectionAheadOfItsShareWaitsWhileTheServerIsContended() throws Exception {
        // one period for the whole test, no lead, every search counts as contended, a short bounded wait
        long waits = waitsAfterOneConnectionRunsAhead(new FairShareRequestHandler.Settings(Duration.ofHours(1), 0,
                Duration.ofMillis(20), 0), 6);
        assertTrue(waits >= 4, "the fast connection's searches beyond its share waited: " + waits);
    }

    @Test
    void nobodyWaitsWithoutContention() throws Exception {
        long waits = waitsAfterOneConnectionRunsAhead(new FairShareRequestHandler.Settings(Duration.ofHours(1), 0,
                Duration.ofMillis(20), 1_000), 6);
        assertEquals(0, waits, "fewer searches in progress than the contention threshold: nobody waits");
    }
}
