package org.gridstack.mds.directory;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.unboundid.ldap.listener.SearchEntryParer;
import com.unboundid.ldap.protocol.SearchRequestProtocolOp;
import com.unboundid.ldap.protocol.SearchResultEntryProtocolOp;
import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Control;
import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPResult;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchScope;
import com.unboundid.ldap.sdk.schema.Schema;
import java.util.regex.Pattern;

/**
 * Evaluates one LDAP search against a {@link DirectoryContent}: base DN, scope (base, one,
 * subtree, subordinates), filter (the SDK's {@link Filter#matchesEntry(Entry, Schema)}, with the
 * schema's matching rules when one is given), attribute selection (the SDK's
 * {@link SearchEntryParer}), types-only, and size and time limits (the smaller of the client's and
 * the server's). Results go to an {@link EntrySink}; the outcome is an {@link LDAPResult} whose
 * diagnostic message explains every problem a client can act on: a bad base DN, a base outside
 * the suffixes, attribute names no entry has, providers serving stale data. Plain Java without
 * a server, so any front-end can use it. Stateless apart from the configuration; thread-safe.
 */
@ThreadSafe
public final class DirectorySearch {
    private final Schema schema;
    private final FilterEvaluation evaluation;
    private final OperationalAttributes operational;
    private final int serverSizeLimit;
    private final int serverTimeLimitSeconds;

    /** Where matching entries go; throws when the client is gone (the search then stops). */
    @FunctionalInterface
    public interface EntrySink {
        /**
         * @param entry the message to send
         * @param encoded its BER encoding when it is the entry's prepared message (all
         *                attributes), else null: whoever sends may use it instead of encoding again
         */
        void send(SearchResultEntryProtocolOp entry, byte[] encoded) throws LDAPException;
    }

    /**
     * @param schema matching rules for filters (null: the SDK's defaults, case-insensitive strings)
     * @param serverSizeLimit most entries one search returns (0: no limit of our own)
     * @param serverTimeLimitSeconds longest a search may take (0: no limit of our own)
     */
    public DirectorySearch(Schema schema, int serverSizeLimit, int serverTimeLimitSeconds) {
        if (serverSizeLimit < 0 || serverTimeLimitSeconds < 0) {
            throw new IllegalArgumentException("size and time limits must not be negative (0: none)");
        }
        this.schema = schema;
        this.evaluation = new FilterEvaluation(schema);
        this.operational = new OperationalAttributes(schema);
        this.serverSizeLimit = serverSizeLimit;
        this.serverTimeLimitSeconds = serverTimeLimitSeconds;
    }

    /** The DN of the subschema entry listed in the root DSE. */
    public static final String SUBSCHEMA_DN = "cn=Subschema";

    /**
     * The server's own entries, as slapd serves them: the root DSE ({@code ""}: {@code
     * namingContexts} = the suffixes, {@code supportedLDAPVersion} 3, {@code supportedExtension}
     * Who am I?, {@code subschemaSubentry} when there is a schema) and the subschema entry
     * {@code cn=Subschema} with the schema's definitions.
     */
    public DirectoryContent serverEntries(List<DN> suffixes) {
        Entry root = new Entry("");
        root.addAttribute("objectClass", "top", "OpenLDAProotDSE");
        root.addAttribute("namingContexts", suffixes.stream().map(DN::toString).toArray(String[]::new));
        root.addAttribute("supportedLDAPVersion", "3");
        root.addAttribute("supportedExtension", WHO_AM_I_OID);
        List<Entry> entries = new ArrayList<>(List.of(root));
        if (schema != null) {
            root.addAttribute("subschemaSubentry", SUBSCHEMA_DN);
            Entry sub = new Entry(SUBSCHEMA_DN);
            sub.addAttribute("objectClass", "top", "subentry", "subschema", "extensibleObject");
            sub.addAttribute("cn", "Subschema");
            for (Attribute a : schema.getSchemaEntry().getAttributes()) {
                if (!a.getBaseName().equalsIgnoreCase("objectClass") && !a.getBaseName().equalsIgnoreCase("cn")) {
                    sub.addAttribute(a);
                }
            }
            entries.add(sub);
        }
        return new DirectoryContent(entries, List.of());
    }

    /** The OID of the "Who am I?" extended operation (RFC 4532). */
    public static final String WHO_AM_I_OID = "1.3.6.1.4.1.4203.1.11.3";

    /** Parses the base DN first so a malformed one is reported before any content is built. */
    public static DN parseBase(String base) throws LDAPException {
        try {
            return new DN(base);
        } catch (LDAPException e) {
            throw new LDAPException(ResultCode.INVALID_DN_SYNTAX, "the search base '" + base
                    + "' is not a valid DN: " + e.getMessage());
        }
    }

    /**
     * Until when this search may wait for providers being refreshed ({@link System#nanoTime()}
     * scale): three quarters of its time limit (the smaller of the client's and the server's), so
     * that it is answered within its time limit from the data at hand; {@link Long#MAX_VALUE}
     * when neither side sets a limit.
     */
    public long waitUntilNanos(SearchRequestProtocolOp request, long startNanos) {
        int timeLimit = smallest(request.getTimeLimit(), serverTimeLimitSeconds);
        return timeLimit == 0 ? Long.MAX_VALUE : startNanos + timeLimit * 750_000_000L;
    }

    /**
     * Runs the search.
     *
     * @param startNanos when the request arrived ({@link System#nanoTime()}), for the time limit
     */
    public LDAPResult search(int messageId, SearchRequestProtocolOp request, DN base, DirectoryContent content,
            List<DN> suffixes, long startNanos, EntrySink sink) {
        requireNonNull(request, "request is null");
        requireNonNull(content, "content is null");
        requireNonNull(sink, "sink is null");
        List<String> notes = new ArrayList<>();
        SearchScope scope = request.getScope();
        if (content.get(base) == null) {
            return new LDAPResult(messageId, ResultCode.NO_SUCH_OBJECT, "no entry '" + base + "' here; this server's"
                    + " entries are under " + suffixes, matchedDn(base, content), (String[]) null, (Control[]) null);
        }
        Filter filter = request.getFilter();
        Set<String> unknown = new LinkedHashSet<>();
        try {
            checkFilter(filter, content, unknown);
        } catch (LDAPException e) {
            return new LDAPResult(messageId, e.getResultCode(), e.getMessage(), null, (String[]) null, (Control[]) null);
        }
        List<String> requested = request.getAttributes();
        for (String a : requested) {
            // "dn" is what ldapsearch users ask for to get DNs only: not an attribute, but not worth a note
            if (a.equals("*") || a.equals("+") || a.equals("1.1") || a.startsWith("@") || a.equalsIgnoreCase("dn")) {
                continue;
            }
            if (!validDescription(a)) {
                notes.add("requested attribute '" + a + "' is not a valid attribute name and was ignored");
            } else if (!OperationalAttributes.isOne(a) && !content.hasAttribute(Attribute.getBaseName(a))) {
                unknown.add(Attribute.getBaseName(a));
            }
        }
        if (!unknown.isEmpty()) {
            notes.add("no entry here has the attribute(s) " + String.join(", ", unknown));
        }
        notes.addAll(content.staleNotes());
        boolean allUserAttributes = requested.isEmpty() || (requested.size() == 1 && requested.get(0).equals("*"));
        boolean withOperational = OperationalAttributes.requested(requested);
        SearchEntryParer parer = allUserAttributes ? null : new SearchEntryParer(requested, schema);
        int sizeLimit = smallest(request.getSizeLimit(), serverSizeLimit);
        int timeLimit = smallest(request.getTimeLimit(), serverTimeLimitSeconds);
        long deadline = timeLimit == 0 ? Long.MAX_VALUE : startNanos + timeLimit * 1_000_000_000L;
        int sent = 0;
        int checked = 0;
        for (DirectoryContent.Item item : content.items()) {
            DN dn;
            try {
                dn = item.entry().getParsedDN();
                if (!dn.matchesBaseAndScope(base, scope)) {
                    continue;
                }
            } catch (LDAPException e) {
                continue; // the content holds only entries with valid DNs
            }
            if (!evaluation.matches(filter, item.entry())) {
                continue;
            }
            if (sizeLimit > 0 && sent >= sizeLimit) {
                return result(messageId, ResultCode.SIZE_LIMIT_EXCEEDED, notes, "size limit of " + sizeLimit
                        + " entries reached");
            }
            if ((++checked & 63) == 0 && System.nanoTime() > deadline) {
                return result(messageId, ResultCode.TIME_LIMIT_EXCEEDED, notes, "time limit of " + timeLimit + " s reached");
            }
            SearchResultEntryProtocolOp message = item.message();
            byte[] encoded = item.encodedMessage();
            if (parer != null || request.typesOnly()) {
                encoded = null;
                Entry e = parer == null ? item.entry() : parer.pareEntry(item.entry());
                if (withOperational) {
                    e = operational.added(e, item.entry(), content, requested);
                }
                if (request.typesOnly()) {
                    Entry t = new Entry(e.getDN());
                    for (Attribute a : e.getAttributes()) {
                        t.addAttribute(new Attribute(a.getName()));
                    }
                    e = t;
                }
                message = new SearchResultEntryProtocolOp(e);
            }
            try {
                sink.send(message, encoded);
            } catch (LDAPException e) {
                return new LDAPResult(messageId, ResultCode.OTHER, "the client went away: " + e.getMessage(),
                        null, (String[]) null, (Control[]) null);
            }
            sent++;
        }
        if (System.nanoTime() > deadline) {
            return result(messageId, ResultCode.TIME_LIMIT_EXCEEDED, notes, "time limit of " + timeLimit + " s reached");
        }
        return result(messageId, ResultCode.SUCCESS, notes, null);
    }

    private static LDAPResult result(int messageId, ResultCode code, List<String> notes, String first) {
        List<String> all = new ArrayList<>();
        if (first != null) {
            all.add(first);
        }
        all.addAll(notes);
        return new LDAPResult(messageId, code, all.isEmpty() ? null : String.join("; ", all), null, (String[]) null, (Control[]) null);
    }

    private static int smallest(int client, int server) {
        if (client <= 0) {
            return server;
        }
        return server <= 0 ? client : Math.min(client, server);
    }

    /** An attribute description: a name or a numeric OID, with options (RFC 4512 section 2.5). */
    private static boolean validDescription(String description) {
        return Attribute.nameIsValid(description, true) || NUMERIC_OID.matcher(description).matches();
    }

    private static final Pattern NUMERIC_OID = Pattern.compile(
            "(0|[1-9][0-9]*)(\\.(0|[1-9][0-9]*))+(;[A-Za-z0-9-]+)*");

    private static String matchedDn(DN base, DirectoryContent content) {
        for (DN d = base.getParent(); d != null && !d.isNullDN(); d = d.getParent()) {
            if (content.get(d) != null) {
                return d.toString();
            }
        }
        return null;
    }

    /** Rejects attribute descriptions that are not names; collects names no entry has. */
    private static void checkFilter(Filter f, DirectoryContent content, Set<String> unknown) throws LDAPException {
        switch (f.getFilterType()) {
            case Filter.FILTER_TYPE_AND, Filter.FILTER_TYPE_OR -> {
                for (Filter c : f.getComponents()) {
                    checkFilter(c, content, unknown);
                }
            }
            case Filter.FILTER_TYPE_NOT -> checkFilter(f.getNOTComponent(), content, unknown);
            case Filter.FILTER_TYPE_EXTENSIBLE_MATCH -> throw new LDAPException(ResultCode.INAPPROPRIATE_MATCHING,
                    "extensible-match filters such as " + f + " are not supported; use equality, substring,"
                            + " presence or ordering filters");
            default -> {
                String name = f.getAttributeName();
                if (name == null || !validDescription(name)) {
                    throw new LDAPException(ResultCode.PROTOCOL_ERROR, "the filter " + f + " names '" + name
                            + "', which is not a valid attribute description");
                }
                String baseName = Attribute.getBaseName(name);
                if (!content.hasAttribute(baseName)) {
                    unknown.add(baseName);
                }
            }
        }
    }
}
