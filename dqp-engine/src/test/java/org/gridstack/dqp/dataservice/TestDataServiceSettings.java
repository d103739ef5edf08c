package org.gridstack.dqp.dataservice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

/** A data service's settings: the documented defaults, and each setting out of range refused by name with its value. */
class TestDataServiceSettings {
    private static final String URL = "jdbc:postgresql://127.0.0.1:5432/dqp";

    @Test
    void defaultsAreTheDocumentedOnes() {
        DataServiceSettings s = DataServiceSettings.defaults("ds1", URL, "reader", "");
        assertEquals("ds1", s.name());
        assertEquals(URL, s.jdbcUrl());
        assertEquals(32, s.maxSessions());
        assertEquals(Duration.ofSeconds(60), s.sessionIdleTimeout());
        assertEquals(10_000, s.maxBlockSize());
        assertEquals(1_000, s.fetchSize());
        assertEquals(Duration.ofMinutes(5), s.queryTimeout());
    }

    @Test
    void eachSettingOutOfRangeIsRefusedByName() {
        refused(() -> DataServiceSettings.defaults("", URL, "u", "p"), "name (--name) '' must be 1-64 letters, digits, '_', '.', '-'");
        refused(() -> DataServiceSettings.defaults("two words", URL, "u", "p"),
                "name (--name) 'two words' must be 1-64 letters, digits, '_', '.', '-'");
        refused(() -> DataServiceSettings.defaults("ds", "postgresql://h/db", "u", "p"),
                "jdbcUrl (--jdbc-url) 'postgresql://h/db' is not a JDBC URL (jdbc:...)");
        refused(() -> with(0, Duration.ofSeconds(60), 10_000, 1_000, Duration.ofMinutes(5)), "maxSessions (--max-sessions) must be at least 1, is 0");
        refused(() -> with(32, Duration.ZERO, 10_000, 1_000, Duration.ofMinutes(5)), "sessionIdleTimeout must be positive, is PT0S");
        refused(() -> with(32, Duration.ofSeconds(60), 0, 1_000, Duration.ofMinutes(5)), "maxBlockSize must be at least 1, is 0");
        refused(() -> with(32, Duration.ofSeconds(60), 10_000, -1, Duration.ofMinutes(5)), "fetchSize must be at least 1, is -1");
        refused(() -> with(32, Duration.ofSeconds(60), 10_000, 1_000, Duration.ofMillis(999)), "queryTimeout must be at least 1 s, is PT0.999S");
    }

    private static DataServiceSettings with(int maxSessions, Duration idle, int maxBlockSize, int fetchSize, Duration queryTimeout) {
        return new DataServiceSettings("ds", URL, "u", "p", maxSessions, idle, maxBlockSize, fetchSize, queryTimeout);
    }

    private static void refused(Supplier<DataServiceSettings> build, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build::get, message);
        assertEquals(message, e.getMessage());
    }
}
