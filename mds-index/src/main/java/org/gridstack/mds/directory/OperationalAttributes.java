package org.gridstack.mds.directory;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.schema.ObjectClassDefinition;
import com.unboundid.ldap.sdk.schema.ObjectClassType;
import com.unboundid.ldap.sdk.schema.Schema;
import com.unboundid.util.StaticUtils;

/**
 * The operational attributes a search returns when asked for {@code +} (RFC 3673) or by name, as
 * slapd computes them: {@code structuralObjectClass} (the most specific structural class among the
 * entry's object classes, by the schema), {@code entryDN}, {@code hasSubordinates} and
 * {@code modifyTimestamp} (when the provider that published the entry collected it). Stateless
 * apart from the schema; thread-safe.
 */
@ThreadSafe
final class OperationalAttributes {
    static final String STRUCTURAL_OBJECT_CLASS = "structuralObjectClass";
    static final String ENTRY_DN = "entryDN";
    static final String HAS_SUBORDINATES = "hasSubordinates";
    static final String MODIFY_TIMESTAMP = "modifyTimestamp";
    private static final Set<String> NAMES = Set.of(STRUCTURAL_OBJECT_CLASS.toLowerCase(Locale.ROOT),
            ENTRY_DN.toLowerCase(Locale.ROOT), HAS_SUBORDINATES.toLowerCase(Locale.ROOT), MODIFY_TIMESTAMP.toLowerCase(Locale.ROOT));

    private final Schema schema;

    OperationalAttributes(Schema schema) {
        this.schema = schema;
    }

    /** Whether {@code description} names one of these attributes. */
    static boolean isOne(String description) {
        return NAMES.contains(description.toLowerCase(Locale.ROOT));
    }

    /** Whether a search asking for {@code requested} gets any of these attributes. */
    static boolean requested(List<String> requested) {
        for (String a : requested) {
            if (a.equals("+") || isOne(a)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code pared} (what the search returns of {@code original}) with the operational attributes
     * {@code requested} asks for: all with {@code +}, else those named.
     */
    Entry added(Entry pared, Entry original, DirectoryContent content, List<String> requested) {
        requireNonNull(pared, "pared is null");
        boolean all = requested.contains("+");
        Entry out = pared.duplicate();
        if (all || requested.stream().anyMatch(STRUCTURAL_OBJECT_CLASS::equalsIgnoreCase)) {
            String s = structuralClass(original);
            if (s != null) {
                out.setAttribute(STRUCTURAL_OBJECT_CLASS, s);
            }
        }
        if (all || requested.stream().anyMatch(ENTRY_DN::equalsIgnoreCase)) {
            out.setAttribute(ENTRY_DN, original.getDN());
        }
        if (all || requested.stream().anyMatch(HAS_SUBORDINATES::equalsIgnoreCase)) {
            boolean has;
            try {
                has = content.hasSubordinates(original.getParsedDN());
            } catch (LDAPException e) {
                has = false;
            }
            out.setAttribute(HAS_SUBORDINATES, has ? "TRUE" : "FALSE");
        }
        if (all || requested.stream().anyMatch(MODIFY_TIMESTAMP::equalsIgnoreCase)) {
            Instant when = content.collectedAt(original);
            out.setAttribute(MODIFY_TIMESTAMP, StaticUtils.encodeGeneralizedTime(Date.from(when)));
        }
        return out;
    }

    /** The structural class with the most superclasses among the entry's classes; the first class when there is no schema. */
    private String structuralClass(Entry e) {
        String[] classes = e.getObjectClassValues();
        if (classes == null || classes.length == 0) {
            return null;
        }
        if (schema == null) {
            return classes[0];
        }
        String best = null;
        int bestDepth = -1;
        for (String c : classes) {
            ObjectClassDefinition d = schema.getObjectClass(c);
            if (d == null || d.getObjectClassType(schema) != ObjectClassType.STRUCTURAL) {
                continue;
            }
            int depth = d.getSuperiorClasses(schema, true).size();
            if (depth > bestDepth) {
                best = d.getNameOrOID();
                bestDepth = depth;
            }
        }
        return best;
    }
}
