package org.gridstack.dqp.coordinator;

import java.math.BigDecimal;
import java.math.MathContext;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One differential check: a query run through the coordinator and through the reference
 * PostgreSQL, its answers compared as multisets of rows (as sequences when the query ends in
 * ORDER BY). Values compare as text, except numbers: equal when equal as decimals, or, when either
 * is not a whole number, within a relative difference of {@value #RELATIVE_TOLERANCE} (floating
 * point sums in another order; real promoted to double precision). The outcome says which of
 * {@link Outcome} it was and, for a difference, the first one. Not thread-safe (one PostgreSQL
 * connection).
 */
final class DifferentialAnswers {
    /** Largest relative difference of two non-integral numbers taken as equal. */
    static final double RELATIVE_TOLERANCE = 1e-6;
    private static final Pattern ORDERED = Pattern.compile("(?is).*\\border\\s+by\\b[^()]*$");
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");
    private final DqpAnswers dqp;
    private final Connection postgres;

    DifferentialAnswers(DqpAnswers dqp, Connection postgres) {
        this.dqp = dqp;
        this.postgres = postgres;
    }

    /** What happened to one query. */
    enum Outcome {
        /** Same answer. */
        EQUAL,
        /** The engine refused with a 400 naming what it does not support; PostgreSQL answered. */
        REFUSED,
        /** Both refused the query (an error in PostgreSQL, a 400 from the engine). */
        BOTH_REFUSED,
        /** Anything else: other rows, an answer where PostgreSQL fails, an unexplained refusal, a 5xx. */
        DIFFERENT
    }

    /** The outcome of one query, with the engine's message (refusals) or the first difference. */
    record Result(String sql, Outcome outcome, String detail) {
    }

    Result check(String sql) throws Exception {
        List<List<String>> expected = null;
        String postgresError = null;
        try {
            expected = postgres(sql);
        } catch (SQLException e) {
            postgresError = e.getMessage();
        }
        HttpResponse<String> response = dqp.post(Map.of("sql", sql, "blockSize", 100), "application/json");
        JsonNode body;
        try {
            body = DqpAnswers.JSON.readTree(response.body());
        } catch (Exception e) {
            return new Result(sql, Outcome.DIFFERENT, "HTTP " + response.statusCode() + " with an unreadable body: " + response.body());
        }
        if (response.statusCode() == 400) {
            String message = body.path("error").asText();
            if (postgresError != null) {
                return new Result(sql, Outcome.BOTH_REFUSED, message + " / PostgreSQL: " + postgresError);
            }
            if (message.contains("not supported") || message.contains("does not carry") || message.contains("does not exist in PostgreSQL")) {
                return new Result(sql, Outcome.REFUSED, message);
            }
            return new Result(sql, Outcome.DIFFERENT, "refused without naming something unsupported: " + message);
        }
        if (response.statusCode() != 200 || body.has("error")) {
            return new Result(sql, Outcome.DIFFERENT, "HTTP " + response.statusCode() + ": " + body.path("error").asText(response.body()));
        }
        if (postgresError != null) {
            return new Result(sql, Outcome.DIFFERENT, "the engine answered, PostgreSQL failed: " + postgresError);
        }
        List<List<String>> actual = engine(body);
        boolean ordered = ORDERED.matcher(sql).matches();
        if (!ordered) {
            expected = sorted(expected);
            actual = sorted(actual);
        }
        if (expected.size() != actual.size()) {
            return new Result(sql, Outcome.DIFFERENT, "PostgreSQL returned " + expected.size() + " rows, the engine " + actual.size()
                    + firstMissing(expected, actual));
        }
        for (int r = 0; r < expected.size(); r++) {
            List<String> e = expected.get(r);
            List<String> a = actual.get(r);
            if (e.size() != a.size()) {
                return new Result(sql, Outcome.DIFFERENT, "row " + r + ": PostgreSQL " + e + ", engine " + a);
            }
            for (int c = 0; c < e.size(); c++) {
                if (!sameValue(e.get(c), a.get(c))) {
                    return new Result(sql, Outcome.DIFFERENT, "row " + r + " column " + (c + 1) + ": PostgreSQL " + e + ", engine " + a);
                }
            }
        }
        return new Result(sql, Outcome.EQUAL, expected.size() + " rows");
    }

    private static String firstMissing(List<List<String>> expected, List<List<String>> actual) {
        for (List<String> row : expected) {
            if (!actual.contains(row)) {
                return "; first PostgreSQL row the engine lacks: " + row;
            }
        }
        for (List<String> row : actual) {
            if (!expected.contains(row)) {
                return "; first engine row PostgreSQL lacks: " + row;
            }
        }
        return "";
    }

    static boolean sameValue(String expected, String actual) {
        if (expected.equals(actual)) {
            return true;
        }
        if (!NUMBER.matcher(expected).matches() || !NUMBER.matcher(actual).matches()) {
            return false;
        }
        BigDecimal e = new BigDecimal(expected);
        BigDecimal a = new BigDecimal(actual);
        if (e.compareTo(a) == 0) {
            return true;
        }
        if (isWhole(e) && isWhole(a)) {
            return false;
        }
        double scale = Math.max(Math.abs(e.doubleValue()), Math.abs(a.doubleValue()));
        return Math.abs(e.doubleValue() - a.doubleValue()) <= RELATIVE_TOLERANCE * scale;
    }

    private static boolean isWhole(BigDecimal d) {
        return d.signum() == 0 || d.stripTrailingZeros().scale() <= 0;
    }

    private List<List<String>> postgres(String sql) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement s = postgres.createStatement()) {
            s.setQueryTimeout(30);
            try (ResultSet rs = s.executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<String> values = new ArrayList<>(n);
                    for (int i = 1; i <= n; i++) {
                        Object v = rs.getObject(i);
                        values.add(v == null ? "NULL" : v instanceof BigDecimal d ? d.toPlainString()
                                : v instanceof Number || v instanceof Boolean ? v.toString() : rs.getString(i));
                    }
                    rows.add(values);
                }
            }
        }
        return rows;
    }

    private static List<List<String>> engine(JsonNode answer) {
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode row : answer.get("rows")) {
            List<String> values = new ArrayList<>();
            for (JsonNode v : row) {
                values.add(v.isNull() ? "NULL" : v.isNumber() ? v.decimalValue().toPlainString() : v.asText());
            }
            rows.add(values);
        }
        return rows;
    }

    // sorted on values with numbers rounded, so that rows equal within the tolerance line up
    private static List<List<String>> sorted(List<List<String>> rows) {
        List<List<String>> copy = new ArrayList<>(rows);
        // rows whose rounded keys tie keep a fixed order by their exact text
        copy.sort(Comparator.comparing(DifferentialAnswers::sortKey).thenComparing(row -> String.join("\u0001", row)));
        return copy;
    }

    private static String sortKey(List<String> row) {
        StringBuilder key = new StringBuilder();
        for (String v : row) {
            if (NUMBER.matcher(v).matches()) {
                BigDecimal d = new BigDecimal(v).round(new MathContext(5));
                key.append(d.signum() == 0 ? "0" : d.stripTrailingZeros().toEngineeringString());
            } else {
                key.append(v);
            }
            key.append('\u0001');
        }
        return key.toString();
    }
}
