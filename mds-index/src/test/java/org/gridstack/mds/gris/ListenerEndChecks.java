package org.gridstack.mds.gris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.ldap.ConnectionLimits;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.unboundid.asn1.ASN1StreamReader;
import com.unboundid.ldap.protocol.ExtendedResponseProtocolOp;
import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.protocol.SearchRequestProtocolOp;
import com.unboundid.ldap.sdk.DereferencePolicy;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * How a listener ends connections, over raw BER, for both listeners ({@link TestListenerEndEventLoop},
 * {@link TestListenerEndThreads}): every Notice of Disconnection it sends (bytes that are not LDAP,
 * a request over the size limit, a request not complete at the read timeout, the server stopping)
 * carries a result code RFC 4511 names for it ({@code protocolError}, {@code unavailable}), never one
 * of the SDK's client-side codes (81 serverDown, 82 localError, 84 decodingError), and is followed
 * by the end of the stream; an idle connection ends without a notice, as slapd's idletimeout.
 */
abstract class ListenerEndChecks {
    private static final String BASE = "Mds-Vo-name=local,o=Grid";
    /** What RFC 4511 (section 4.4.1) gives a Notice of Disconnection, and {@code other}. */
    private static final Set<Integer> NOTICE_CODES = Set.of(ResultCode.PROTOCOL_ERROR_INT_VALUE,
            ResultCode.UNAVAILABLE_INT_VALUE, ResultCode.OTHER_INT_VALUE);

    private final List<AutoCloseable> open = new ArrayList<>();

    /** True: the event-loop listener; false: the SDK's, a thread per connection. */
    abstract boolean eventLoop();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private GrisServer gris(ConnectionLimits limits) throws IOException {
        GrisConfig c = GrisConfig.builder().port(0).glue2Suffix(null).eventLoop(eventLoop()).connectionLimits(limits).build();
        GrisServer g = GrisServer.start(c, new ProviderCache(List.of(new SyntheticProvider(ProviderSettings.of("synthetic"),
                c.suffix(), 3, Clock.systemUTC())), CacheMode.AUTO, Clock.systemUTC()), null);
        open.add(g);
        return g;
    }

    private Socket connect(GrisServer g) throws IOException {
        Socket s = new Socket(java.net.InetAddress.getLoopbackAddress(), g.port());
        s.setSoTimeout(30_000);
        open.add(s);
        return s;
    }

    private static byte[] search(int id) throws Exception {
        return new LDAPMessage(id, new SearchRequestProtocolOp(BASE, SearchScope.SUB, DereferencePolicy.NEVER, 0, 0, false,
                Filter.create("(cn=entry-*)"), List.of("1.1"))).encode().encode();
    }

    /** Reads {@code id}'s answer up to its SearchResultDone; returns its result code. */
    private static int answer(ASN1StreamReader in, int id) throws Exception {
        while (true) {
            LDAPMessage m = LDAPMessage.readFrom(in, true);
            assertNotNull(m, "the server closed the connection before answering " + id);
            assertEquals(id, m.getMessageID());
            if (m.getProtocolOpType() == LDAPMessage.PROTOCOL_OP_TYPE_SEARCH_RESULT_DONE) {
                return m.getSearchResultDoneProtocolOp().getResultCode();
            }
        }
    }

    /** Reads the next message, which must be a Notice of Disconnection, and then the end of the stream; returns its code. */
    private static int noticeThenEnd(Socket s) throws Exception {
        ASN1StreamReader in = new ASN1StreamReader(s.getInputStream());
        LDAPMessage m = LDAPMessage.readFrom(in, true);
        assertNotNull(m, "the connection ended without a Notice of Disconnection");
        assertEquals(0, m.getMessageID(), "an unsolicited notification has message ID 0");
        ExtendedResponseProtocolOp notice = m.getExtendedResponseProtocolOp();
        assertEquals("1.3.6.1.4.1.1466.20036", notice.getResponseOID());
        int code = notice.getResultCode();
        assertTrue(NOTICE_CODES.contains(code), "result code " + code + " (" + ResultCode.valueOf(code)
                + ") is not one a server sends in a Notice of Disconnection");
        assertEndOfStream(in);
        return code;
    }

    private static void assertEndOfStream(ASN1StreamReader in) throws Exception {
        try {
            assertNull(LDAPMessage.readFrom(in, true), "nothing after the notice");
        } catch (com.unboundid.ldap.sdk.LDAPException e) {
            assertTrue(e.getCause() instanceof SocketException, "a reset at most, not " + e);
        }
    }

    @Test
    void bytesThatAreNotLdapEndTheConnectionWithProtocolError() throws Exception {
        GrisServer g = gris(ConnectionLimits.defaults());
        byte[][] garbage = {
            {0x30, 0x05, 0x02, 0x01, 0x05, 0x63, 0x00}, // a search request with nothing in it
            {0x30, 0x03, 0x02, 0x01, 0x05}, // a message ID without an operation
            {0x30, 0x06, 0x04, 0x01, 0x41, 0x04, 0x01, 0x42}, // no message ID at all
            {0x30, (byte) 0x85, 1, 2, 3, 4, 5, 6}, // a BER length of five bytes
            {0x30, (byte) 0x84, 0x10, 0, 0, 0}, // a request of 256 MiB
            new LDAPMessage(5, new com.unboundid.ldap.protocol.SearchResultDoneProtocolOp(0, null, null, null)).encode()
                    .encode(), // a response, not a request
        };
        for (byte[] bytes : garbage) {
            Socket s = connect(g);
            s.getOutputStream().write(bytes);
            assertEquals(ResultCode.PROTOCOL_ERROR_INT_VALUE, noticeThenEnd(s), java.util.Arrays.toString(bytes));
        }
    }

    @Test
    void aRequestNotCompleteAtTheReadTimeoutEndsWithProtocolError() throws Exception {
        GrisServer g = gris(new ConnectionLimits(Duration.ofMinutes(10), Duration.ofSeconds(1), 256, 0));
        Socket s = connect(g);
        byte[] request = search(1);
        s.getOutputStream().write(request, 0, request.length / 2);
        assertEquals(ResultCode.PROTOCOL_ERROR_INT_VALUE, noticeThenEnd(s));
    }

    @Test
    void anIdleConnectionEndsWithoutANotice() throws Exception {
        GrisServer g = gris(new ConnectionLimits(Duration.ofSeconds(1), Duration.ofSeconds(30), 256, 0));
        Socket s = connect(g);
        s.getOutputStream().write(search(1));
        ASN1StreamReader in = new ASN1StreamReader(s.getInputStream());
        assertEquals(ResultCode.SUCCESS_INT_VALUE, answer(in, 1));
        assertEndOfStream(in);
    }

    @Test
    void stoppingTheServerSendsUnavailableToEveryConnectionThenEndsIt() throws Exception {
        GrisServer g = gris(ConnectionLimits.defaults());
        List<Socket> clients = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Socket s = connect(g);
            s.getOutputStream().write(search(1));
            assertEquals(ResultCode.SUCCESS_INT_VALUE, answer(new ASN1StreamReader(s.getInputStream()), 1));
            clients.add(s);
        }
        g.close();
        for (Socket s : clients) {
            assertEquals(ResultCode.UNAVAILABLE_INT_VALUE, noticeThenEnd(s));
        }
    }
}
