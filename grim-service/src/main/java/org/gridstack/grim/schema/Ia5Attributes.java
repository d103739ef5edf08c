package org.gridstack.grim.schema;

import com.google.errorprone.annotations.Immutable;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import com.unboundid.ldap.sdk.schema.AttributeTypeDefinition;
import com.unboundid.ldap.sdk.schema.Schema;

/**
 * The attributes GRIM's LDAP schema (GLUE's {@code glue.schema} plus {@code grim.schema}) types as
 * IA5String: they hold ASCII only, so a value with any other character can be stored by
 * PostgreSQL and BaseX but not by LDAP. Read once from the schema both LDAP servers enforce.
 * Immutable, thread-safe.
 */
@Immutable
public final class Ia5Attributes {
    private static final String IA5_SYNTAX = "1.3.6.1.4.1.1466.115.121.1.26";
    private static final Set<String> NAMES = load();

    private Ia5Attributes() {
    }

    /** True when the LDAP attribute {@code glueName} (case-insensitive) takes ASCII only. */
    public static boolean isAsciiOnly(String glueName) {
        return NAMES.contains(glueName.toLowerCase(Locale.ROOT));
    }

    private static Set<String> load() {
        Schema schema = GrimLdapSchema.schema();
        Set<String> names = new TreeSet<>();
        for (AttributeTypeDefinition a : schema.getAttributeTypes()) {
            if (IA5_SYNTAX.equals(a.getBaseSyntaxOID(schema))) {
                for (String n : a.getNames()) {
                    names.add(n.toLowerCase(Locale.ROOT));
                }
            }
        }
        return Set.copyOf(names);
    }
}
