package org.gridstack.grim.store.ldap;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.schema.AttributeTypeDefinition;
import com.unboundid.ldap.sdk.schema.ObjectClassDefinition;
import com.unboundid.ldap.sdk.schema.Schema;

/**
 * Turns OpenLDAP {@code .schema} text (what slapd's {@code include} reads) into an UnboundID
 * {@link Schema}, so the in-memory server enforces the same definitions as slapd. The SDK reads
 * only LDIF subschema entries, hence the steps: drop {@code #} comments, join each definition's
 * continuation lines (any line starting with whitespace), turn tabs into spaces (the SDK's
 * tokenizer splits on spaces only), then parse each {@code attributetype} / {@code objectclass}
 * as an RFC 4512 definition. A definition that does not parse is an error naming it, never
 * silently dropped. {@code objectidentifier} macros are not supported (GLUE uses none).
 * Stateless and thread-safe.
 */
public final class OpenLdapSchemaConverter {
    private OpenLdapSchemaConverter() {
    }

    /** The definitions of one {@code .schema} text. */
    public record Definitions(List<AttributeTypeDefinition> attributeTypes, List<ObjectClassDefinition> objectClasses) {
        public Definitions {
            attributeTypes = List.copyOf(attributeTypes);
            objectClasses = List.copyOf(objectClasses);
        }
    }

    /** Parses one {@code .schema} text; {@code source} names it in error messages. */
    public static Definitions parse(String source, String text) {
        List<AttributeTypeDefinition> at = new ArrayList<>();
        List<ObjectClassDefinition> oc = new ArrayList<>();
        for (Statement s : statements(text)) {
            String lower = s.text.toLowerCase(Locale.ROOT);
            try {
                if (lower.startsWith("attributetype")) {
                    at.add(new AttributeTypeDefinition(s.text.substring("attributetype".length()).trim()));
                } else if (lower.startsWith("objectclass")) {
                    oc.add(new ObjectClassDefinition(s.text.substring("objectclass".length()).trim()));
                } else {
                    throw new IllegalArgumentException(source + " line " + s.line + ": unsupported statement '"
                            + first(s.text) + "' (only attributetype and objectclass are converted)");
                }
            } catch (LDAPException e) {
                throw new IllegalArgumentException(source + " line " + s.line + ": " + first(s.text) + " does not parse: "
                        + e.getMessage(), e);
            }
        }
        return new Definitions(at, oc);
    }

    /** The subschema entry ({@code cn=schema}) holding the definitions of all texts, in order. */
    public static Entry toSubschemaEntry(List<Definitions> parts) {
        Entry e = new Entry("cn=schema");
        e.addAttribute("objectClass", "top", "ldapSubentry", "subschema");
        e.addAttribute("cn", "schema");
        for (Definitions d : parts) {
            for (AttributeTypeDefinition a : d.attributeTypes()) {
                e.addAttribute("attributeTypes", a.toString());
            }
        }
        for (Definitions d : parts) {
            for (ObjectClassDefinition o : d.objectClasses()) {
                e.addAttribute("objectClasses", o.toString());
            }
        }
        return e;
    }

    /** The SDK's standard schema (top, RFC 4519 classes, matching rules, syntaxes) plus {@code parts}. */
    public static Schema withStandardSchema(List<Definitions> parts) {
        try {
            return Schema.mergeSchemas(Schema.getDefaultStandardSchema(), new Schema(toSubschemaEntry(parts)));
        } catch (LDAPException e) {
            throw new IllegalStateException("cannot load the SDK's standard schema: " + e.getMessage(), e);
        }
    }

    /** GRIM's own schema files ({@code /ldap/glue.schema}, {@code /ldap/grim.schema}) as slapd includes them. */
    public static List<String> grimSchemaFiles() {
        return List.of("glue.schema", "grim.schema");
    }

    /** The text of one of GRIM's schema files from the classpath. */
    public static String grimSchemaText(String fileName) {
        try (InputStream in = OpenLdapSchemaConverter.class.getResourceAsStream("/ldap/" + fileName)) {
            if (in == null) {
                throw new IllegalStateException("/ldap/" + fileName + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /ldap/" + fileName + ": " + e.getMessage(), e);
        }
    }

    /** GRIM's schema (glue.schema + grim.schema) merged with the standard schema: what both servers enforce. */
    public static Schema grimSchema() {
        List<Definitions> parts = new ArrayList<>();
        for (String f : grimSchemaFiles()) {
            parts.add(parse(f, grimSchemaText(f)));
        }
        return withStandardSchema(parts);
    }

    private record Statement(int line, String text) {
    }

    private static List<Statement> statements(String text) {
        List<Statement> out = new ArrayList<>();
        StringBuilder cur = null;
        int start = 0;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            if (l.startsWith("#")) {
                continue;
            }
            if (l.isBlank()) {
                continue; // slapd ends a statement at the next line that starts in column 0, not at blank lines
            }
            boolean continuation = Character.isWhitespace(l.charAt(0));
            String clean = l.replace('\t', ' ').strip();
            if (continuation && cur != null) {
                cur.append(' ').append(clean);
            } else {
                if (cur != null) {
                    out.add(new Statement(start, cur.toString()));
                }
                cur = new StringBuilder(clean);
                start = i + 1;
            }
        }
        if (cur != null) {
            out.add(new Statement(start, cur.toString()));
        }
        return out;
    }

    private static String first(String statement) {
        int n = Math.min(statement.length(), 80);
        return "'" + statement.substring(0, n) + (n < statement.length() ? "...'" : "'");
    }
}
