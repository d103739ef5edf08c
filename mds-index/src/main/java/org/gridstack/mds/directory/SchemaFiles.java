package org.gridstack.mds.directory;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.schema.AttributeTypeDefinition;
import com.unboundid.ldap.sdk.schema.ObjectClassDefinition;
import com.unboundid.ldap.sdk.schema.Schema;

/**
 * Reads OpenLDAP {@code .schema} files (e.g. the {@code glue-schema} package's
 * {@code /etc/ldap/schema/Glue-*.schema} and {@code GLUE20.schema}) into an SDK {@link Schema},
 * merged over the SDK's standard schema, so filters use each attribute's matching rules
 * ({@code (GlueCEStateFreeCPUs>=10)} compares integers, not strings). OpenLDAP's format: a
 * statement starts at a line that does not begin with white space; {@code #} lines are comments;
 * {@code attributetype} and {@code objectclass} statements are read, others
 * ({@code objectidentifier}) are skipped. A definition that does not parse is logged and
 * skipped. Stateless; thread-safe.
 */
public final class SchemaFiles {
    private static final Logger log = LoggerFactory.getLogger(SchemaFiles.class);
    /** The {@code glue-schema} package's files, in dependency order. */
    public static final List<String> GLUE_FILES = List.of("Glue-CORE.schema", "Glue-CE.schema", "Glue-SE.schema",
            "Glue-CESEBind.schema", "Glue-MDS.schema", "GLUE20.schema");

    /**
     * The standard schema plus the GLUE files found in {@code dir}; only the standard schema
     * when none is there (logged).
     */
    public Schema glue(Path dir) throws IOException {
        requireNonNull(dir, "dir is null");
        List<Path> files = new ArrayList<>();
        for (String f : GLUE_FILES) {
            if (Files.isReadable(dir.resolve(f))) {
                files.add(dir.resolve(f));
            }
        }
        if (files.isEmpty()) {
            log.info("no GLUE schema files in {} (Debian package glue-schema); filters compare every attribute as a"
                    + " case-insensitive string", dir);
        }
        return read(files);
    }

    /** The standard schema plus the definitions of {@code files}. */
    public Schema read(List<Path> files) throws IOException {
        List<String> attributeTypes = new ArrayList<>();
        List<String> objectClasses = new ArrayList<>();
        for (Path f : files) {
            parse(f.toString(), Files.readString(f, StandardCharsets.ISO_8859_1), attributeTypes, objectClasses);
        }
        Schema standard;
        try {
            standard = Schema.getDefaultStandardSchema();
        } catch (LDAPException e) {
            throw new IOException("the SDK's standard schema cannot be read: " + e.getMessage(), e);
        }
        if (attributeTypes.isEmpty() && objectClasses.isEmpty()) {
            return standard;
        }
        Entry e = new Entry("cn=schema");
        e.addAttribute(new Attribute("objectClass", "top", "subschema"));
        e.addAttribute(new Attribute("attributeTypes", attributeTypes));
        e.addAttribute(new Attribute("objectClasses", objectClasses));
        return Schema.mergeSchemas(standard, new Schema(e));
    }

    static void parse(String source, String text, List<String> attributeTypes, List<String> objectClasses) {
        StringBuilder statement = new StringBuilder();
        int statementLine = 0;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i <= lines.length; i++) {
            String line = i < lines.length ? lines[i] : "";
            if (i < lines.length && line.startsWith("#")) {
                continue;
            }
            boolean continuation = i < lines.length && !line.isEmpty() && Character.isWhitespace(line.charAt(0));
            if (continuation) {
                statement.append(' ').append(line.strip().replace('\t', ' '));
                continue;
            }
            if (statement.length() > 0) {
                take(source, statementLine, statement.toString().strip(), attributeTypes, objectClasses);
                statement.setLength(0);
            }
            if (i < lines.length && !line.isBlank()) {
                statement.append(line.strip().replace('\t', ' '));
                statementLine = i + 1;
            }
        }
    }

    private static void take(String source, int line, String statement, List<String> attributeTypes,
            List<String> objectClasses) {
        String lower = statement.toLowerCase(Locale.ROOT);
        try {
            if (lower.startsWith("attributetype")) {
                String def = statement.substring("attributetype".length()).strip();
                new AttributeTypeDefinition(def); // validates
                attributeTypes.add(def);
            } else if (lower.startsWith("objectclass")) {
                String def = statement.substring("objectclass".length()).strip();
                new ObjectClassDefinition(def);
                objectClasses.add(def);
            }
        } catch (LDAPException e) {
            log.warn("{} line {}: definition skipped: {}", source, line, e.getExceptionMessage());
        }
    }
}
