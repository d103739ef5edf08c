package org.gridstack.frontier.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    private static String message(String p1) {
        return assertThrows(FrontierProtocolException.class, () -> P1Codec.decode(p1)).getMessage();
    }
}
