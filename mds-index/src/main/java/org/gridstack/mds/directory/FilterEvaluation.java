package org.gridstack.mds.directory;

import static java.util.Objects.requireNonNull;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.schema.Schema;

/**
 * Evaluates a search filter against an entry with RFC 4511's three values: TRUE, FALSE and
 * Undefined (an assertion the attribute's matching rule cannot evaluate, such as
 * {@code (GlueCEInfoTotalCPUs>=abc)} on an integer attribute). AND, OR and NOT combine them as
 * RFC 4511 section 4.5.1.7 says, and an entry is returned only when the whole filter is TRUE, so
 * an Undefined part matches nothing instead of failing the search. Approximate matches
 * ({@code ~=}) are evaluated as equality, as slapd does without an approximate rule. Leaves are
 * the SDK's {@link Filter#matchesEntry(Entry, Schema)}. Recursive: filters reach it only after
 * the listener refused requests nested deeper than its limit. Stateless; thread-safe.
 */
public final class FilterEvaluation {
    private final Schema schema;

    /** @param schema matching rules (null: the SDK's defaults) */
    public FilterEvaluation(Schema schema) {
        this.schema = schema;
    }

    /** Whether the filter is TRUE for the entry (FALSE and Undefined are not). */
    public boolean matches(Filter filter, Entry entry) {
        return Boolean.TRUE.equals(evaluate(requireNonNull(filter, "filter is null"), requireNonNull(entry, "entry is null")));
    }

    /** TRUE, FALSE, or null for Undefined. */
    Boolean evaluate(Filter f, Entry e) {
        switch (f.getFilterType()) {
            case Filter.FILTER_TYPE_AND -> {
                Boolean result = Boolean.TRUE;
                for (Filter c : f.getComponents()) {
                    Boolean r = evaluate(c, e);
                    if (Boolean.FALSE.equals(r)) {
                        return Boolean.FALSE;
                    }
                    if (r == null) {
                        result = null;
                    }
                }
                return result;
            }
            case Filter.FILTER_TYPE_OR -> {
                Boolean result = Boolean.FALSE;
                for (Filter c : f.getComponents()) {
                    Boolean r = evaluate(c, e);
                    if (Boolean.TRUE.equals(r)) {
                        return Boolean.TRUE;
                    }
                    if (r == null) {
                        result = null;
                    }
                }
                return result;
            }
            case Filter.FILTER_TYPE_NOT -> {
                Boolean r = evaluate(f.getNOTComponent(), e);
                return r == null ? null : !r;
            }
            case Filter.FILTER_TYPE_APPROXIMATE_MATCH -> {
                return leaf(Filter.createEqualityFilter(f.getAttributeName(), f.getAssertionValueBytes()), e);
            }
            default -> {
                return leaf(f, e);
            }
        }
    }

    private Boolean leaf(Filter f, Entry e) {
        try {
            return f.matchesEntry(e, schema);
        } catch (LDAPException ex) {
            return null;
        }
    }
}
