package org.gridstack.grim.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
            assertThat(p.operation()).isSameAs(op);
            assertThat(p.asMap()).isEqualTo(Defaults.of(op, 2_000));
        }
        OperationParameters range = OperationParameters.defaults(Operation.SELECTIVITY_10_PCT, 2_000);
        assertThat(range.integer("from")).isEqualTo(1L);
        assertThat(range.integer("to")).isEqualTo(200L);
        assertThat(OperationParameters.defaults(Operation.JOB_SUBMIT, 1).text("os")).isEqualTo(Defaults.OS_NAME);
    }

    @Test
    void javaCallersValuesAreCheckedAndConverted() {
        OperationParameters p = OperationParameters.of(Operation.UPDATE, Map.of("host", "host-000002", "value", 7));
        assertThat(p.integer("value")).isEqualTo(7L);
        assertThat(p.value("value")).isInstanceOf(Long.class);
        assertThat(OperationParameters.of(Operation.SELECTIVITY_1, Map.of("sequence", "12")).integer("sequence")).isEqualTo(12L);

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
        assertThat(p.asMap()).containsExactly(Map.entry("cluster", Defaults.CLUSTER), Map.entry("release", "SL-4"));

        assertStatus400(() -> OperationParameters.parse(Operation.INDEXED, Map.of("hots", "x"), 100),
                "operation indexed has no parameter 'hots'; its parameters: host (plus backend, mode)");
        assertStatus400(() -> OperationParameters.parse(Operation.CONNECT, Map.of("x", "1"), 100), "its parameters: none (plus backend, mode)");
        assertStatus400(() -> OperationParameters.parse(Operation.SELECTIVITY_1_PCT, Map.of("to", "ten"), 100), "parameter 'to': 'ten' is not an integer");
        assertStatus400(() -> OperationParameters.parse(Operation.HOST_LOOKUP, Map.of("host", "a\u0000b"), 100), "parameter 'host'");
    }

    @Test
    void readingAParameterTheOperationDoesNotHaveIsAProgrammingError() {
        OperationParameters p = OperationParameters.defaults(Operation.INDEXED, 1);
        assertThatThrownBy(() -> p.integer("host")).isInstanceOf(IllegalArgumentException.class).hasMessage("indexed has no integer parameter 'host'");
        assertThatThrownBy(() -> p.value("cluster")).isInstanceOf(IllegalArgumentException.class).hasMessage("indexed has no parameter 'cluster'");
        assertThatThrownBy(() -> p.asMap().put("host", "x")).isInstanceOf(UnsupportedOperationException.class);
    }

    private static void assertStatus400(Runnable r, String message) {
        assertThatThrownBy(r::run).isInstanceOfSatisfying(GrimException.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.getMessage()).contains(message);
        });
    }
}
