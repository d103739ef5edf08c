package org.gridstack.mds.directory;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
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
@ThreadSafe
public final class FilterEvaluation {
    private final Schema schema;

    /** @param schema matching rules (null: the SDK's defaults) */
    public FilterEvaluation(Schema schema) {
        this.schema = schema;
    }

    /** Whether the filter is TRUE for the entry (FALSE and Undefined are not). */
    public boolean matches(Filter filter, Entry entry) {
        return evaluate(requireNonNull(filter, "filter is null"), requireNonNull(entry, "entry is null")) == Truth.TRUE;
    }

    /** RFC 4511's three truth values of a filter. */
    enum Truth {
        TRUE, FALSE, UNDEFINED
    }

    Truth evaluate(Filter f, Entry e) {
        switch (f.getFilterType()) {
            case Filter.FILTER_TYPE_AND -> {
                Truth result = Truth.TRUE;
                for (Filter c : f.getComponents()) {
                    Truth r = evaluate(c, e);
                    if (r == Truth.FALSE) {
                        return Truth.FALSE;
                    }
                    if (r == Truth.UNDEFINED) {
                        result = Truth.UNDEFINED;
                    }
                }
                return result;
            }
            case Filter.FILTER_TYPE_OR -> {
                Truth result = Truth.FALSE;
                for (Filter c : f.getComponents()) {
                    Truth r = evaluate(c, e);
                    if (r == Truth.TRUE) {
                        return Truth.TRUE;
                    }
                    if (r == Truth.UNDEFINED) {
                        result = Truth.UNDEFINED;
                    }
                }
                return result;
            }
            case Filter.FILTER_TYPE_NOT -> {
                Truth r = evaluate(f.getNOTComponent(), e);
                return r == Truth.UNDEFINED ? r : r == Truth.TRUE ? Truth.FALSE : Truth.TRUE;
            }
            case Filter.FILTER_TYPE_APPROXIMATE_MATCH -> {
                return leaf(Filter.createEqualityFilter(f.getAttributeName(), f.getAssertionValueBytes()), e);
            }
            default -> {
                return leaf(f, e);
            }
        }
    }

    private Truth leaf(Filter f, Entry e) {
        try {
            return f.matchesEntry(e, schema) ? Truth.TRUE : Truth.FALSE;
        } catch (LDAPException ex) {
            return Truth.UNDEFINED;
        }
    }
}
