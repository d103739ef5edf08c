package org.gridstack.mds.gris;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.ldap.ConnectionLimits;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.unboundid.asn1.ASN1StreamReader;
import com.unboundid.ldap.protocol.AbandonRequestProtocolOp;
import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.protocol.SearchRequestProtocolOp;
import com.unboundid.ldap.protocol.UnbindRequestProtocolOp;
import com.unboundid.ldap.sdk.DereferencePolicy;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The event-loop listener over real connections (raw BER where the SDK's client would not send
 * it): many idle connections do not hold threads, a client that never reads its answers does not
 * stall other clients and is disconnected, a request trickled in byte by byte is closed at the
 * read timeout while other clients are served, and abandon and unbind work, also while the
 * request they name is running.
 */
class TestGrisEventLoop {
    private static final String BASE = "Mds-Vo-name=local,o=Grid";
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private GrisServer gris(int entries, int maxConcurrent, Duration writeTimeout, ConnectionLimits limits) throws IOException {
        GrisConfig c = GrisConfig.builder().port(0).glue2Suffix(null).maxConcurrentRequests(maxConcurrent)
                .requestQueueTimeoutMillis(120_000).writeTimeout(writeTimeout).connectionLimits(limits).build();
        GrisServer g = GrisServer.start(c, new ProviderCache(List.of(new SyntheticProvider(ProviderSettings.of("synthetic"),
                c.suffix(), entries, Clock.systemUTC())), CacheMode.AUTO, Clock.systemUTC()), null);
        open.add(g);
        return g;
    }

    private Socket connect(GrisServer g) throws IOException {
        Socket s = new Socket(java.net.InetAddress.getLoopbackAddress(), g.port());
        s.setSoTimeout(60_000);
        open.add(s);
        return s;
    }

    private static byte[] search(int id, String filter) throws Exception {
        return new LDAPMessage(id, new SearchRequestProtocolOp(BASE, SearchScope.SUB, DereferencePolicy.NEVER, 0, 0, false,
                Filter.create(filter), List.of("1.1"))).encode().encode();
    }

    /** Reads messages until the SearchResultDone of {@code id}; returns it. */
    private static LDAPMessage readDone(ASN1StreamReader in, int id) throws Exception {
        while (true) {
            LDAPMessage m = LDAPMessage.readFrom(in, true);
            if (m == null) {
                throw new IOException("the server closed the connection before answering " + id);
            }
            if (m.getProtocolOpType() == LDAPMessage.PROTOCOL_OP_TYPE_SEARCH_RESULT_DONE) {
                assertEquals(id, m.getMessageID());
                return m;
            }
        }
    }

    /** True when the server has closed {@code s}: reading what is left ends in end-of-stream or a reset. */
    private static boolean closedByServer(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        byte[] buffer = new byte[64 * 1024];
        try {
            while (in.read(buffer) >= 0) {
                // what was sent before the close
            }
            return true;
        } catch (SocketException e) {
            return true; // reset
        }
    }

    @Test
    void fiveHundredIdleConnectionsDoNotHoldThreads() throws Exception {
        GrisServer g = gris(3, 16, Duration.ofSeconds(30), ConnectionLimits.defaults());
        try (LDAPConnection warm = new LDAPConnection("127.0.0.1", g.port())) {
            assertEquals(3, warm.search(BASE, SearchScope.ONE, "(objectClass=*)").getEntryCount());
        }
        int before = ManagementFactory.getThreadMXBean().getThreadCount();
        List<Socket> idle = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            Socket s = connect(g);
            // one search each: the connection is accepted and served, then stays open and idle
            s.getOutputStream().write(search(1, "(objectClass=*)"));
            readDone(new ASN1StreamReader(s.getInputStream()), 1);
            idle.add(s);
        }
        int after = ManagementFactory.getThreadMXBean().getThreadCount();
        assertTrue(after - before < 50, "500 idle connections added " + (after - before) + " threads");
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", g.port())) {
            assertEquals(3, c.search(BASE, SearchScope.ONE, "(objectClass=*)").getEntryCount());
        }
        for (Socket s : idle) {
            s.getOutputStream().write(search(2, "(cn=entry-1)"));
            assertEquals(ResultCode.SUCCESS_INT_VALUE, readDone(new ASN1StreamReader(s.getInputStream()), 2)
                    .getSearchResultDoneProtocolOp().getResultCode());
        }
    }

    @Test
    void aClientThatNeverReadsDoesNotStallOthersAndIsDisconnected() throws Exception {
        GrisServer g = gris(20_000, 2, Duration.ofSeconds(2), ConnectionLimits.defaults());
        Socket stalled = new Socket();
        open.add(stalled);
        stalled.setReceiveBufferSize(4096);
        stalled.connect(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), g.port()));
        stalled.setSoTimeout(60_000);
        OutputStream out = stalled.getOutputStream();
        byte[] everything = new LDAPMessage(1, new SearchRequestProtocolOp(BASE, SearchScope.SUB, DereferencePolicy.NEVER,
                0, 0, false, Filter.createPresenceFilter("objectClass"), List.of())).encode().encode();
        for (int i = 0; i < 20; i++) {
            out.write(everything); // 20 answers of some MB each, none read
        }
        out.flush();
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", g.port())) {
            for (int i = 0; i < 20; i++) {
                SearchResult r = c.search(BASE, SearchScope.ONE, "(cn=entry-" + i + ")", "1.1");
                assertEquals(1, r.getEntryCount());
            }
        }
        // it is closed: once the server has closed it, a write gets a reset (reading would let the answers flow)
        byte[] abandon = new LDAPMessage(99, new AbandonRequestProtocolOp(1)).encode().encode();
        await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(100)).until(() -> writeFails(out, abandon));
    }

    @Test
    void aRequestTrickledInByteByByteIsClosedAtTheReadTimeoutWhileOthersAreServed() throws Exception {
        GrisServer g = gris(3, 4, Duration.ofSeconds(30), new ConnectionLimits(Duration.ofMinutes(10), Duration.ofSeconds(1),
                ConnectionLimits.DEFAULT_MAX_NESTING, 1000));
        Socket slow = connect(g);
        byte[] request = search(1, "(objectClass=*)");
        OutputStream out = slow.getOutputStream();
        boolean closed = false;
        try (LDAPConnection c = new LDAPConnection("127.0.0.1", g.port())) {
            for (int i = 0; i < request.length - 1 && !closed; i++) {
                try {
                    out.write(request[i]);
                    out.flush();
                } catch (SocketException e) {
                    closed = true; // the server closed it and reset the write
                }
                assertEquals(3, c.search(BASE, SearchScope.ONE, "(objectClass=*)").getEntryCount());
                Thread.sleep(200);
            }
        }
        assertTrue(closed || closedByServer(slow), "the trickled request's connection was closed");
    }

    private static boolean writeFails(OutputStream out, byte[] message) {
        try {
            out.write(message);
            out.flush();
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    @Test
    void abandonIsAcceptedAndUnbindClosesTheConnection() throws Exception {
        GrisServer g = gris(3, 4, Duration.ofSeconds(30), ConnectionLimits.defaults());
        Socket s = connect(g);
        OutputStream out = s.getOutputStream();
        ASN1StreamReader in = new ASN1StreamReader(s.getInputStream());
        out.write(new LDAPMessage(3, new AbandonRequestProtocolOp(1)).encode().encode());
        out.write(search(4, "(cn=entry-1)"));
        out.flush();
        LDAPMessage done = readDone(in, 4); // nothing was sent for the abandon; the search is answered
        assertEquals(ResultCode.SUCCESS_INT_VALUE, done.getSearchResultDoneProtocolOp().getResultCode());
        out.write(new LDAPMessage(5, new UnbindRequestProtocolOp()).encode().encode());
        out.flush();
        assertEquals(null, LDAPMessage.readFrom(in, true), "the server closed the connection after the unbind");
    }

    @Test
    void anAbandonReachesARunningSearchWhichThenSendsNothingMore() throws Exception {
        GrisServer g = gris(40_000, 2, Duration.ofMinutes(5), ConnectionLimits.defaults());
        Socket s = new Socket();
        open.add(s);
        s.setReceiveBufferSize(4096); // the answer cannot all be in buffers: the search runs while the abandon comes
        s.connect(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), g.port()));
        s.setSoTimeout(60_000);
        OutputStream out = s.getOutputStream();
        ASN1StreamReader in = new ASN1StreamReader(s.getInputStream());
        out.write(new LDAPMessage(1, new SearchRequestProtocolOp(BASE, SearchScope.SUB, DereferencePolicy.NEVER, 0, 0,
                false, Filter.createPresenceFilter("objectClass"), List.of())).encode().encode());
        out.flush();
        LDAPMessage first = LDAPMessage.readFrom(in, true); // the search is running: its first entry is here
        assertEquals(1, first.getMessageID());
        assertEquals(LDAPMessage.PROTOCOL_OP_TYPE_SEARCH_RESULT_ENTRY, first.getProtocolOpType());
        out.write(new LDAPMessage(2, new AbandonRequestProtocolOp(1)).encode().encode());
        out.write(search(3, "(cn=entry-7)"));
        out.flush();
        int entriesOfTheAbandoned = 1;
        while (true) {
            LDAPMessage m = LDAPMessage.readFrom(in, true);
            if (m.getMessageID() == 1) {
                assertEquals(LDAPMessage.PROTOCOL_OP_TYPE_SEARCH_RESULT_ENTRY, m.getProtocolOpType(),
                        "the abandoned search got a response: " + m);
                entriesOfTheAbandoned++;
                continue;
            }
            assertEquals(3, m.getMessageID());
            if (m.getProtocolOpType() == LDAPMessage.PROTOCOL_OP_TYPE_SEARCH_RESULT_DONE) {
                assertEquals(ResultCode.SUCCESS_INT_VALUE, m.getSearchResultDoneProtocolOp().getResultCode());
                break;
            }
        }
        assertTrue(entriesOfTheAbandoned < 40_000, "the abandoned search sent all its entries");
        // and the connection goes on
        out.write(search(4, "(cn=entry-8)"));
        out.flush();
        assertEquals(ResultCode.SUCCESS_INT_VALUE, readDone(in, 4).getSearchResultDoneProtocolOp().getResultCode());
    }

    @Test
    void anUnbindWhileASearchRunsEndsTheConnection() throws Exception {
        GrisServer g = gris(40_000, 2, Duration.ofMinutes(5), ConnectionLimits.defaults());
        Socket s = new Socket();
        open.add(s);
        s.setReceiveBufferSize(4096);
        s.connect(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), g.port()));
        s.setSoTimeout(60_000);
        OutputStream out = s.getOutputStream();
        ASN1StreamReader in = new ASN1StreamReader(s.getInputStream());
        out.write(new LDAPMessage(1, new SearchRequestProtocolOp(BASE, SearchScope.SUB, DereferencePolicy.NEVER, 0, 0,
                false, Filter.createPresenceFilter("objectClass"), List.of())).encode().encode());
        out.flush();
        assertEquals(1, LDAPMessage.readFrom(in, true).getMessageID());
        out.write(new LDAPMessage(2, new UnbindRequestProtocolOp()).encode().encode());
        out.flush();
        int entries = 1;
        try {
            LDAPMessage m;
            while ((m = LDAPMessage.readFrom(in, true)) != null) {
                assertEquals(LDAPMessage.PROTOCOL_OP_TYPE_SEARCH_RESULT_ENTRY, m.getProtocolOpType(), "after the unbind: " + m);
                entries++;
            }
        } catch (com.unboundid.ldap.sdk.LDAPException e) {
            // a reset, or a message cut off by the close
        }
        assertTrue(entries < 40_000, "the search went on to its end after the unbind");
    }
}
