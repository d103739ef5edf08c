package org.gridstack.grim.store.ldap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.GlueModel;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.schema.AttributeTypeDefinition;
import com.unboundid.ldap.sdk.schema.Schema;

class TestLdapSchemaConverter {
    @Test
    void joinsContinuationLinesTurnsTabsIntoSpacesAndSkipsComments() {
        String text = "# a comment\nattributetype ( 1.2.3.4\n\tNAME \t'FooBar'\n    DESC 'tab\tinside'\n"
                + "\tEQUALITY caseIgnoreIA5Match\n    SYNTAX 1.3.6.1.4.1.1466.115.121.1.26\n    SINGLE-VALUE)\n\n"
                + "objectclass ( 1.2.3.5 NAME 'Foo' SUP 'top' STRUCTURAL\n  MUST ( FooBar ) )\n";
        OpenLdapSchemaConverter.Definitions d = OpenLdapSchemaConverter.parse("test.schema", text);
        assertEquals(1, d.attributeTypes().size());
        AttributeTypeDefinition a = d.attributeTypes().get(0);
        assertEquals("FooBar", a.getNameOrOID());
        assertTrue(a.isSingleValued());
        assertEquals("Foo", d.objectClasses().get(0).getNameOrOID());
        Schema s = OpenLdapSchemaConverter.withStandardSchema(List.of(d));
        assertNotNull(s.getObjectClass("foo"));
        assertNotNull(s.getObjectClass("organization"), "merged with the standard schema");
    }

    @Test
    void aDefinitionThatDoesNotParseIsAnErrorNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> OpenLdapSchemaConverter.parse("bad.schema", "\n\nattributetype 1.2.3 NAME 'x' )\n"));
        assertTrue(e.getMessage().startsWith("bad.schema line 3: 'attributetype 1.2.3"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> OpenLdapSchemaConverter.parse("m.schema", "objectidentifier X 1.2\n"));
        assertTrue(e.getMessage().contains("unsupported statement"), e.getMessage());
    }

    @Test
    void grimsSchemaDefinesEveryClassAndAttributeTheModelUses() {
        Schema s = OpenLdapSchemaConverter.grimSchema();
        for (CollectionDef d : GlueModel.collections()) {
            for (String oc : GlueDit.objectClasses(d)) {
                assertNotNull(s.getObjectClass(oc), d.name() + ": object class " + oc);
            }
            for (Column c : d.columns()) {
                assertNotNull(s.getAttributeType(c.glueName()), d.name() + "." + c.name() + ": attribute " + c.glueName());
            }
        }
    }
}
