package org.gridstack.mds.ldap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.unboundid.asn1.ASN1Buffer;
import com.unboundid.ldap.protocol.BindResponseProtocolOp;
import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.protocol.SearchResultDoneProtocolOp;
import com.unboundid.ldap.protocol.SearchResultEntryProtocolOp;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The coalescing output on the SDK's own encoded messages: entries are held until the message
 * that ends the answer, the whole answer leaves in one write with its bytes unchanged, a full
 * buffer is written early, anything that is not one whole entry message passes at once; and a
 * real GRIS behind {@link ListenerSocketFactory} answers 2,000 entries (more than a buffer) to
 * the SDK's client correctly.
 */
class TestSearchEntryCoalescingOutputStream {

    /** Records every write call it gets. */
    private static final class RecordingStream extends OutputStream {
        final List<byte[]> writes = new ArrayList<>();
        final ByteArrayOutputStream all = new ByteArrayOutputStream();

        @Override
        public void write(int b) {
            writes.add(new byte[] {(byte) b});
            all.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            writes.add(java.util.Arrays.copyOfRange(b, off, off + len));
            all.write(b, off, len);
        }
    }

    private static byte[] encode(LDAPMessage m) throws Exception {
        ASN1Buffer buffer = new ASN1Buffer();
        m.writeTo(buffer);
        return buffer.toByteArray();
    }

    private static byte[] entry(int messageId, int i, int padding) throws Exception {
        Entry e = new Entry("cn=entry-" + i + ",Mds-Vo-name=local,o=Grid");
        e.addAttribute("cn", "entry-" + i);
        e.addAttribute("description", "x".repeat(padding));
        return encode(new LDAPMessage(messageId, new SearchResultEntryProtocolOp(e)));
    }

    private static byte[] done(int messageId) throws Exception {
        return encode(new LDAPMessage(messageId, new SearchResultDoneProtocolOp(0, null, null, null)));
    }

    @Test
    void anAnswersEntriesLeaveTogetherWithItsDoneMessageUnchanged() throws Exception {
        RecordingStream sink = new RecordingStream();
        SearchEntryCoalescingOutputStream out = new SearchEntryCoalescingOutputStream(sink);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (int i = 0; i < 100; i++) {
            byte[] m = entry(7, i, 10);
            assertTrue(SearchEntryCoalescingOutputStream.isSearchResultEntry(m, 0, m.length));
            out.write(m, 0, m.length);
            expected.write(m);
        }
        assertEquals(0, sink.writes.size(), "entries are held");
        byte[] d = done(7);
        assertFalse(SearchEntryCoalescingOutputStream.isSearchResultEntry(d, 0, d.length));
        out.write(d, 0, d.length);
        expected.write(d);
        assertEquals(1, sink.writes.size(), "the answer leaves in one write");
        assertArrayEquals(expected.toByteArray(), sink.all.toByteArray());
        assertEquals(0, out.held());
    }

    @Test
    void aPreEncodedEntryIsTheSameBytesTheSdkWouldSend() throws Exception {
        for (int padding : new int[] {1, 90, 300, 70_000}) {
            Entry e = new Entry("cn=entry,Mds-Vo-name=local,o=Grid");
            e.addAttribute("description", "y".repeat(padding));
            SearchResultEntryProtocolOp op = new SearchResultEntryProtocolOp(e);
            ASN1Buffer opOnly = new ASN1Buffer();
            op.writeTo(opOnly);
            for (int id : new int[] {1, 127, 128, 255, 256, 32_767, 32_768, 65_535, 8_388_608, Integer.MAX_VALUE}) {
                RecordingStream sink = new RecordingStream();
                SearchEntryCoalescingOutputStream out = new SearchEntryCoalescingOutputStream(sink, 1_024);
                out.writeSearchResultEntry(id, opOnly.toByteArray());
                out.flush();
                assertArrayEquals(encode(new LDAPMessage(id, op)), sink.all.toByteArray(), "id " + id + ", padding " + padding);
                byte[] written = sink.all.toByteArray();
                assertTrue(SearchEntryCoalescingOutputStream.isSearchResultEntry(written, 0, written.length));
            }
        }
    }

    @Test
    void aFullBufferIsWrittenEarlyAndOtherMessagesAreNeverHeld() throws Exception {
        RecordingStream sink = new RecordingStream();
        SearchEntryCoalescingOutputStream out = new SearchEntryCoalescingOutputStream(sink, 1_000);
        byte[] big = entry(3, 0, 300); // a long-form BER length
        assertTrue(big.length > 300 && (big[1] & 0x80) != 0, "long-form length");
        assertTrue(SearchEntryCoalescingOutputStream.isSearchResultEntry(big, 0, big.length));
        for (int i = 0; i < 5; i++) {
            out.write(big, 0, big.length);
        }
        assertTrue(sink.writes.size() >= 1 && out.held() < 1_000, "written early when the next entry would not fit: " + sink.writes.size());
        out.flush();
        assertEquals(5 * big.length, sink.all.size());

        sink.writes.clear();
        byte[] bind = encode(new LDAPMessage(1, new BindResponseProtocolOp(0, null, null, null, null)));
        out.write(bind, 0, bind.length);
        assertEquals(1, sink.writes.size(), "a bind response goes out at once");
        byte[] tooBig = entry(4, 1, 2_000);
        out.write(tooBig, 0, tooBig.length);
        assertEquals(2, sink.writes.size(), "an entry larger than the buffer is written directly");
        byte[] half = java.util.Arrays.copyOf(entry(5, 2, 10), 20);
        assertFalse(SearchEntryCoalescingOutputStream.isSearchResultEntry(half, 0, half.length), "part of a message is never held");
        assertFalse(SearchEntryCoalescingOutputStream.isSearchResultEntry(new byte[] {0x30, (byte) 0x85, 1, 1, 1, 1, 1}, 0, 7));
        assertFalse(SearchEntryCoalescingOutputStream.isSearchResultEntry(new byte[] {0x04, 0x01, 0x00}, 0, 3));
    }

    @Test
    void aGrisBehindTheFactoryAnswersMoreEntriesThanOneBufferHolds() throws Exception {
        org.gridstack.mds.gris.GrisConfig config = org.gridstack.mds.gris.GrisConfig.builder().port(0).glue2Suffix(null).build();
        try (org.gridstack.mds.gris.GrisServer gris = org.gridstack.mds.gris.GrisServer.start(config,
                new org.gridstack.mds.cache.ProviderCache(List.of(new org.gridstack.mds.provider.SyntheticProvider(
                        org.gridstack.mds.provider.ProviderSettings.of("synthetic"), config.suffix(), 2_000, java.time.Clock.systemUTC())),
                        org.gridstack.mds.cache.CacheMode.AUTO, java.time.Clock.systemUTC()), null);
                LDAPConnection c = new LDAPConnection("127.0.0.1", gris.port())) {
            for (int i = 0; i < 3; i++) {
                SearchResult r = c.search("Mds-Vo-name=local,o=Grid", SearchScope.ONE, "(date=*)");
                assertEquals(2_000, r.getEntryCount());
                assertEquals("entry-1999", r.getSearchEntries().stream().map(e -> e.getAttributeValue("cn"))
                        .filter("entry-1999"::equals).findFirst().orElse(null));
            }
            assertEquals(0, c.search("Mds-Vo-name=local,o=Grid", SearchScope.ONE, "(date=nothing)").getEntryCount(),
                    "an empty answer still ends");
        }
    }

    @Test
    void aNoticeOfDisconnectionWithAClientSideCodeGoesOutWithOneOfTheWire() throws Exception {
        int[][] cases = {{81, 52}, {82, 80}, {84, 2}, {2, 2}, {52, 52}};
        for (int[] c : cases) {
            RecordingStream out = new RecordingStream();
            SearchEntryCoalescingOutputStream s = new SearchEntryCoalescingOutputStream(out);
            s.write(encode(new LDAPMessage(0, new com.unboundid.ldap.protocol.ExtendedResponseProtocolOp(c[0], null,
                    "why", null, "1.3.6.1.4.1.1466.20036", null))));
            LDAPMessage sent = LDAPMessage.readFrom(new com.unboundid.asn1.ASN1StreamReader(
                    new java.io.ByteArrayInputStream(out.all.toByteArray())), true);
            assertEquals(0, sent.getMessageID());
            assertEquals(c[1], sent.getExtendedResponseProtocolOp().getResultCode(), "code " + c[0]);
            assertEquals("why", sent.getExtendedResponseProtocolOp().getDiagnosticMessage());
            assertEquals("1.3.6.1.4.1.1466.20036", sent.getExtendedResponseProtocolOp().getResponseOID());
        }
        // an answer to an extended request with message ID 0 passes unchanged
        RecordingStream out = new RecordingStream();
        byte[] whoAmI = encode(new LDAPMessage(0, new com.unboundid.ldap.protocol.ExtendedResponseProtocolOp(81, null,
                null, null, null, null)));
        new SearchEntryCoalescingOutputStream(out).write(whoAmI);
        assertArrayEquals(whoAmI, out.all.toByteArray());
    }
}
