package org.gridstack.grim.schema;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.service.ldapschema.OpenLdapSchemaReader;

import com.unboundid.ldap.sdk.schema.Schema;

/**
 * GRIM's LDAP schema: GLUE's definitions GRIM uses ({@code /ldap/glue.schema}) plus its own
 * ({@code /ldap/grim.schema}), in OpenLDAP's format as slapd includes them, read with the shared
 * {@link OpenLdapSchemaReader} (a definition that does not parse fails naming file and line), so
 * the in-memory server enforces the same definitions as slapd and the input domain knows which
 * attributes take ASCII only. Stateless and thread-safe.
 */
@ThreadSafe
public final class GrimLdapSchema {
    private GrimLdapSchema() {
    }

    /** The schema files, in the order slapd includes them. */
    public static List<String> files() {
        return List.of("glue.schema", "grim.schema");
    }

    /** The text of one of the schema files ({@link #files()}) from the classpath. */
    public static String text(String fileName) {
        try (InputStream in = GrimLdapSchema.class.getResourceAsStream("/ldap/" + fileName)) {
            if (in == null) {
                throw new IllegalStateException("/ldap/" + fileName + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /ldap/" + fileName + ": " + e.getMessage(), e);
        }
    }

    /** The definitions of one of the schema files. */
    public static OpenLdapSchemaReader.Definitions definitions(String fileName) {
        return OpenLdapSchemaReader.parse(fileName, text(fileName));
    }

    /** Every schema file merged with the standard schema: what both LDAP servers enforce. */
    public static Schema schema() {
        List<OpenLdapSchemaReader.Definitions> parts = new ArrayList<>();
        for (String f : files()) {
            parts.add(definitions(f));
        }
        return OpenLdapSchemaReader.withStandardSchema(parts);
    }
}
