package org.gridstack.sqlguard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.zaxxer.hikari.SQLExceptionOverride.Override;
import java.sql.SQLException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TestQueryErrorOverride {
    @ParameterizedTest
    @CsvSource({
            // the query's fault: a client can cause these at will
            "0A000, DO_NOT_EVICT",
            "08P01, DO_NOT_EVICT",
            // the connection's
            "08006, CONTINUE_EVICT",
            "08003, CONTINUE_EVICT",
            "57P01, CONTINUE_EVICT",
    })
    void clientCausedStatesKeepTheConnection(String state, Override expected) {
        assertEquals(expected, new QueryErrorOverride().adjudicate(new SQLException("x", state)));
    }

    @org.junit.jupiter.api.Test
    void noStateKeepsHikarisVerdict() {
        assertEquals(Override.CONTINUE_EVICT, new QueryErrorOverride().adjudicate(new SQLException("x")));
    }
}
