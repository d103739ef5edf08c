package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import com.unboundid.ldap.protocol.SearchResultEntryProtocolOp;
import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnectionPool;
import com.unboundid.ldap.sdk.LDAPSearchException;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The searches of one operation, counted: every search is one request; bytes are the BER-encoded
 * size of every SearchResultEntry protocol op returned (DN, attribute names and values; not the
 * LDAPMessage envelope, the search-done message or controls). A base DN that does not exist
 * answers no entries (the scope names nothing). Every filter goes through {@code shaper} first
 * (for the in-memory server {@link InMemoryIndexPlanner#shape}: same matches, index-friendly form).
 * Not thread-safe: one per operation.
 */
final class LdapSession {
    private final LDAPConnectionPool pool;
    private final UnaryOperator<Filter> shaper;
    private int requests;
    private long bytes;

    LdapSession(LDAPConnectionPool pool, UnaryOperator<Filter> shaper) {
        this.pool = requireNonNull(pool, "pool is null");
        this.shaper = requireNonNull(shaper, "shaper is null");
    }

    List<SearchResultEntry> search(String base, SearchScope scope, Filter filter, String... attributes) {
        requests++;
        SearchRequest r = new SearchRequest(base, scope, shaper.apply(filter), attributes.length == 0 ? new String[] {"1.1"} : attributes);
        SearchResult result;
        try {
            result = pool.search(r);
        } catch (LDAPSearchException e) {
            if (e.getResultCode() == ResultCode.NO_SUCH_OBJECT) {
                return List.of();
            }
            throw LdapBackend.failed("search " + filter + " under " + base, e);
        }
        List<SearchResultEntry> entries = result.getSearchEntries();
        for (SearchResultEntry e : entries) {
            bytes += encodedSize(e);
        }
        return entries;
    }

    List<SearchResultEntry> search(DN base, SearchScope scope, Filter filter, String... attributes) {
        return search(base.toString(), scope, filter, attributes);
    }

    /** A subtree search from the GLUE root ({@code mds-vo-name=local,o=grid}). */
    List<SearchResultEntry> searchAll(Filter filter, String... attributes) {
        return search(GlueDit.BASE, SearchScope.SUB, filter, attributes);
    }

    void modified(long responseBytes) {
        requests++;
        bytes += responseBytes;
    }

    int requests() {
        return requests;
    }

    long bytes() {
        return bytes;
    }

    static long encodedSize(SearchResultEntry e) {
        return new SearchResultEntryProtocolOp(e).encodeProtocolOp().encode().length;
    }

    static List<String> values(List<SearchResultEntry> entries, String attribute) {
        List<String> out = new ArrayList<>();
        for (SearchResultEntry e : entries) {
            String v = e.getAttributeValue(attribute);
            if (v != null) {
                out.add(v);
            }
        }
        return out;
    }
}
