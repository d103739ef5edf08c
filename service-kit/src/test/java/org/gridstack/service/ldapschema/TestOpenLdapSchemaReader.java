package org.gridstack.service.ldapschema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.unboundid.ldap.sdk.schema.AttributeTypeDefinition;
import com.unboundid.ldap.sdk.schema.Schema;

class TestOpenLdapSchemaReader {
    /** 13 lines; line 6 is blank inside the first definition. */
    private static final String GOOD = "# a comment\n"
            + "attributetype ( 1.2.3.4\n\tNAME \t'FooBar'\n    DESC 'tab\tinside'\n"
            + "\tEQUALITY caseIgnoreIA5Match\n\n    SYNTAX 1.3.6.1.4.1.1466.115.121.1.26\n    SINGLE-VALUE)\n\n"
            + "attributetype ( 1.2.3.6 NAME 'FooCount' EQUALITY integerMatch ORDERING integerOrderingMatch\n"
            + "    SYNTAX 1.3.6.1.4.1.1466.115.121.1.27 )\n"
            + "objectclass ( 1.2.3.5 NAME 'Foo' SUP 'top' STRUCTURAL\n  MUST ( FooBar ) MAY ( FooCount ) )\n";

    @Test
    void aGoodFileJoinsContinuationLinesAcrossBlankLinesTurnsTabsIntoSpacesAndSkipsComments(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("foo.schema");
        Files.writeString(file, GOOD, StandardCharsets.ISO_8859_1);
        OpenLdapSchemaReader.Definitions d = OpenLdapSchemaReader.read(file);
        assertEquals(file.toString(), d.source());
        assertEquals(2, d.attributeTypes().size());
        AttributeTypeDefinition a = d.attributeTypes().get(0);
        assertEquals("FooBar", a.getNameOrOID());
        assertEquals("tab inside", a.getDescription());
        assertEquals("1.3.6.1.4.1.1466.115.121.1.26", a.getSyntaxOID(), "the continuation after a blank line belongs to the statement");
        assertTrue(a.isSingleValued());
        assertEquals("Foo", d.objectClasses().get(0).getNameOrOID());

        Schema s = OpenLdapSchemaReader.withStandardSchema(List.of(d));
        assertNotNull(s.getObjectClass("foo"));
        assertEquals("integerOrderingMatch", s.getAttributeType("foocount").getOrderingMatchingRule(s));
        assertNotNull(s.getObjectClass("organization"), "merged with the standard schema");
    }

    @Test
    void aDefinitionThatDoesNotParseIsAnErrorNamingTheFileAndTheLineItStartsOn() {
        String text = GOOD + "\n# broken below\nattributetype ( 1.2.3.7 NAME 'Broken'\n    SYNTAX )\n";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OpenLdapSchemaReader.parse("bad.schema", text));
        assertTrue(e.getMessage().startsWith("bad.schema line 16: 'attributetype ( 1.2.3.7 NAME 'Broken' SYNTAX )' does not parse"),
                e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> OpenLdapSchemaReader.parse("other.schema", "\n\nattributetype 1.2.3 NAME 'x' )\n"));
        assertTrue(e.getMessage().startsWith("other.schema line 3: 'attributetype 1.2.3"), e.getMessage());
    }

    @Test
    void aStatementThatIsNotADefinitionIsAnErrorToo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("macros.schema");
        Files.writeString(file, GOOD + "objectidentifier X 1.2\n", StandardCharsets.ISO_8859_1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OpenLdapSchemaReader.read(file));
        assertTrue(e.getMessage().startsWith(file + " line 14: unsupported statement 'objectidentifier X 1.2'"), e.getMessage());
    }

    @Test
    void nothingToMergeIsTheStandardSchema() throws Exception {
        OpenLdapSchemaReader.Definitions empty = OpenLdapSchemaReader.parse("empty.schema", "# only a comment\n\n");
        assertTrue(empty.isEmpty());
        assertSame(Schema.getDefaultStandardSchema(), OpenLdapSchemaReader.withStandardSchema(List.of(empty)));
        assertNull(Schema.getDefaultStandardSchema().getObjectClass("foo"));
    }
}
