package org.gridstack.mds.gris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
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
import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.protocol.SearchRequestProtocolOp;
import com.unboundid.ldap.sdk.DereferencePolicy;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * Hostile connections over raw BER (what {@code ldapsearch} cannot send): a filter of 10,000
 * nested {@code (&...)} gets {@code protocolError} and the same connection goes on answering;
 * undecodable requests get a Notice of Disconnection with {@code protocolError}, not an API-only
 * code; a half-sent request and an idle connection are closed after their timeouts instead of
 * holding a thread for good; an address over its share of connections is refused.
 */
class TestGrisHostileConnections {
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private GrisServer gris(ConnectionLimits limits) throws Exception {
        GrisConfig c = GrisConfig.builder().port(0).glue2Suffix(null).connectionLimits(limits).build();
        GrisServer g = GrisServer.start(c, new ProviderCache(List.of(new SyntheticProvider(ProviderSettings.of("synthetic"),
                c.suffix(), 3, Clock.systemUTC())), CacheMode.AUTO, Clock.systemUTC()), null);
        open.add(g);
        return g;
    }

    private Socket connect(GrisServer g) throws IOException {
        Socket s = new Socket("127.0.0.1", g.port());
        s.setSoTimeout(30_000);
        open.add(s);
        return s;
    }

    /** BER length octets. */
    private static byte[] length(int n) {
        if (n < 0x80) {
            return new byte[] {(byte) n};
        }
        if (n < 0x100) {
            return new byte[] {(byte) 0x81, (byte) n};
        }
        if (n < 0x10000) {
            return new byte[] {(byte) 0x82, (byte) (n >> 8), (byte) n};
        }
        return new byte[] {(byte) 0x83, (byte) (n >> 16), (byte) (n >> 8), (byte) n};
    }

    private static void element(ByteArrayOutputStream out, int tag, byte[] content) {
        out.write(tag);
        out.writeBytes(length(content.length));
        out.writeBytes(content);
    }

    /** A search request with {@code depth} nested AND filters around (objectClass=x), built without recursion. */
    static byte[] nestedSearch(int messageId, int depth) {
        ByteArrayOutputStream leaf = new ByteArrayOutputStream();
        ByteArrayOutputStream ava = new ByteArrayOutputStream();
        element(ava, 0x04, "objectClass".getBytes(StandardCharsets.US_ASCII));
        element(ava, 0x04, "x".getBytes(StandardCharsets.US_ASCII));
        element(leaf, 0xa3, ava.toByteArray());
        int[] sizes = new int[depth + 1];
        sizes[0] = leaf.size();
        for (int i = 1; i <= depth; i++) {
            sizes[i] = 1 + length(sizes[i - 1]).length + sizes[i - 1];
        }
        ByteArrayOutputStream filter = new ByteArrayOutputStream(sizes[depth]);
        for (int i = depth; i >= 1; i--) {
            filter.write(0xa0);
            filter.writeBytes(length(sizes[i - 1]));
        }
        filter.writeBytes(leaf.toByteArray());

        ByteArrayOutputStream op = new ByteArrayOutputStream();
        element(op, 0x04, "Mds-Vo-name=local,o=Grid".getBytes(StandardCharsets.US_ASCII));
        element(op, 0x0a, new byte[] {2});
        element(op, 0x0a, new byte[] {0});
        element(op, 0x02, new byte[] {0});
        element(op, 0x02, new byte[] {0});
        element(op, 0x01, new byte[] {0});
        op.writeBytes(filter.toByteArray());
        element(op, 0x30, new byte[0]);
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        element(message, 0x02, new byte[] {(byte) messageId});
        element(message, 0x63, op.toByteArray());
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        element(whole, 0x30, message.toByteArray());
        return whole.toByteArray();
    }

    private static byte[] plainSearch(int messageId) throws Exception {
        return new LDAPMessage(messageId, new SearchRequestProtocolOp("Mds-Vo-name=local,o=Grid", SearchScope.SUB,
                DereferencePolicy.NEVER, 0, 0, false, Filter.create("(cn=entry-*)"), List.of())).encode().encode();
    }

    /** Reads responses up to the SearchResultDone; returns {entries, result code}. */
    private static int[] readAnswer(ASN1StreamReader reader, int messageId) throws Exception {
        int entries = 0;
        while (true) {
            LDAPMessage m = LDAPMessage.readFrom(reader, true);
            assertEquals(messageId, m.getMessageID());
            if (m.getProtocolOpType() == LDAPMessage.PROTOCOL_OP_TYPE_SEARCH_RESULT_ENTRY) {
                entries++;
            } else {
                assertEquals(LDAPMessage.PROTOCOL_OP_TYPE_SEARCH_RESULT_DONE, m.getProtocolOpType());
                return new int[] {entries, m.getSearchResultDoneProtocolOp().getResultCode()};
            }
        }
    }

    @Test
    void aFilterOfTenThousandNestedAndsGetsProtocolErrorAndTheConnectionGoesOn() throws Exception {
        GrisServer g = gris(ConnectionLimits.defaults());
        for (int round = 0; round < 3; round++) {
            Socket s = connect(g);
            ASN1StreamReader reader = new ASN1StreamReader(s.getInputStream());
            s.getOutputStream().write(nestedSearch(7, 10_000));
            int[] refused = readAnswer(reader, 7);
            assertEquals(0, refused[0]);
            assertEquals(ResultCode.PROTOCOL_ERROR_INT_VALUE, refused[1]);

            s.getOutputStream().write(plainSearch(8));
            int[] answered = readAnswer(reader, 8);
            assertEquals(3, answered[0], "the same connection still answers");
            assertEquals(ResultCode.SUCCESS_INT_VALUE, answered[1]);
        }
        Socket fine = connect(g);
        fine.getOutputStream().write(nestedSearch(9, 1000)); // as deep as slapd still evaluates
        int[] deep = readAnswer(new ASN1StreamReader(fine.getInputStream()), 9);
        assertEquals(ResultCode.SUCCESS_INT_VALUE, deep[1]);
    }

    @Test
    void aNoticeOfDisconnectionCarriesNoApiOnlyResultCode() throws Exception {
        GrisServer g = gris(ConnectionLimits.defaults());
        byte[][] garbage = {
            {0x30, 0x05, 0x02, 0x01, 0x05, 0x63, 0x00}, // a search request with nothing in it
            {0x30, 0x03, 0x02, 0x01, 0x05}, // a message ID without an operation
            {0x30, 0x06, 0x04, 0x01, 0x41, 0x04, 0x01, 0x42}, // no message ID at all
        };
        for (byte[] bytes : garbage) {
            Socket s = connect(g);
            s.getOutputStream().write(bytes);
            LDAPMessage notice = LDAPMessage.readFrom(new ASN1StreamReader(s.getInputStream()), true);
            assertEquals(0, notice.getMessageID(), "an unsolicited notification");
            int code = notice.getExtendedResponseProtocolOp().getResultCode();
            assertTrue(code != 81 && code != 82 && code != 84, "API-only result code " + code + " on the wire");
            assertEquals(ResultCode.PROTOCOL_ERROR_INT_VALUE, code);
            assertClosedByServer(s);
        }
    }

    @Test
    void aHalfSentRequestIsClosedAfterTheReadTimeout() throws Exception {
        GrisServer g = gris(new ConnectionLimits(Duration.ofMinutes(10), Duration.ofSeconds(1), 256, 0));
        Socket s = connect(g);
        byte[] request = plainSearch(1);
        s.getOutputStream().write(request, 0, request.length / 2);
        assertClosedByServer(s);
    }

    @Test
    void anIdleConnectionIsClosedAfterTheIdleTimeout() throws Exception {
        GrisServer g = gris(new ConnectionLimits(Duration.ofSeconds(1), Duration.ofSeconds(30), 256, 0));
        Socket s = connect(g);
        s.getOutputStream().write(plainSearch(1));
        ASN1StreamReader reader = new ASN1StreamReader(s.getInputStream());
        assertEquals(ResultCode.SUCCESS_INT_VALUE, readAnswer(reader, 1)[1]);
        assertClosedByServer(s); // then nothing more is sent
    }

    @Test
    void oneAddressHoldsAtMostItsShareOfConnections() throws Exception {
        GrisServer g = gris(new ConnectionLimits(Duration.ofMinutes(10), Duration.ofSeconds(30), 256, 2));
        List<Socket> held = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            Socket s = connect(g);
            s.getOutputStream().write(plainSearch(i));
            assertEquals(ResultCode.SUCCESS_INT_VALUE, readAnswer(new ASN1StreamReader(s.getInputStream()), i)[1]);
            held.add(s);
        }
        Socket third = connect(g);
        try {
            third.getOutputStream().write(plainSearch(3));
        } catch (IOException e) {
            // reset: the server closed it already
        }
        assertClosedByServer(third);

        held.get(0).close(); // gives its share back once the server sees the close
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> {
            try (Socket s = new Socket("127.0.0.1", g.port())) {
                s.setSoTimeout(10_000);
                s.getOutputStream().write(plainSearch(4));
                return readAnswer(new ASN1StreamReader(s.getInputStream()), 4)[1] == ResultCode.SUCCESS_INT_VALUE;
            } catch (IOException | com.unboundid.ldap.sdk.LDAPException e) {
                return false;
            }
        });
    }

    private static void assertClosedByServer(Socket s) {
        try {
            InputStream in = s.getInputStream();
            int b = in.read();
            while (b >= 0 && b != -1) {
                b = in.read(); // a Notice of Disconnection may come first
            }
        } catch (java.net.SocketTimeoutException e) {
            throw new AssertionError("the server kept the connection open", e);
        } catch (IOException e) {
            assertTrue(e.getMessage() == null || !e.getMessage().isEmpty()); // reset: closed too
        }
    }
}
