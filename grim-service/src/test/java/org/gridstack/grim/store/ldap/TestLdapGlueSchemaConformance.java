package org.gridstack.grim.store.ldap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.gridstack.grim.generate.GlueDataGenerator;
import org.gridstack.grim.schema.GrimLdapSchema;
import org.gridstack.service.ldapschema.OpenLdapSchemaReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.schema.AttributeTypeDefinition;
import com.unboundid.ldap.sdk.schema.EntryValidator;
import com.unboundid.ldap.sdk.schema.ObjectClassDefinition;
import com.unboundid.ldap.sdk.schema.Schema;

/**
 * Our LDAP entries against the real GLUE 1.3 schema (Debian's {@code glue-schema} package, which
 * {@code ./gridstack test} installs: {@code /etc/ldap/schema/Glue-*.schema}, read with our converter): every Glue* definition of glue.schema exists there with
 * the same OID, syntax and matching rules, and every exported entry is valid under GLUE's classes
 * (plus only our Grim* definitions for what GLUE has no class for).
 */
class TestLdapGlueSchemaConformance {
    private static final List<String> GLUE_FILES = List.of("Glue-CORE.schema", "Glue-CE.schema", "Glue-SE.schema",
            "Glue-CESEBind.schema", "Glue-MDS.schema");
    private static OpenLdapSchemaReader.Definitions glueReference;
    private static OpenLdapSchemaReader.Definitions ours;

    @BeforeAll
    static void read() throws IOException {
        Path dir = Paths.get(System.getProperty("gridstack.glue.schema.dir", "/etc/ldap/schema"));
        assertTrue(Files.isReadable(dir.resolve(GLUE_FILES.get(0))), "the GLUE 1.3 schema is not in " + dir
                + ": install Debian's glue-schema package (./gridstack test does), or set -Dgridstack.glue.schema.dir");
        List<AttributeTypeDefinition> at = new ArrayList<>();
        List<ObjectClassDefinition> oc = new ArrayList<>();
        for (String f : GLUE_FILES) {
            OpenLdapSchemaReader.Definitions d = OpenLdapSchemaReader.parse(f, Files.readString(dir.resolve(f), StandardCharsets.UTF_8));
            at.addAll(d.attributeTypes());
            oc.addAll(d.objectClasses());
        }
        glueReference = new OpenLdapSchemaReader.Definitions("GLUE 1.3", at, oc);
        ours = GrimLdapSchema.definitions("glue.schema");
    }

    @Test
    void everyGlueDefinitionWeUseMatchesGlue() {
        Map<String, AttributeTypeDefinition> refAttrs = new HashMap<>();
        glueReference.attributeTypes().forEach(a -> refAttrs.put(a.getNameOrOID().toLowerCase(Locale.ROOT), a));
        Map<String, ObjectClassDefinition> refClasses = new HashMap<>();
        glueReference.objectClasses().forEach(o -> {
            for (String n : o.getNames()) {
                refClasses.put(n.toLowerCase(Locale.ROOT), o);
            }
        });
        List<String> problems = new ArrayList<>();
        for (AttributeTypeDefinition a : ours.attributeTypes()) {
            AttributeTypeDefinition r = refAttrs.get(a.getNameOrOID().toLowerCase(Locale.ROOT));
            if (r == null) {
                problems.add("attribute " + a.getNameOrOID() + " is not in GLUE");
            } else if (!r.getOID().equals(a.getOID()) || !eq(r.getSyntaxOID(), a.getSyntaxOID())
                    || !eq(r.getEqualityMatchingRule(), a.getEqualityMatchingRule()) || !eq(r.getOrderingMatchingRule(), a.getOrderingMatchingRule())
                    || !eq(r.getSubstringMatchingRule(), a.getSubstringMatchingRule()) || r.isSingleValued() != a.isSingleValued()) {
                problems.add("attribute " + a.getNameOrOID() + ": ours " + a + " vs GLUE " + r);
            }
        }
        for (ObjectClassDefinition o : ours.objectClasses()) {
            ObjectClassDefinition r = refClasses.get(o.getNameOrOID().toLowerCase(Locale.ROOT));
            if (r == null) {
                problems.add("object class " + o.getNameOrOID() + " is not in GLUE");
                continue;
            }
            if (!r.getOID().equals(o.getOID()) || r.getObjectClassType() != o.getObjectClassType()) {
                problems.add("object class " + o.getNameOrOID() + ": OID/kind differ: ours " + o + " vs GLUE " + r);
            }
            if (!lower(r.getRequiredAttributes()).equals(lower(o.getRequiredAttributes()))) {
                problems.add("object class " + o.getNameOrOID() + ": MUST differs");
            }
            if (!lower(r.getOptionalAttributes()).containsAll(lower(o.getOptionalAttributes()))) {
                problems.add("object class " + o.getNameOrOID() + ": MAY has attributes GLUE does not allow");
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertTrue(ours.attributeTypes().size() > 50, "glue.schema defines the GLUE attributes GRIM uses");
    }

    @Test
    void everyExportedEntryIsValidUnderTheRealGlueSchema() {
        OpenLdapSchemaReader.Definitions grim = GrimLdapSchema.definitions("grim.schema");
        Schema schema = OpenLdapSchemaReader.withStandardSchema(List.of(glueReference, grim));
        EntryValidator v = new EntryValidator(schema);
        List<String> problems = new ArrayList<>();
        int glueEntries = 0;
        for (Entry e : LdifExporter.entries(new GlueDataGenerator(42, 0.01).generate())) {
            boolean glue = false;
            for (String oc : e.getObjectClassValues()) {
                glue |= oc.startsWith("Glue") && schema.getObjectClass(oc).getObjectClassType(schema)
                        == com.unboundid.ldap.sdk.schema.ObjectClassType.STRUCTURAL;
            }
            if (!glue) {
                continue; // the containers (o=grid, Mds) and entries of Grim* classes: GLUE says nothing about them
            }
            glueEntries++;
            List<String> reasons = new ArrayList<>();
            if (!v.entryIsValid(e, reasons) && problems.size() < 10) {
                problems.add(e.getDN() + ": " + reasons);
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertTrue(glueEntries > 100, "entries of GLUE classes were checked: " + glueEntries);
    }

    private static boolean eq(String a, String b) {
        return a == null ? b == null : a.equalsIgnoreCase(b);
    }

    private static List<String> lower(String[] names) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            out.add(n.toLowerCase(Locale.ROOT));
        }
        out.sort(null);
        return out;
    }
}
