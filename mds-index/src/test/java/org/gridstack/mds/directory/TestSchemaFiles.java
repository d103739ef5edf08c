package org.gridstack.mds.directory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.unboundid.ldap.sdk.schema.Schema;

class TestSchemaFiles {
    private static final String CORE = "# GLUE core, cut down\n"
            + "attributetype ( 1.3.6.1.4.1.8005.100.1.2.1 NAME 'GlueTestFreeCPUs'\n"
            + "\tEQUALITY integerMatch\n\tORDERING integerOrderingMatch\n\tSYNTAX 1.3.6.1.4.1.1466.115.121.1.27 SINGLE-VALUE )\n";

    @Test
    void readsTheGlueFilesFoundInTheDirectory(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("Glue-CORE.schema"), CORE, StandardCharsets.ISO_8859_1);
        Schema s = new SchemaFiles().glue(dir);
        assertEquals("integerOrderingMatch", s.getAttributeType("gluetestfreecpus").getOrderingMatchingRule(s));
        assertNotNull(s.getObjectClass("organization"), "merged with the standard schema");
    }

    @Test
    void noGlueFilesIsTheStandardSchema(@TempDir Path dir) throws Exception {
        Schema s = new SchemaFiles().glue(dir);
        assertNull(s.getAttributeType("gluetestfreecpus"));
        assertNotNull(s.getObjectClass("organization"));
    }

    @Test
    void aBrokenDefinitionFailsTheReadNamingFileAndLine(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("Glue-CORE.schema"), CORE, StandardCharsets.ISO_8859_1);
        Path broken = dir.resolve("Glue-CE.schema");
        Files.writeString(broken, "# CE\n\nattributetype ( 1.3.6.1.4.1.8005.100.2.2.1 NAME 'GlueTestBroken'\n\tSYNTAX )\n",
                StandardCharsets.ISO_8859_1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SchemaFiles().glue(dir));
        assertTrue(e.getMessage().startsWith(broken + " line 3: 'attributetype ( 1.3.6.1.4.1.8005.100.2.2.1"), e.getMessage());
    }
}
