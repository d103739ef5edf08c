package org.gridstack.service.ldapschema;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.schema.AttributeTypeDefinition;
import com.unboundid.ldap.sdk.schema.ObjectClassDefinition;
import com.unboundid.ldap.sdk.schema.Schema;

/**
 * Reads OpenLDAP {@code .schema} text (what slapd's {@code include} reads, e.g. the
 * {@code glue-schema} package's {@code /etc/ldap/schema/Glue-*.schema}) into UnboundID schema
 * definitions, so an in-memory server or a filter evaluator uses the same definitions as slapd.
 * The SDK reads only LDIF subschema entries, hence the steps, as slapd reads its files: {@code #}
 * lines are comments, blank lines are skipped, a line starting with white space continues the
 * statement above (a statement ends only at the next line starting in column 0), tabs become spaces
 * (the SDK's tokenizer splits on spaces only); then each {@code attributetype} and
 * {@code objectclass} statement is parsed as an RFC 4512 definition.
 *
 * <p>One error policy: a statement that does not parse, or any other statement (such as
 * {@code objectidentifier} macros, which are not supported), is an {@link IllegalArgumentException}
 * naming the file and the line the statement starts on, never silently dropped: a broken schema is
 * noticed when it is read, not as wrong filter answers later. Stateless and thread-safe.
 */
public final class OpenLdapSchemaReader {
    private OpenLdapSchemaReader() {
    }

    /**
     * The definitions of one {@code .schema} text, in file order.
     *
     * @param source names the text in error messages (a file name or path)
     */
    public record Definitions(String source, List<AttributeTypeDefinition> attributeTypes, List<ObjectClassDefinition> objectClasses) {
        public Definitions {
            requireNonNull(source, "source is null");
            attributeTypes = List.copyOf(attributeTypes);
            objectClasses = List.copyOf(objectClasses);
        }

        /** True when the text defines nothing. */
        public boolean isEmpty() {
            return attributeTypes.isEmpty() && objectClasses.isEmpty();
        }
    }

    /**
     * Parses one {@code .schema} text; {@code source} names it in error messages.
     *
     * @throws IllegalArgumentException "{@code source} line N: ..." for the first statement that is
     *                                  not a definition this reader reads
     */
    public static Definitions parse(String source, String text) {
        requireNonNull(source, "source is null");
        requireNonNull(text, "text is null");
        List<AttributeTypeDefinition> attributeTypes = new ArrayList<>();
        List<ObjectClassDefinition> objectClasses = new ArrayList<>();
        for (Statement s : statements(text)) {
            String lower = s.text().toLowerCase(Locale.ROOT);
            try {
                if (keyword(lower, "attributetype")) {
                    attributeTypes.add(new AttributeTypeDefinition(s.text().substring("attributetype".length()).trim()));
                } else if (keyword(lower, "objectclass")) {
                    objectClasses.add(new ObjectClassDefinition(s.text().substring("objectclass".length()).trim()));
                } else {
                    throw new IllegalArgumentException(source + " line " + s.line() + ": unsupported statement " + excerpt(s.text())
                            + " (only attributetype and objectclass are read)");
                }
            } catch (LDAPException e) {
                throw new IllegalArgumentException(source + " line " + s.line() + ": " + excerpt(s.text()) + " does not parse: "
                        + e.getExceptionMessage(), e);
            }
        }
        return new Definitions(source, attributeTypes, objectClasses);
    }

    /**
     * Reads and parses one file (ISO-8859-1, so any byte reads; definitions are ASCII); error
     * messages name the file by its path.
     */
    public static Definitions read(Path file) throws IOException {
        requireNonNull(file, "file is null");
        return parse(file.toString(), Files.readString(file, StandardCharsets.ISO_8859_1));
    }

    /** The subschema entry ({@code cn=schema}) holding the definitions of all {@code parts}, in order. */
    public static Entry toSubschemaEntry(List<Definitions> parts) {
        requireNonNull(parts, "parts is null");
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

    /**
     * The SDK's standard schema (top, the RFC 4519 classes, matching rules, syntaxes) merged with
     * {@code parts}; the standard schema alone when {@code parts} define nothing.
     */
    public static Schema withStandardSchema(List<Definitions> parts) {
        requireNonNull(parts, "parts is null");
        Schema standard;
        try {
            standard = Schema.getDefaultStandardSchema();
        } catch (LDAPException e) {
            throw new IllegalStateException("the SDK's standard schema cannot be read: " + e.getExceptionMessage(), e);
        }
        if (parts.stream().allMatch(Definitions::isEmpty)) {
            return standard;
        }
        return Schema.mergeSchemas(standard, new Schema(toSubschemaEntry(parts)));
    }

    /** One statement and the (1-based) line it starts on. */
    private record Statement(int line, String text) {
    }

    private static List<Statement> statements(String text) {
        List<Statement> out = new ArrayList<>();
        StringBuilder current = null;
        int start = 0;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            boolean continuation = Character.isWhitespace(line.charAt(0));
            String clean = line.replace('\t', ' ').strip();
            if (continuation && current != null) {
                current.append(' ').append(clean);
            } else {
                if (current != null) {
                    out.add(new Statement(start, current.toString()));
                }
                current = new StringBuilder(clean);
                start = i + 1;
            }
        }
        if (current != null) {
            out.add(new Statement(start, current.toString()));
        }
        return out;
    }

    /** True when {@code lowerStatement} starts with {@code keyword} followed by white space or a parenthesis. */
    private static boolean keyword(String lowerStatement, String keyword) {
        if (!lowerStatement.startsWith(keyword)) {
            return false;
        }
        if (lowerStatement.length() == keyword.length()) {
            return true;
        }
        char next = lowerStatement.charAt(keyword.length());
        return Character.isWhitespace(next) || next == '(';
    }

    private static String excerpt(String statement) {
        int n = Math.min(statement.length(), 80);
        return "'" + statement.substring(0, n) + (n < statement.length() ? "...'" : "'");
    }
}
