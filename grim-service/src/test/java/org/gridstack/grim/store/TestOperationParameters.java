package org.gridstack.grim.store;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.ops.Defaults;
import org.gridstack.grim.ops.Operation;
import org.junit.jupiter.api.Test;

/** Operation parameters are checked where they enter: present, known, typed; backends then read them typed. */
class TestOperationParameters {
    @Test
    void defaultsAreEveryParameterTyped() {
        for (Operation op : Operation.values()) {
            OperationParameters p = OperationParameters.defaults(op, 2_000);
            assertSame(op, p.operation());
            assertEquals(Defaults.of(op, 2_000), p.asMap());
        }
        OperationParameters range = OperationParameters.defaults(Operation.SELECTIVITY_10_PCT, 2_000);
        assertEquals(1L, range.integer("from"));
        assertEquals(200L, range.integer("to"));
        assertEquals(Defaults.OS_NAME, OperationParameters.defaults(Operation.JOB_SUBMIT, 1).text("os"));
    }

    @Test
    void javaCallersValuesAreCheckedAndConverted() {
        OperationParameters p = OperationParameters.of(Operation.UPDATE, Map.of("host", "host-000002", "value", 7));
        assertEquals(7L, p.integer("value"));
        assertInstanceOf(Long.class, p.value("value"));
        assertEquals(12L, OperationParameters.of(Operation.SELECTIVITY_1, Map.of("sequence", "12")).integer("sequence"));

        assertStatus400(() -> OperationParameters.of(Operation.UPDATE, Map.of("host", "h")), "update needs the parameter 'value'");
        assertStatus400(() -> OperationParameters.of(Operation.INDEXED, Map.of("host", "h", "hots", "x")),
                "operation indexed has no parameter 'hots'; its parameters: host");
        assertStatus400(() -> OperationParameters.of(Operation.SELECTIVITY_1, Map.of("sequence", "many")), "parameter 'sequence': 'many' is not an integer");
        assertStatus400(() -> OperationParameters.of(Operation.SELECTIVITY_1, Map.of("sequence", BigInteger.TWO.pow(70))), "parameter 'sequence': ");
        assertStatus400(() -> OperationParameters.of(Operation.HOST_LOOKUP, Map.of("host", List.of("a"))), "parameter 'host': expected a string");
    }

    @Test
    void apiRequestsAreParsedOverTheDefaultsInTheirOrder() {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("release", "SL-4");
        OperationParameters p = OperationParameters.parse(Operation.SCOPED_HOSTS, query, 100);
        assertContainsExactly(List.of(Map.entry("cluster", Defaults.CLUSTER), Map.entry("release", "SL-4")), p.asMap().entrySet());


        assertStatus400(() -> OperationParameters.parse(Operation.INDEXED, Map.of("hots", "x"), 100),
                "operation indexed has no parameter 'hots'; its parameters: host (plus backend, mode)");
        assertStatus400(() -> OperationParameters.parse(Operation.CONNECT, Map.of("x", "1"), 100), "its parameters: none (plus backend, mode)");
        assertStatus400(() -> OperationParameters.parse(Operation.SELECTIVITY_1_PCT, Map.of("to", "ten"), 100), "parameter 'to': 'ten' is not an integer");
        assertStatus400(() -> OperationParameters.parse(Operation.HOST_LOOKUP, Map.of("host", "a\u0000b"), 100), "parameter 'host'");
    }

    @Test
    void readingAParameterTheOperationDoesNotHaveIsAProgrammingError() {
        OperationParameters p = OperationParameters.defaults(Operation.INDEXED, 1);
        assertEquals("indexed has no integer parameter 'host'", assertThrows(IllegalArgumentException.class, () -> p.integer("host")).getMessage());
        assertEquals("indexed has no parameter 'cluster'", assertThrows(IllegalArgumentException.class, () -> p.value("cluster")).getMessage());
        assertThrows(UnsupportedOperationException.class, () -> p.asMap().put("host", "x"));
    }

    private static void assertStatus400(Runnable r, String message) {
        GrimException e = assertThrows(GrimException.class, r::run);
        assertEquals(400, e.status(), e.getMessage());
        assertContains(message, e.getMessage());
    }
}
