package org.gridstack.mds.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** Provider output parsing: broken records are skipped with their line, the rest is kept. */
class TestLdifOutputParser {
    private final LdifOutputParser parser = new LdifOutputParser();

    @Test
    void aBrokenRecordIsSkippedWithItsLineAndTheOthersAreKept() throws Exception {
        String ldif = """
                dn: GlueCEUniqueID=a,Mds-Vo-name=local,o=Grid
                objectClass: GlueCE
                GlueCEUniqueID: a

                dn: GlueCEUniqueID=b,Mds-Vo-name=local,o=Grid
                objectClass: GlueCE
                GlueCEUniqueID:: not base64 !!

                dn: GlueCEUniqueID=c,Mds-Vo-name=local,o=Grid
                objectClass: GlueCE
                GlueCEUniqueID: c
                """;
        ProviderOutput out = parser.parse("p1", ldif.getBytes(StandardCharsets.UTF_8), 0);
        assertEquals(2, out.entries().size());
        assertEquals("GlueCEUniqueID=c,Mds-Vo-name=local,o=Grid", out.entries().get(1).getDN());
        assertEquals(1, out.problems().size(), out.problems().toString());
        assertTrue(out.problems().get(0).contains("p1") && out.problems().get(0).contains("line 5") && out.problems().get(0).contains("base64"), out.problems().get(0));
    }

    @Test
    void aLineWithoutAColonIsReportedAndSkipped() throws Exception {
        String ldif = "dn: cn=a,o=grid\ncn: a\n\ndn: cn=b,o=grid\nthis line has no colon\n\ndn: cn=c,o=grid\ncn: c\n";
        ProviderOutput out = parser.parse("p2", ldif.getBytes(StandardCharsets.UTF_8), 0);
        assertEquals(2, out.entries().size(), out.problems().toString());
        assertTrue(out.problems().get(0).contains("line"), out.problems().get(0));
    }

    @Test
    void aRecordWithAnInvalidDnIsSkipped() throws Exception {
        String ldif = "dn: cn=a,o=grid\ncn: a\n\ndn: this is not a dn\ncn: b\n\ndn: cn=c,o=grid\ncn: c\n";
        ProviderOutput out = parser.parse("p5", ldif.getBytes(StandardCharsets.UTF_8), 0);
        assertEquals(2, out.entries().size(), out.problems().toString());
        assertTrue(out.problems().get(0).contains("'this is not a dn' is not a valid DN"), out.problems().toString());
    }

    @Test
    void theSizelimitKeepsTheFirstEntries() throws Exception {
        StringBuilder ldif = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            ldif.append("dn: cn=e").append(i).append(",o=grid\ncn: e").append(i).append("\n\n");
        }
        ProviderOutput out = parser.parse("p3", ldif.toString().getBytes(StandardCharsets.UTF_8), 3);
        assertEquals(3, out.entries().size());
        assertTrue(out.problems().get(0).contains("sizelimit 3"), out.problems().toString());
    }

    @Test
    void emptyOutputIsNoEntriesAndNoProblem() throws Exception {
        ProviderOutput out = parser.parse("p4", new byte[0], 0);
        assertEquals(0, out.entries().size());
        assertEquals(0, out.problems().size());
    }
}
