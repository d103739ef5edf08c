package org.gridstack.frontier.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TestP1Codec {
    @Test
    void encodesLikeTheCClient() {
        // from the golden vector 01-types-zip0.url (testing module)
        assertEquals("eNorTs1JTS5R0FJIK8rPVQiJD4kMcA1WyC9KSS1SSKpUyEwBAL9UCys_", P1Codec.encode("select * from T_TYPES order by id\n"));
    }

    @Test
    void roundTripsUnicodeAndBinds() throws Exception {
        for (String sql : new String[] {"select 1", "select 'grüße 日本 😀' from t", "select id from t where s = ?:hello", "x".repeat(100_000)}) {
            assertEquals(sql, P1Codec.decode(P1Codec.encode(sql)));
        }
    }

    @Test
    void reportsWhatIsWrong() {
        assertTrue(message("").contains("empty"));
        assertTrue(message("@@@@").contains("Base64"), message("@@@@"));
        assertTrue(message("AAAA").contains("zlib"), message("AAAA"));
        String full = P1Codec.encode("select * from T_TYPES");
        assertTrue(message(full.substring(0, 12)).contains("zlib") || message(full.substring(0, 12)).contains("Base64"));
        assertTrue(message("A".repeat(P1Codec.MAX_ENCODED_CHARS + 1)).contains("limit"));
    }

    @Test
    void aRequestBudgetBoundsTheSqlInflatedOverAllPayloads() throws Exception {
        String p1 = P1Codec.encode("x".repeat(300_000));
        SqlBudget budget = new SqlBudget(1_000_000, "the test's budget");
        for (int payload = 1; payload <= 3; payload++) {
            assertEquals(300_000, P1Codec.decode(p1, budget, payload).length());
        }
        assertEquals(900_000, budget.used());
        SqlBudgetExceededException e = assertThrows(SqlBudgetExceededException.class, () -> P1Codec.decode(p1, budget, 4));
        assertEquals(4, e.payload());
        assertTrue(e.getMessage().contains("more than 1000000 bytes in all") && e.getMessage().contains("the test's budget")
                && e.getMessage().contains("payload 4 ran over it"), e.getMessage());
        assertTrue(budget.used() <= budget.limit(), "inflating stopped at the block that would pass the limit: " + budget.used());
        assertTrue(budget.used() > 900_000, "the fourth payload was inflated up to the limit, not further: " + budget.used());
        assertThrows(SqlBudgetExceededException.class, () -> P1Codec.decode(p1, budget, 5), "a spent budget stays spent");
    }

    @Test
    void thePerPayloadLimitIsReportedForThePayloadEvenWithinTheBudget() throws Exception {
        SqlBudget budget = new SqlBudget(10L * P1Codec.MAX_SQL_BYTES, "b");
        assertEquals(P1Codec.MAX_SQL_BYTES, P1Codec.decode(P1Codec.encode("x".repeat(P1Codec.MAX_SQL_BYTES)), budget, 1).length());
        FrontierProtocolException e = assertThrows(FrontierProtocolException.class, () -> P1Codec.decode(overLimit(), budget, 2));
        assertFalse(e instanceof SqlBudgetExceededException, e.getMessage());
        assertTrue(e.getMessage().contains("decompresses to more than " + P1Codec.MAX_SQL_BYTES), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SqlBudget(0, "b"));
    }

    /** A p1 whose SQL is one byte over the per-payload limit (encode refuses to build it). */
    private static String overLimit() {
        java.util.zip.Deflater d = new java.util.zip.Deflater(9);
        try {
            d.setInput(new byte[P1Codec.MAX_SQL_BYTES + 1]);
            d.finish();
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            while (!d.finished()) {
                out.write(buf, 0, d.deflate(buf));
            }
            return P1Codec.toUrlSafe(java.util.Base64.getEncoder().encodeToString(out.toByteArray()));
        } finally {
            d.end();
        }
    }

    private static String message(String p1) {
        return assertThrows(FrontierProtocolException.class, () -> P1Codec.decode(p1)).getMessage();
    }
}
