package org.gridstack.dqp.coordinator;

import java.math.BigDecimal;
import java.math.MathContext;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * Test side of comparing answers: sends queries to a coordinator over real HTTP and reads
 * PostgreSQL's own answers, both as rows of canonical text values (numbers to 9 significant
 * digits, NULL as "NULL", dates, times and byte strings in PostgreSQL's text form with the session
 * in UTC) so that the engine's and PostgreSQL's types compare by value.
 */
final class DqpAnswers {
    /** Reads numbers exactly as written (1.50 stays 1.50). */
    static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));
    private final HttpClient http = HttpClient.newHttpClient();
    private final URI coordinator;

    DqpAnswers(URI coordinator) {
        this.coordinator = coordinator;
    }

    HttpResponse<String> post(Map<String, Object> body, String accept) throws Exception {
        return http.send(HttpRequest.newBuilder(coordinator.resolve("/api/v1/query"))
                .header("Content-Type", "application/json").header("Accept", accept)
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    JsonNode query(String sql, int blockSize, String codec) throws Exception {
        HttpResponse<String> r = post(Map.of("sql", sql, "blockSize", blockSize, "codec", codec), "application/json");
        if (r.statusCode() != 200) {
            throw new AssertionError("HTTP " + r.statusCode() + " for " + sql + ": " + r.body());
        }
        JsonNode body = JSON.readTree(r.body());
        if (body.has("error")) {
            throw new AssertionError("error for " + sql + ": " + body.get("error"));
        }
        return body;
    }

    static List<List<String>> rows(JsonNode answer) {
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode row : answer.get("rows")) {
            List<String> values = new ArrayList<>();
            for (JsonNode v : row) {
                values.add(v.isNull() ? "NULL" : v.isNumber() ? canonical(v.decimalValue()) : v.asText());
            }
            rows.add(values);
        }
        return rows;
    }

    static List<List<String>> postgres(Connection c, String sql) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    Object v = rs.getObject(i);
                    // other than numbers and booleans, PostgreSQL's own text form (the session is in UTC)
                    values.add(v == null ? "NULL" : v instanceof Number num ? canonical(new BigDecimal(num.toString()))
                            : v instanceof Boolean ? v.toString() : rs.getString(i));
                }
                rows.add(values);
            }
        }
        return rows;
    }

    /** The first row of PostgreSQL's answer in its text forms, NULL as an empty string (as CSV has it). */
    static List<String> postgresText(Connection c, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                String v = rs.getString(i);
                values.add(v == null ? "" : v);
            }
        }
        return values;
    }

    static String canonical(BigDecimal d) {
        BigDecimal r = d.round(new MathContext(9)).stripTrailingZeros();
        return r.scale() < 0 ? r.setScale(0).toPlainString() : r.toPlainString();
    }

    /** Rows sorted, for answers whose order SQL does not define. */
    static List<List<String>> sorted(List<List<String>> rows) {
        List<List<String>> copy = new ArrayList<>(rows);
        copy.sort((a, b) -> String.join("\u0001", a).compareTo(String.join("\u0001", b)));
        return copy;
    }
}
