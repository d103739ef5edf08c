package org.gridstack.mds.ldap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.cache.SettableClock;
import org.gridstack.mds.directory.DirectoryContent;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.provider.InProcessProvider;
import org.gridstack.mds.provider.ProviderSettings;
import org.junit.jupiter.api.Test;

import com.unboundid.asn1.ASN1Buffer;
import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.protocol.SearchRequestProtocolOp;
import com.unboundid.ldap.protocol.SearchResultDoneProtocolOp;
import com.unboundid.ldap.sdk.Control;
import com.unboundid.ldap.sdk.DereferencePolicy;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPResult;
import com.unboundid.ldap.sdk.LDAPSearchException;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * Whole answers encoded once: which answers are remembered and for which content, the bounds, the
 * bytes written for a remembered answer (exactly the SDK's encoding with the new message ID), and
 * a real GRIS answering the same search many times from a remembered answer, then the new data
 * once its provider's cachetime has passed (never the remembered answer of the old content).
 */
class TestEncodedAnswers {
    private static final String SUFFIX = "Mds-Vo-name=local,o=Grid";

    private static SearchRequestProtocolOp request(String filter, String... attributes) throws Exception {
        return new SearchRequestProtocolOp(SUFFIX, SearchScope.SUB, DereferencePolicy.NEVER, 0, 0, false,
                Filter.create(filter), List.of(attributes));
    }

    private static LDAPResult success(String diagnostic) {
        return new LDAPResult(1, ResultCode.SUCCESS, diagnostic, null, (String[]) null, (Control[]) null);
    }

    private static DirectoryContent content(String value) {
        Entry e = new Entry("cn=a," + SUFFIX);
        e.addAttribute("cn", "a");
        e.addAttribute("date", value);
        return new DirectoryContent(List.of(new Entry(SUFFIX), e), List.of());
    }

    @Test
    void successfulAnswersAreRememberedPerQuestionAndContent() throws Exception {
        EncodedAnswers answers = new EncodedAnswers();
        DirectoryContent one = content("1");
        List<byte[]> entries = List.of(one.items().get(1).encodedMessage());
        assertNull(answers.lookup(request("(date=*)")), "nothing remembered yet");
        assertTrue(answers.remember(one, request("(date=*)"), entries, success(null)));
        assertNotNull(answers.find(one, request("(date=*)")), "the same question, asked again (another request object)");
        assertNull(answers.find(one, request("(date=1)")), "another filter is another question");
        assertNull(answers.find(one, request("(date=*)", "cn")), "another attribute list is another question");
        assertNull(answers.find(content("1"), request("(date=*)")), "equal data in another content object is not trusted");

        assertFalse(answers.remember(one, request("(cn=a)"), entries, new LDAPResult(1, ResultCode.SIZE_LIMIT_EXCEEDED, "size limit",
                null, (String[]) null, (Control[]) null)), "only successful answers");
        assertNull(answers.find(one, request("(cn=a)")));

        DirectoryContent two = content("2");
        assertTrue(answers.remember(two, request("(cn=a)"), List.of(two.items().get(1).encodedMessage()), success(null)));
        assertNull(answers.find(one, request("(date=*)")), "a new content drops the answers of the old one");
        assertEquals(1, answers.size());
        EncodedAnswers.Remembered r = answers.lookup(request("(cn=a)"));
        assertSame(two, r.content(), "an answer is only ever paired with the content it came from");
    }

    @Test
    void rememberingIsBounded() throws Exception {
        DirectoryContent c = content("1");
        byte[] entry = c.items().get(1).encodedMessage();
        EncodedAnswers fewAnswers = new EncodedAnswers(2, 1024 * 1024, 1024 * 1024);
        assertTrue(fewAnswers.remember(c, request("(cn=1)"), List.of(entry), success(null)));
        assertTrue(fewAnswers.remember(c, request("(cn=2)"), List.of(entry), success(null)));
        assertFalse(fewAnswers.remember(c, request("(cn=3)"), List.of(entry), success(null)), "at most 2 answers");
        assertEquals(2, fewAnswers.size());

        EncodedAnswers smallAnswers = new EncodedAnswers(100, entry.length, 1024 * 1024);
        assertFalse(smallAnswers.remember(c, request("(cn=1)"), List.of(entry, entry), success(null)), "an answer over the size bound");

        EncodedAnswers smallTotal = new EncodedAnswers(100, 1024 * 1024, 3L * entry.length);
        assertTrue(smallTotal.remember(c, request("(cn=1)"), List.of(entry), success(null)));
        assertFalse(smallTotal.remember(c, request("(cn=2)"), List.of(entry, entry, entry), success(null)), "over the total bound");
    }

    @Test
    void aRememberedAnswerIsWrittenAsTheSdkWouldEncodeItWithTheNewMessageId() throws Exception {
        DirectoryContent c = content("1");
        EncodedAnswers answers = new EncodedAnswers();
        answers.remember(c, request("(date=*)"), List.of(c.items().get(1).encodedMessage()), success("a note"));
        EncodedAnswers.Answer a = answers.find(c, request("(date=*)"));
        for (int id : new int[] {1, 200, 70_000}) {
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            AtomicInteger writes = new AtomicInteger();
            SearchEntryCoalescingOutputStream out = new SearchEntryCoalescingOutputStream(new java.io.OutputStream() {
                @Override
                public void write(int b) {
                    throw new AssertionError("single bytes are never written");
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    writes.incrementAndGet();
                    sink.write(b, off, len);
                }
            });
            for (byte[] e : a.entries()) {
                out.writeEncoded(id, e);
            }
            assertEquals(0, writes.get(), "entries are held until the result");
            out.writeEncoded(id, a.done());
            assertEquals(1, writes.get(), "the answer leaves in one write");
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            expected.write(encode(new LDAPMessage(id, c.items().get(1).message())));
            expected.write(encode(new LDAPMessage(id, new SearchResultDoneProtocolOp(0, null, "a note", null))));
            assertArrayEquals(expected.toByteArray(), sink.toByteArray(), "message id " + id);
        }
    }

    private static byte[] encode(LDAPMessage m) {
        ASN1Buffer b = new ASN1Buffer();
        m.writeTo(b);
        return b.toByteArray();
    }

    @Test
    void aGrisAnswersFromARememberedAnswerUntilItsDataChanges() throws Exception {
        SettableClock clock = new SettableClock();
        AtomicInteger runs = new AtomicInteger();
        InProcessProvider provider = new InProcessProvider(new ProviderSettings("dates", Duration.ofSeconds(60),
                Duration.ofSeconds(20), 0), () -> {
                    int run = runs.incrementAndGet();
                    List<Entry> out = new ArrayList<>();
                    for (int i = 0; i < 3; i++) {
                        Entry e = new Entry("cn=entry-" + i + "," + SUFFIX);
                        e.addAttribute("objectClass", "extensibleObject");
                        e.addAttribute("cn", "entry-" + i);
                        e.addAttribute("date", "run-" + run);
                        out.add(e);
                    }
                    return out;
                });
        GrisConfig config = GrisConfig.builder().port(0).glue2Suffix(null).build();
        try (GrisServer gris = GrisServer.start(config, new ProviderCache(List.of(provider), CacheMode.AUTO, clock), null);
             LDAPConnection first = new LDAPConnection("127.0.0.1", gris.port());
             LDAPConnection second = new LDAPConnection("127.0.0.1", gris.port())) {
            for (int i = 0; i < 4; i++) {
                for (LDAPConnection c : List.of(first, second)) {
                    SearchResult r = c.search(SUFFIX, SearchScope.SUB, "(date=*)");
                    assertEquals(ResultCode.SUCCESS, r.getResultCode());
                    assertEquals(List.of("run-1", "run-1", "run-1"), dates(r), "round " + i);
                    assertEquals(List.of("entry-0", "entry-1", "entry-2"), r.getSearchEntries().stream()
                            .map(e -> e.getAttributeValue("cn")).toList());
                }
            }
            SearchResult withNote = first.search(SUFFIX, SearchScope.SUB, "(|(date=*)(nosuchattribute=x))");
            SearchResult again = second.search(SUFFIX, SearchScope.SUB, "(|(date=*)(nosuchattribute=x))");
            assertEquals(3, again.getEntryCount());
            assertEquals(withNote.getDiagnosticMessage(), again.getDiagnosticMessage(), "the remembered result keeps its diagnostic");
            assertTrue(again.getDiagnosticMessage().contains("nosuchattribute"), again.getDiagnosticMessage());
            for (int i = 0; i < 2; i++) {
                SearchRequest limited = new SearchRequest(SUFFIX, SearchScope.SUB, "(date=*)");
                limited.setSizeLimit(2);
                LDAPSearchException e = org.junit.jupiter.api.Assertions.assertThrows(LDAPSearchException.class,
                        () -> first.search(limited));
                assertEquals(ResultCode.SIZE_LIMIT_EXCEEDED, e.getResultCode(), "a size limit is computed every time");
                assertEquals(2, e.getEntryCount());
            }
            assertEquals(List.of("entry-1"), first.search(SUFFIX, SearchScope.SUB, "(cn=entry-1)", "cn").getSearchEntries()
                    .stream().map(e -> e.getAttributeValue("cn")).toList(), "attribute lists are answered per request");
            assertEquals(1, runs.get(), "the provider ran once: every answer above came from its cached output");

            clock.advance(Duration.ofSeconds(61));
            for (LDAPConnection c : List.of(first, second, first)) {
                assertEquals(List.of("run-2", "run-2", "run-2"), dates(c.search(SUFFIX, SearchScope.SUB, "(date=*)")),
                        "after the cachetime the new data, not the remembered answer");
            }
            assertEquals(2, runs.get());
        }
    }

    private static List<String> dates(SearchResult r) {
        return r.getSearchEntries().stream().map(e -> e.getAttributeValue("date")).toList();
    }
}
