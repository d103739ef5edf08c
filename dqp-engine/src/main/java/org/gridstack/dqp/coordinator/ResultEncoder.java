package org.gridstack.dqp.coordinator;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import java.math.BigDecimal;
import java.util.function.BooleanSupplier;
import org.gridstack.dqp.evaluator.expression.Values;

/**
 * Writes a query answer as it is pulled, block by block, to the client: JSON
 * ({@code {"queryId": "...", "columns": [...], "rows": [[...], ...], "profile": {...}}}, plus
 * {@code "error"} when the query failed after rows were sent; the caller then breaks the response) or
 * CSV (RFC 4180, header line, NULL as an empty unquoted field). Not thread-safe: one per response.
 */
public interface ResultEncoder {
    /** Longest time written rows may wait in the buffers while more blocks follow. */
    long FLUSH_INTERVAL_MILLIS = 50;

    /** Writes the head (query id and column list; CSV: the header line). */
    void begin(String queryId, BlockSchema schema) throws IOException;

    /**
     * Writes one block of rows. The first block is flushed at once (the client sees the answer
     * start); a later one is flushed with it when {@value #FLUSH_INTERVAL_MILLIS} ms passed since the
     * last flush, else it goes out with the next flush (the next such block, a full buffer or the end):
     * fewer, larger writes for a fast answer, while blocks that come slowly are each flushed at once.
     */
    void rows(List<Object[]> rows) throws IOException;

    /** Writes the tail: the error (null when none) and the cost profile. */
    void end(String error, QueryProfile profile) throws IOException;

    /** True on its first call, then when {@link #FLUSH_INTERVAL_MILLIS} passed since it last said true. */
    private static BooleanSupplier flushSchedule() {
        long[] last = {Long.MIN_VALUE};
        return () -> {
            long now = System.nanoTime();
            if (last[0] == Long.MIN_VALUE || now - last[0] >= FLUSH_INTERVAL_MILLIS * 1_000_000) {
                last[0] = now;
                return true;
            }
            return false;
        };
    }

    /** A JSON encoder on {@code out}. */
    static ResultEncoder json(OutputStream out) throws IOException {
        return new Json(out);
    }

    /** A CSV encoder on {@code out}. */
    static ResultEncoder csv(OutputStream out) {
        return new Csv(out);
    }

    /** JSON, with Jackson's streaming generator. */
    final class Json implements ResultEncoder {
        private static final JsonFactory FACTORY = new ObjectMapper().getFactory();
        private final JsonGenerator json;
        private final BooleanSupplier flushDue = flushSchedule();

        Json(OutputStream out) throws IOException {
            this.json = FACTORY.createGenerator(out, JsonEncoding.UTF8);
        }

        @Override
        public void begin(String queryId, BlockSchema schema) throws IOException {
            json.writeStartObject();
            json.writeStringField("queryId", queryId);
            json.writeArrayFieldStart("columns");
            for (Column c : schema.columns()) {
                json.writeStartObject();
                json.writeStringField("name", c.name());
                json.writeStringField("type", c.type().name());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("rows");
        }

        @Override
        public void rows(List<Object[]> rows) throws IOException {
            for (Object[] row : rows) {
                json.writeStartArray();
                for (Object v : row) {
                    value(v);
                }
                json.writeEndArray();
            }
            if (flushDue.getAsBoolean()) {
                json.flush();
            }
        }

        // the operators' value types written directly: no serializer lookup per value on the hot path
        private void value(Object v) throws IOException {
            if (v == null) {
                json.writeNull();
            } else if (v instanceof String s) {
                json.writeString(s);
            } else if (v instanceof Integer i) {
                json.writeNumber(i);
            } else if (v instanceof Long l) {
                json.writeNumber(l);
            } else if (v instanceof Double d) {
                json.writeNumber(d);
            } else if (v instanceof Boolean b) {
                json.writeBoolean(b);
            } else if (v instanceof BigDecimal d) {
                // numeric as written by PostgreSQL, never in exponent form
                json.writeNumber(d.toPlainString());
            } else if (v instanceof Short n) {
                json.writeNumber(n);
            } else if (v instanceof Float f) {
                json.writeNumber(f);
            } else {
                // dates, times, timestamps, bytea: PostgreSQL's text form
                json.writeString(Values.text(v));
            }
        }

        @Override
        public void end(String error, QueryProfile profile) throws IOException {
            json.writeEndArray();
            if (error != null) {
                json.writeStringField("error", error);
            }
            json.writeObjectField("profile", profile);
            json.writeEndObject();
            json.flush();
        }
    }

    /** CSV, RFC 4180. */
    final class Csv implements ResultEncoder {
        private final Writer out;
        private final BooleanSupplier flushDue = flushSchedule();

        Csv(OutputStream out) {
            this.out = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        }

        @Override
        public void begin(String queryId, BlockSchema schema) throws IOException {
            line(schema.names().toArray());
        }

        @Override
        public void rows(List<Object[]> rows) throws IOException {
            for (Object[] row : rows) {
                line(row);
            }
            if (flushDue.getAsBoolean()) {
                out.flush();
            }
        }

        private void line(Object[] values) throws IOException {
            for (int i = 0; i < values.length; i++) {
                if (i > 0) {
                    out.write(',');
                }
                if (values[i] != null) {
                    String s = Values.text(values[i]);
                    if (s.isEmpty() || s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
                        out.write('"');
                        out.write(s.replace("\"", "\"\""));
                        out.write('"');
                    } else {
                        out.write(s);
                    }
                }
            }
            out.write("\r\n");
        }

        @Override
        public void end(String error, QueryProfile profile) throws IOException {
            out.flush(); // CSV has no place for an error: the caller breaks the response instead
        }
    }
}
