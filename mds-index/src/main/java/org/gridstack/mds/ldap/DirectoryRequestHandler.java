package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

import org.gridstack.mds.cache.ProviderView;
import org.gridstack.mds.directory.DirectoryContent;
import org.gridstack.mds.directory.DirectorySearch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.asn1.ASN1OctetString;
import com.unboundid.ldap.listener.LDAPListenerClientConnection;
import com.unboundid.ldap.listener.LDAPListenerRequestHandler;
import com.unboundid.ldap.protocol.AddRequestProtocolOp;
import com.unboundid.ldap.protocol.BindRequestProtocolOp;
import com.unboundid.ldap.protocol.BindResponseProtocolOp;
import com.unboundid.ldap.protocol.CompareRequestProtocolOp;
import com.unboundid.ldap.protocol.CompareResponseProtocolOp;
import com.unboundid.ldap.protocol.DeleteRequestProtocolOp;
import com.unboundid.ldap.protocol.ExtendedRequestProtocolOp;
import com.unboundid.ldap.protocol.ExtendedResponseProtocolOp;
import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.protocol.ModifyDNRequestProtocolOp;
import com.unboundid.ldap.protocol.ModifyRequestProtocolOp;
import com.unboundid.ldap.protocol.SearchRequestProtocolOp;
import com.unboundid.ldap.protocol.SearchResultDoneProtocolOp;
import com.unboundid.ldap.protocol.SearchResultEntryProtocolOp;
import com.unboundid.ldap.sdk.Control;
import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPResult;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchScope;
import java.io.IOException;
import java.util.function.Predicate;
import org.gridstack.mds.provider.ProviderOutput;

/**
 * The innermost handler of a GRIS: answers searches and compares from a {@link ContentSource}
 * with {@link DirectorySearch}, accepts anonymous simple binds only (there are no accounts:
 * {@code ldapsearch -x} without {@code -D}), refuses extended operations other than Who am I?,
 * and answers writes with {@link ReadOnlyRequestHandler}'s refusal (in the servers that handler
 * wraps this one and answers them first). Any
 * failure inside a request becomes a result code with a message (never a dropped
 * connection). Entries sent with all their attributes go out as the bytes encoded once when the
 * content was assembled ({@link DirectoryContent.Item#encodedMessage()}), written through the
 * connection's {@link SearchEntryCoalescingOutputStream}, so a cached answer is not encoded again
 * per request; other entries (attribute lists, types only) are sent by the SDK. A whole successful
 * answer of such entries is remembered ({@link EncodedAnswers}, shared by every connection): the
 * same request over the same content is answered by writing the remembered bytes with the new
 * message ID (entries and result in one write), without parsing, matching or encoding, and the
 * handler returns no message for the listener to send. When an entry cannot be written (the
 * connection is gone, or the search was abandoned) the search stops and no result is returned for
 * it (never a result code of the SDK's client side, such as 81). One instance per connection
 * ({@link #newInstance}); the shared parts are thread-safe.
 */
public final class DirectoryRequestHandler extends LDAPListenerRequestHandler {
    private static final Logger log = LoggerFactory.getLogger(DirectoryRequestHandler.class);
    private static final String READ_ONLY = "this server is read-only";

    private final ContentSource content;
    private final DirectorySearch search;
    private final List<DN> suffixes;
    private final StepTimers timers;
    private final LDAPListenerClientConnection connection;
    private final boolean sendPreEncoded;
    private final SearchEntryCoalescingOutputStream preEncoded;
    private final EncodedAnswers sharedAnswers;
    private final EncodedAnswers answers; // null when this connection cannot send pre-encoded answers
    private final DirectoryContent serverEntries; // the root DSE and cn=Subschema
    private final DN subschema;

    /**
     * @param timers where the steps of each search are timed
     */
    public DirectoryRequestHandler(ContentSource content, DirectorySearch search, List<DN> suffixes, StepTimers timers) {
        this(content, search, suffixes, timers, true, new EncodedAnswers(), null, null);
    }

    /**
     * @param sendPreEncoded whether entries prepared once may be written as pre-encoded bytes
     *                       (false when something must see every entry the SDK's way, e.g. the
     *                       SDK's access log, which counts entries through its send path)
     */
    public DirectoryRequestHandler(ContentSource content, DirectorySearch search, List<DN> suffixes, StepTimers timers,
            boolean sendPreEncoded) {
        this(content, search, suffixes, timers, sendPreEncoded, sendPreEncoded ? new EncodedAnswers() : null, null, null);
    }

    private DirectoryRequestHandler(ContentSource content, DirectorySearch search, List<DN> suffixes,
            StepTimers timers, boolean sendPreEncoded, EncodedAnswers answers,
            LDAPListenerClientConnection connection, DirectoryContent serverEntries) {
        this.timers = requireNonNull(timers, "timers is null");
        this.content = requireNonNull(content, "content is null");
        this.search = requireNonNull(search, "search is null");
        this.suffixes = List.copyOf(requireNonNull(suffixes, "suffixes is null"));
        this.connection = connection;
        this.sendPreEncoded = sendPreEncoded;
        this.preEncoded = coalescingOutput(connection, sendPreEncoded);
        this.sharedAnswers = answers;
        this.answers = preEncoded == null ? null : answers;
        // made once and shared by every connection's instance (the subschema entry is the GLUE schema, encoded once)
        this.serverEntries = serverEntries != null ? serverEntries : search.serverEntries(this.suffixes);
        try {
            this.subschema = new DN(DirectorySearch.SUBSCHEMA_DN);
        } catch (LDAPException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public LDAPListenerRequestHandler newInstance(LDAPListenerClientConnection c) {
        return new DirectoryRequestHandler(content, search, suffixes, timers, sendPreEncoded, sharedAnswers,
                requireNonNull(c, "connection is null"), serverEntries);
    }

    @Override
    public LDAPMessage processSearchRequest(int messageID, SearchRequestProtocolOp request, List<Control> controls) {
        long start = System.nanoTime();
        long sending = 0;
        LDAPResult r;
        try {
            boolean cacheable = answers != null && controls.isEmpty();
            EncodedAnswers.Remembered remembered = cacheable ? answers.lookup(request) : null;
            DirectoryContent c = null;
            long checked = start;
            if (remembered != null) {
                // the same question was answered before: if the data is still the same, send that answer again
                List<ProviderView> views = content.read(search.waitUntilNanos(request, start), worthWaitingFor(request));
                long read = System.nanoTime();
                c = content.assemble(views);
                long gotData = System.nanoTime();
                timers.invokeProvider(read - start);
                timers.generateResult(gotData - read);
                if (c == remembered.content()) {
                    if (!sendAnswer(messageID, remembered.answer())) {
                        return null; // the answer could not be written: nothing more is sent for it
                    }
                    timers.initSearch(0);
                    timers.searchIndex(0);
                    timers.transmit(System.nanoTime() - gotData);
                    return null; // the whole answer, its result included, is on its way: the listener sends nothing more
                }
                checked = gotData;
            }
            DN base = DirectorySearch.parseBase(request.getBaseDN());
            if ((base.isNullDN() && request.getScope() == SearchScope.BASE)
                    || (base.equals(subschema) && serverEntries.get(subschema) != null)) {
                // the root DSE and the subschema entry: the server's own entries, not the providers'
                AnswerRecorder recorder = new AnswerRecorder(messageID, false);
                r = search.search(messageID, request, base, serverEntries, suffixes, start, recorder);
                if (recorder.failed) {
                    return null; // an entry could not be written (the connection is gone, or the search was abandoned)
                }
            } else if (!servable(base)) {
                r = new LDAPResult(messageID, ResultCode.NO_SUCH_OBJECT, "'" + base + "' is not in this server's"
                        + " tree; its entries are under " + suffixes, null, (String[]) null, (Control[]) null);
            } else {
                long now = System.nanoTime();
                timers.initSearch(now - checked);
                if (c == null) {
                    List<ProviderView> views = content.read(search.waitUntilNanos(request, start), worthWaitingFor(request));
                    long read = System.nanoTime();
                    timers.invokeProvider(read - now);
                    c = content.assemble(views);
                    now = System.nanoTime();
                    timers.generateResult(now - read);
                }
                AnswerRecorder recorder = new AnswerRecorder(messageID, cacheable);
                r = search.search(messageID, request, base, c, suffixes, start, recorder);
                sending = recorder.sendingNanos;
                if (recorder.failed) {
                    timers.transmit(sending);
                    return null; // an entry could not be written (the connection is gone, or the search was abandoned)
                }
                timers.searchIndex(System.nanoTime() - now - sending);
                if (recorder.entries != null) {
                    answers.remember(c, request, recorder.entries, r);
                }
            }
        } catch (LDAPException e) {
            r = new LDAPResult(messageID, e.getResultCode(), e.getMessage(), null, (String[]) null, (Control[]) null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            r = new LDAPResult(messageID, ResultCode.UNAVAILABLE, "the server is shutting down", null, (String[]) null,
                    (Control[]) null);
        } catch (RuntimeException e) {
            log.warn("search {} failed", request, e);
            r = new LDAPResult(messageID, ResultCode.OTHER, "internal error: " + e, null, (String[]) null, (Control[]) null);
        }
        // the result message itself is sent by the listener after this returns; counted with the entries
        timers.transmit(sending);
        return new LDAPMessage(messageID, new SearchResultDoneProtocolOp(r.getResultCode().intValue(),
                r.getMatchedDN(), r.getDiagnosticMessage(), null));
    }

    /**
     * Sends one search's entries as they match, times the sending, and keeps the encoded entries
     * when the whole answer may be remembered ({@link EncodedAnswers}): only while every entry goes
     * out as its prepared encoding.
     */
    private final class AnswerRecorder implements DirectorySearch.EntrySink {
        private final int messageID;
        private List<byte[]> entries;
        private long sendingNanos;
        private boolean failed;

        AnswerRecorder(int messageID, boolean remember) {
            this.messageID = messageID;
            this.entries = remember && preEncoded != null ? new ArrayList<>() : null;
        }

        @Override
        public void send(SearchResultEntryProtocolOp entry, byte[] encoded) throws LDAPException {
            long t = System.nanoTime();
            try {
                if (encoded != null && preEncoded != null) {
                    sendEncoded(messageID, encoded);
                    if (entries != null) {
                        entries.add(encoded);
                    }
                } else {
                    connection.sendSearchResultEntry(messageID, entry);
                    entries = null;
                }
            } catch (LDAPException e) {
                failed = true;
                entries = null;
                throw e;
            } finally {
                sendingNanos += System.nanoTime() - t;
            }
        }
    }

    /**
     * Writes a remembered answer (its entries and its result) with this request's message ID, in
     * one write when it fits; false when writing failed (the connection is gone, or the request
     * was abandoned), and then nothing more is to be sent for it.
     */
    private boolean sendAnswer(int messageID, EncodedAnswers.Answer answer) {
        try {
            synchronized (connection) {
                for (byte[] e : answer.entries()) {
                    preEncoded.writeEncoded(messageID, e);
                }
                preEncoded.writeEncoded(messageID, answer.done());
            }
            return true;
        } catch (IOException e) {
            log.debug("sending an answer to {} failed: {}", connection.getSocket().getInetAddress(), e.toString());
            return false;
        }
    }

    /**
     * Sends an entry message whose op is already encoded, through the connection's coalescing
     * output, under the connection's monitor (the one the SDK's own sends hold), so the bytes of
     * SDK-sent messages and ours never interleave.
     */
    private void sendEncoded(int messageID, byte[] encoded) throws LDAPException {
        synchronized (connection) {
            try {
                preEncoded.writeSearchResultEntry(messageID, encoded);
            } catch (IOException e) {
                // OTHER, never the SDK's client-side SERVER_DOWN: the search ends, and no result is sent for it
                throw new LDAPException(ResultCode.OTHER, "sending an entry failed: " + e, e);
            }
        }
    }

    /** The connection's coalescing output when its socket came from {@link ListenerSocketFactory} and pre-encoded entries may be sent; else null. */
    private static SearchEntryCoalescingOutputStream coalescingOutput(LDAPListenerClientConnection c, boolean allowed) {
        if (c == null || !allowed) {
            return null;
        }
        try {
            return c.getSocket().getOutputStream() instanceof SearchEntryCoalescingOutputStream s ? s : null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Which providers being refreshed this search waits for: those that never delivered data, and
     * those with an entry at or below the search's base (the others' entries cannot match; they
     * are served as they were). Only evaluated for providers being refreshed.
     */
    private static Predicate<ProviderOutput> worthWaitingFor(
            SearchRequestProtocolOp request) {
        return output -> {
            if (output == null) {
                return true;
            }
            DN base;
            try {
                base = new DN(request.getBaseDN());
            } catch (LDAPException e) {
                return false;
            }
            for (Entry e : output.entries()) {
                try {
                    if (e.getParsedDN().isDescendantOf(base, true)) {
                        return true;
                    }
                } catch (LDAPException ex) {
                    // not served anyway
                }
            }
            return false;
        };
    }

    /** The base lies below a suffix, or above one (e.g. {@code o=Grid}, whose entry is made up). */
    private boolean servable(DN base) {
        for (DN s : suffixes) {
            if (base.isDescendantOf(s, true) || s.isDescendantOf(base, false)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public LDAPMessage processBindRequest(int messageID, BindRequestProtocolOp request, List<Control> controls) {
        if (request.getCredentialsType() == BindRequestProtocolOp.CRED_TYPE_SASL) {
            return bindResult(messageID, ResultCode.AUTH_METHOD_NOT_SUPPORTED,
                    "SASL binds are not supported; bind anonymously (ldapsearch -x)");
        }
        ASN1OctetString password = request.getSimplePassword();
        if (request.getBindDN().isEmpty() && (password == null || password.getValueLength() == 0)) {
            return bindResult(messageID, ResultCode.SUCCESS, null);
        }
        return bindResult(messageID, ResultCode.INVALID_CREDENTIALS,
                "this server has no accounts and reads are anonymous: bind without a DN and password (ldapsearch -x)");
    }

    private static LDAPMessage bindResult(int messageID, ResultCode code, String message) {
        return new LDAPMessage(messageID, new BindResponseProtocolOp(code.intValue(), null, message, null, null));
    }

    @Override
    public LDAPMessage processCompareRequest(int messageID, CompareRequestProtocolOp request, List<Control> controls) {
        ResultCode code;
        String message = null;
        try {
            DN dn = DirectorySearch.parseBase(request.getDN());
            DirectoryContent.Item item = servable(dn) ? content.current().get(dn) : null;
            if (item == null) {
                code = ResultCode.NO_SUCH_OBJECT;
                message = "no entry '" + dn + "' here";
            } else {
                Entry e = item.entry();
                code = e.hasAttributeValue(request.getAttributeName(), request.getAssertionValue().getValue())
                        ? ResultCode.COMPARE_TRUE : ResultCode.COMPARE_FALSE;
            }
        } catch (LDAPException e) {
            code = e.getResultCode();
            message = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            code = ResultCode.UNAVAILABLE;
            message = "the server is shutting down";
        }
        return new LDAPMessage(messageID, new CompareResponseProtocolOp(code.intValue(), null, message, null));
    }

    @Override
    public LDAPMessage processExtendedRequest(int messageID, ExtendedRequestProtocolOp request, List<Control> controls) {
        if (DirectorySearch.WHO_AM_I_OID.equals(request.getOID())) {
            // binds are anonymous only: the authorization identity is empty (ldapwhoami prints "anonymous")
            return new LDAPMessage(messageID, new ExtendedResponseProtocolOp(ResultCode.SUCCESS_INT_VALUE, null, null, null,
                    null, new ASN1OctetString()));
        }
        return new LDAPMessage(messageID, new ExtendedResponseProtocolOp(ResultCode.PROTOCOL_ERROR_INT_VALUE, null,
                "extended operation " + request.getOID() + " is not supported by this server", null, null, null));
    }

    // Writes never get here in the servers (ReadOnlyRequestHandler wraps this handler); the answer is that handler's.

    @Override
    public LDAPMessage processAddRequest(int messageID, AddRequestProtocolOp request, List<Control> controls) {
        return ReadOnlyRequestHandler.refusal(messageID, LDAPMessage.PROTOCOL_OP_TYPE_ADD_REQUEST, READ_ONLY);
    }

    @Override
    public LDAPMessage processModifyRequest(int messageID, ModifyRequestProtocolOp request, List<Control> controls) {
        return ReadOnlyRequestHandler.refusal(messageID, LDAPMessage.PROTOCOL_OP_TYPE_MODIFY_REQUEST, READ_ONLY);
    }

    @Override
    public LDAPMessage processDeleteRequest(int messageID, DeleteRequestProtocolOp request, List<Control> controls) {
        return ReadOnlyRequestHandler.refusal(messageID, LDAPMessage.PROTOCOL_OP_TYPE_DELETE_REQUEST, READ_ONLY);
    }

    @Override
    public LDAPMessage processModifyDNRequest(int messageID, ModifyDNRequestProtocolOp request, List<Control> controls) {
        return ReadOnlyRequestHandler.refusal(messageID, LDAPMessage.PROTOCOL_OP_TYPE_MODIFY_DN_REQUEST, READ_ONLY);
    }
}
