package org.gridstack.mds.gris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.protocol.SearchRequestProtocolOp;
import com.unboundid.ldap.sdk.DereferencePolicy;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * Many clients and bad clients: (1) 1,000 simultaneous connections each sending a search for
 * 2,000 entries, half closed at once (clients that vanish mid-search), the rest reading a few
 * bytes: while they are all still connected, a normal search gets its complete answer. (2)
 * Clients that send a search for a 3 MB answer and never read (small receive buffers, so the
 * server's writes block): they would hold every slot of the concurrency limit forever; the write
 * timeout disconnects them and a normal search is answered.
 */
class TestGrisManyConnections {

    @Test
    void aThousandConnectionsAndVanishingClientsDoNotWedgeTheServer() throws Exception {
        try (GrisServer gris = syntheticGris(8, 2000)) {
            byte[] search = searchEverything();
            List<Socket> sockets = new ArrayList<>();
            try {
                for (int i = 0; i < 1000; i++) {
                    Socket s = new Socket("127.0.0.1", gris.port());
                    sockets.add(s);
                    OutputStream out = s.getOutputStream();
                    out.write(search);
                    out.flush();
                }
                for (int i = 0; i < sockets.size(); i++) {
                    Socket s = sockets.get(i);
                    if (i % 2 == 0) {
                        s.setSoLinger(true, 0); // reset: gone mid-search
                        s.close();
                    } else {
                        InputStream in = s.getInputStream();
                        assertTrue(in.read(new byte[64]) > 0, "connection " + i + " got the start of its answer");
                    }
                }
                // the other half is still connected
                try (LDAPConnection c = new LDAPConnection("127.0.0.1", gris.port())) {
                    SearchResult r = c.search("Mds-Vo-name=local,o=Grid", SearchScope.SUB, "(cn=entry-*)", "1.1");
                    assertEquals(2000, r.getEntryCount());
                }
            } finally {
                for (Socket s : sockets) {
                    s.close();
                }
            }
        }
    }

    @Test
    void clientsThatNeverReadAreDisconnectedAtTheWriteTimeout() throws Exception {
        clientsThatNeverReadAreDisconnected(true);
    }

    /** The SDK's listener, whose sockets block when writing: its write-timeout guard frees the requests. */
    @Test
    void clientsThatNeverReadAreDisconnectedAtTheWriteTimeoutWithListenerThreads() throws Exception {
        clientsThatNeverReadAreDisconnected(false);
    }

    private static void clientsThatNeverReadAreDisconnected(boolean eventLoop) throws Exception {
        try (GrisServer gris = syntheticGris(4, 30_000, eventLoop)) {
            byte[] search = searchEverything();
            List<Socket> sockets = new ArrayList<>();
            try {
                for (int i = 0; i < 8; i++) {
                    Socket s = new Socket();
                    s.setReceiveBufferSize(4096);
                    s.connect(new java.net.InetSocketAddress("127.0.0.1", gris.port()));
                    sockets.add(s);
                    s.getOutputStream().write(search);
                    s.getOutputStream().flush();
                }
                try (LDAPConnection c = new LDAPConnection("127.0.0.1", gris.port())) {
                    SearchResult r = c.search("Mds-Vo-name=local,o=Grid", SearchScope.ONE, "(cn=entry-1)", "date");
                    assertEquals(1, r.getEntryCount());
                }
            } finally {
                for (Socket s : sockets) {
                    s.close();
                }
            }
        }
    }

    /** A GRIS of {@code entries} synthetic entries, at most {@code maxConcurrent} searches at once, a 500 ms write timeout. */
    private static GrisServer syntheticGris(int maxConcurrent, int entries) throws java.io.IOException {
        return syntheticGris(maxConcurrent, entries, true);
    }

    private static GrisServer syntheticGris(int maxConcurrent, int entries, boolean eventLoop) throws java.io.IOException {
        GrisConfig config = GrisConfig.builder().port(0).glue2Suffix(null).maxConcurrentRequests(maxConcurrent)
                .requestQueueTimeoutMillis(120_000).writeTimeout(java.time.Duration.ofMillis(500)).eventLoop(eventLoop).build();
        return GrisServer.start(config, new ProviderCache(List.of(new SyntheticProvider(ProviderSettings.of("synthetic"),
                config.suffix(), entries, Clock.systemUTC())), CacheMode.AUTO, Clock.systemUTC()), null);
    }

    /** The encoded LDAP message of a subtree search for every entry of the GLUE 1.3 suffix. */
    private static byte[] searchEverything() {
        return new LDAPMessage(1, new SearchRequestProtocolOp("Mds-Vo-name=local,o=Grid", SearchScope.SUB,
                DereferencePolicy.NEVER, 0, 0, false, Filter.createPresenceFilter("objectClass"), List.of())).encode().encode();
    }
}
