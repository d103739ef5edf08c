package org.gridstack.grim.store.ldap;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.NativeResult;
import org.gridstack.grim.store.QueryLimits;

import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnectionPool;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPSearchException;
import com.unboundid.ldap.sdk.LDAPURL;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The read-only pass-through: an LDAP filter (searched over the whole subtree of {@code o=grid},
 * all user attributes) or an LDAP URL without a host ({@code ldap:///base?attrs?scope?filter},
 * RFC 4516 defaults: scope base, filter {@code (objectClass=*)}). Writes are impossible by
 * construction: the only request this class can send is a search. Answers columns {@code dn} and
 * {@code ldif}. Limits: the row limit is the search's size limit (the answer is cut and flagged
 * truncated), the timeout its time limit (422), the byte limit is checked on the LDIF (422).
 * Stateless and thread-safe.
 */
@ThreadSafe
final class LdapNativeQuery {
    private LdapNativeQuery() {
    }

    static NativeResult run(LDAPConnectionPool pool, String query, QueryLimits limits) {
        long start = System.nanoTime();
        if (query == null || query.isBlank()) {
            throw GrimException.badRequest("empty LDAP query: give a filter such as (objectClass=GlueSE) or a URL such as "
                    + "ldap:///" + GlueDit.BASE + "??sub?(objectClass=GlueSE)");
        }
        String q = query.strip();
        String language;
        SearchRequest request;
        if (q.toLowerCase(Locale.ROOT).startsWith("ldap:") || q.toLowerCase(Locale.ROOT).startsWith("ldaps:")) {
            language = "ldap-url";
            LDAPURL url;
            try {
                url = new LDAPURL(q);
            } catch (LDAPException e) {
                throw GrimException.badRequest("malformed LDAP URL " + GrimException.excerpt(q) + ": " + why(e, q)
                        + " (form: ldap:///base?attributes?scope?filter)");
            }
            if (url.hostProvided()) {
                throw GrimException.badRequest("the LDAP URL names a server (" + url.getHost() + "); leave it out: ldap:///base?attributes?scope?filter");
            }
            String[] attrs = url.getAttributes();
            checkSupported(url.getFilter());
            request = new SearchRequest(url.getBaseDN().toString(), url.getScope(), url.getFilter(), attrs == null ? new String[0] : attrs);
        } else {
            language = "ldap-filter";
            Filter filter;
            try {
                filter = Filter.create(q);
            } catch (LDAPException e) {
                throw GrimException.badRequest("malformed LDAP filter " + GrimException.excerpt(q) + ": "
                        + why(e, q) + " (example: (&(objectClass=GlueSE)(GlueSEName=se.example.org)))");
            } catch (StackOverflowError e) {
                throw GrimException.badRequest("the LDAP filter nests too deeply; flatten it");
            }
            checkSupported(filter);
            request = new SearchRequest(GlueDit.SUFFIX, SearchScope.SUB, filter);
        }
        long timeoutMillis = Math.max(1, limits.timeout().toMillis());
        request.setSizeLimit(limits.maxRows());
        request.setTimeLimitSeconds((int) Math.max(1, (timeoutMillis + 999) / 1000));
        request.setResponseTimeoutMillis(timeoutMillis);
        List<SearchResultEntry> entries;
        boolean truncated = false;
        try {
            entries = pool.search(request).getSearchEntries();
        } catch (LDAPSearchException e) {
            ResultCode rc = e.getResultCode();
            if (rc == ResultCode.SIZE_LIMIT_EXCEEDED) {
                entries = e.getSearchEntries();
                truncated = true;
            } else if (rc == ResultCode.TIME_LIMIT_EXCEEDED || rc == ResultCode.TIMEOUT) {
                throw GrimException.refused("the LDAP query ran longer than " + timeoutMillis + " ms; narrow the base or the filter");
            } else if (rc == ResultCode.NO_SUCH_OBJECT) {
                entries = List.of();
            } else if (rc == ResultCode.INVALID_DN_SYNTAX || rc == ResultCode.PROTOCOL_ERROR || rc == ResultCode.FILTER_ERROR
                    || rc == ResultCode.INAPPROPRIATE_MATCHING || rc == ResultCode.UNWILLING_TO_PERFORM || rc == ResultCode.NOT_SUPPORTED
                    || rc == ResultCode.UNDEFINED_ATTRIBUTE_TYPE || rc == ResultCode.INVALID_ATTRIBUTE_SYNTAX
                    || rc == ResultCode.UNAVAILABLE_CRITICAL_EXTENSION) {
                String why = e.getDiagnosticMessage() == null ? rc.getName() : e.getDiagnosticMessage();
                throw GrimException.badRequest("the LDAP server cannot evaluate the query (" + rc.getName() + "): " + GrimException.excerpt(why));
            } else {
                throw LdapBackend.failed("native query " + q, e);
            }
        }
        List<List<Object>> rows = new ArrayList<>();
        long bytes = 0;
        for (SearchResultEntry e : entries) {
            if (rows.size() == limits.maxRows()) {
                truncated = true;
                break;
            }
            String ldif = e.toLDIFString();
            bytes += ldif.length();
            if (bytes > limits.maxBytes()) {
                throw GrimException.refused("the LDAP answer exceeds " + limits.maxBytes() + " bytes; ask for fewer attributes or narrow the filter");
            }
            rows.add(Arrays.asList(e.getDN(), ldif));
        }
        return new NativeResult("ldap", language, List.of("dn", "ldif"), rows, truncated, System.nanoTime() - start);
    }

    /** The SDK's reason a query is malformed, without the query it repeats. */
    private static String why(LDAPException e, String query) {
        String m = e.getMessage() == null ? "" : e.getMessage().replace(query, "the query");
        return m.length() <= 300 ? m : m.substring(0, 300) + "...";
    }

    /** Refuses (400) filter components GRIM's LDAP servers do not evaluate: approximate ({@code ~=}) and extensible matches. */
    private static void checkSupported(Filter f) {
        switch (f.getFilterType()) {
            case Filter.FILTER_TYPE_APPROXIMATE_MATCH -> throw GrimException.badRequest("approximate matching (" + f.getAttributeName()
                    + "~=...) is not supported; use = with * wildcards, e.g. (" + f.getAttributeName() + "=*part*)");
            case Filter.FILTER_TYPE_EXTENSIBLE_MATCH -> throw GrimException.badRequest("extensible matching (:rule:=) is not supported;"
                    + " use = (GLUE attributes match case-insensitively)");
            case Filter.FILTER_TYPE_AND, Filter.FILTER_TYPE_OR -> {
                for (Filter c : f.getComponents()) {
                    checkSupported(c);
                }
            }
            case Filter.FILTER_TYPE_NOT -> checkSupported(f.getNOTComponent());
            default -> {
            }
        }
    }
}
