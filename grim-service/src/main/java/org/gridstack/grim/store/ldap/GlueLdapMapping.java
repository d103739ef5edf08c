package org.gridstack.grim.store.ldap;

import com.google.errorprone.annotations.Immutable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.GlueModel;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.RDN;

/**
 * The GLUE model's columns as LDAP attributes, for searching and reading entries: the attribute
 * of a column, the filters GRIM's searches are built from (an entry of a collection, a column
 * equal to a value or to one of several), and the typed value of a column in a returned entry.
 * The DIT layout itself (DNs, object classes, entries from rows) is {@link GlueDit}'s. Holds the
 * attribute name of every column, looked up once; immutable after construction, thread-safe.
 */
@Immutable
final class GlueLdapMapping {
    @SuppressWarnings("Immutable") // filled by the constructor alone (inner maps Map.copyOf), never written after
    private final Map<String, Map<String, String>> attributeNames = new HashMap<>();

    GlueLdapMapping() {
        for (CollectionDef d : GlueModel.collections()) {
            Map<String, String> byColumn = new HashMap<>();
            for (Column c : d.columns()) {
                byColumn.put(c.name(), c.glueName());
            }
            attributeNames.put(d.name(), Map.copyOf(byColumn));
        }
    }

    /** The LDAP attribute holding {@code column} of collection {@code d}. */
    String attribute(CollectionDef d, String column) {
        String name = attributeNames.getOrDefault(d.name(), Map.of()).get(column);
        if (name == null) {
            throw new IllegalArgumentException(d.name() + " has no column " + column);
        }
        return name;
    }

    /** {@code (objectClass=<d's structural class>)}: the entries of collection {@code d}. */
    Filter objectClassFilter(CollectionDef d) {
        return Filter.createEqualityFilter("objectClass", d.glueName());
    }

    /** {@code (<column's attribute>=value)}; GLUE's IA5 attributes match it case-insensitively. */
    Filter equalityFilter(CollectionDef d, String column, String value) {
        return Filter.createEqualityFilter(attribute(d, column), value);
    }

    /** The column equal to any of {@code values} (non-empty): one equality, or an OR of them. */
    Filter anyValueFilter(CollectionDef d, String column, Collection<String> values) {
        String attr = attribute(d, column);
        if (values.size() == 1) {
            return Filter.createEqualityFilter(attr, values.iterator().next());
        }
        List<Filter> terms = new ArrayList<>(values.size());
        for (String v : values) {
            terms.add(Filter.createEqualityFilter(attr, v));
        }
        return Filter.createORFilter(terms);
    }

    /** The entries of collection {@code d} whose {@code column} equals {@code value}. */
    Filter entriesWith(CollectionDef d, String column, String value) {
        return allOf(objectClassFilter(d), equalityFilter(d, column, value));
    }

    /** The entries of collection {@code d} whose {@code column} equals one of {@code values} (non-empty). */
    Filter entriesWithAnyOf(CollectionDef d, String column, Collection<String> values) {
        return allOf(objectClassFilter(d), anyValueFilter(d, column, values));
    }

    /** The AND of {@code filters}. */
    Filter allOf(Filter... filters) {
        return Filter.createANDFilter(filters);
    }

    /** The OR of {@code filters}. */
    Filter anyOf(Filter... filters) {
        return Filter.createORFilter(filters);
    }

    /** True when {@code e} is an entry of collection {@code d} (has its structural class). */
    boolean isEntryOf(Entry e, CollectionDef d) {
        return e.hasObjectClass(d.glueName());
    }

    /** The text value of {@code column} in {@code e}, or null when absent. */
    String text(Entry e, CollectionDef d, String column) {
        return e.getAttributeValue(attribute(d, column));
    }

    /** Adds the text value of {@code column} in {@code e} to {@code into} when {@code e} has one. */
    void addText(Set<String> into, Entry e, CollectionDef d, String column) {
        String v = text(e, d, column);
        if (v != null) {
            into.add(v);
        }
    }

    /** The integer value of {@code column} in {@code e}, or null when absent. */
    Long integer(Entry e, CollectionDef d, String column) {
        String v = e.getAttributeValue(attribute(d, column));
        return v == null ? null : Long.valueOf(v.trim());
    }

    /** The attributes a search asks for: objectClass (to tell collections apart) plus each list's, once each. */
    String[] attributesWithObjectClass(String[]... lists) {
        Set<String> out = new LinkedHashSet<>();
        out.add("objectClass");
        for (String[] l : lists) {
            out.addAll(Arrays.asList(l));
        }
        return out.toArray(new String[0]);
    }

    /** The DN of a returned entry; a malformed one is the server's fault (IllegalStateException). */
    DN parsedDn(Entry e) {
        try {
            return e.getParsedDN();
        } catch (LDAPException ex) {
            throw new IllegalStateException("the server returned an entry with a malformed DN: " + e.getDN(), ex);
        }
    }

    /** The value of {@code attribute} in the RDN of {@code dn}, or null when the RDN has none (or there is no DN). */
    String rdnValue(DN dn, String attribute) {
        if (dn == null || dn.getRDN() == null) {
            return null;
        }
        RDN rdn = dn.getRDN();
        String[] names = rdn.getAttributeNames();
        String[] values = rdn.getAttributeValues();
        for (int i = 0; i < names.length; i++) {
            if (names[i].equalsIgnoreCase(attribute)) {
                return values[i];
            }
        }
        return null;
    }
}
