package org.gridstack.mds.directory;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.service.ldapschema.OpenLdapSchemaReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.ldap.sdk.schema.Schema;

/**
 * Reads OpenLDAP {@code .schema} files (e.g. the {@code glue-schema} package's
 * {@code /etc/ldap/schema/Glue-*.schema} and {@code GLUE20.schema}) into an SDK {@link Schema},
 * merged over the SDK's standard schema, so filters use each attribute's matching rules
 * ({@code (GlueCEStateFreeCPUs>=10)} compares integers, not strings). The files are read by
 * {@link OpenLdapSchemaReader}: a definition that does not parse (or a statement other than
 * {@code attributetype} and {@code objectclass}) fails the read naming file and line, so a broken
 * schema stops the start-up instead of changing how filters match. Stateless; thread-safe.
 */
@ThreadSafe
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

    /**
     * The standard schema plus the definitions of {@code files}, read with the shared
     * {@link OpenLdapSchemaReader}.
     *
     * @throws IllegalArgumentException naming the file and line of a definition that does not parse
     */
    public Schema read(List<Path> files) throws IOException {
        requireNonNull(files, "files is null");
        List<OpenLdapSchemaReader.Definitions> parts = new ArrayList<>();
        for (Path f : files) {
            parts.add(OpenLdapSchemaReader.read(f));
        }
        return OpenLdapSchemaReader.withStandardSchema(parts);
    }
}
