package org.gridstack.grim.store.ldap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.grim.generate.GlueDataGenerator;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.schema.GrimLdapSchema;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.schema.EntryValidator;
import com.unboundid.ldif.LDIFReader;

/**
 * Golden file (Calcite DiffRepository style): the LDIF export of a tiny dataset is kept, reviewed,
 * under src/test/resources/ldap/; when the export differs, the actual text is written to
 * target/ldap-golden/ so that {@code diff} explains the failure (copy it over the expected file
 * when the change is intended).
 */
class TestLdapLdifExport {
    private static final String GOLDEN = "export-seed42-scale0.002.ldif";

    @Test
    void exportMatchesTheGoldenFile() throws IOException {
        Dataset data = new GlueDataGenerator(42, 0.002).generate();
        String actual = LdifExporter.export(data);
        String expected;
        try (InputStream in = getClass().getResourceAsStream("/ldap/" + GOLDEN)) {
            expected = in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!actual.equals(expected)) {
            Path out = Paths.get("target", "ldap-golden", GOLDEN);
            Files.createDirectories(out.getParent());
            Files.writeString(out, actual, StandardCharsets.UTF_8);
            fail((expected == null ? "no golden file src/test/resources/ldap/" + GOLDEN : "the LDIF export differs from src/test/resources/ldap/"
                    + GOLDEN) + "; actual written to " + out.toAbsolutePath() + " (diff them; copy it over the expected file if intended)");
        }
    }

    @Test
    void everyExportedEntryParsesBackAndSatisfiesGrimsSchema() throws Exception {
        Dataset data = new GlueDataGenerator(42, 0.01).generate();
        String ldif = LdifExporter.export(data);
        EntryValidator validator = new EntryValidator(GrimLdapSchema.schema());
        int n = 0;
        List<String> problems = new ArrayList<>();
        try (LDIFReader r = new LDIFReader(new ByteArrayInputStream(ldif.getBytes(StandardCharsets.UTF_8)))) {
            for (Entry e = r.readEntry(); e != null; e = r.readEntry()) {
                n++;
                List<String> reasons = new ArrayList<>();
                if (!validator.entryIsValid(e, reasons) && problems.size() < 10) {
                    problems.add(e.getDN() + ": " + reasons);
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertEquals(data.totalObjects() + 2, n, "one entry per object plus the two containers");
    }
}
