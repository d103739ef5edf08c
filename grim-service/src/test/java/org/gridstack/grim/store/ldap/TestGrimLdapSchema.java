package org.gridstack.grim.store.ldap;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.schema.GrimLdapSchema;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.schema.Schema;

/** GRIM's schema files against the model (the reader itself is tested in service-kit: TestOpenLdapSchemaReader). */
class TestGrimLdapSchema {
    @Test
    void grimsSchemaDefinesEveryClassAndAttributeTheModelUses() {
        Schema s = GrimLdapSchema.schema();
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
