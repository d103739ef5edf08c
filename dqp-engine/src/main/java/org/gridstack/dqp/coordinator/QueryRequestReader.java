package org.gridstack.dqp.coordinator;

import com.google.errorprone.annotations.ThreadSafe;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.DeserializationFeature;
import java.util.Locale;

/**
 * Reads the body of {@code POST /api/v1/query} into a {@link QueryRequest}, refusing with
 * {@link IllegalArgumentException} (HTTP 400) and a message of the engine's own anything that is not
 * a UTF-8 JSON object with the known fields of the right types: {@code sql} a string,
 * {@code blockSize} and {@code parallelism} integers, {@code codec} a string, {@code blockBytes} an
 * integer (ranges are checked by the engine). Stateless; thread-safe.
 */
@ThreadSafe
public final class QueryRequestReader {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    private static final List<String> FIELDS = List.of("sql", "blockSize", "codec", "parallelism", "blockBytes");
    private static final String SHAPE = "send a JSON object such as {\"sql\": \"select ...\", \"blockSize\": 100}";

    private QueryRequestReader() {
    }

    /** The request in {@code body}. */
    public static QueryRequest read(byte[] body) {
        if (body.length == 0) {
            throw new IllegalArgumentException("the request body is empty; " + SHAPE);
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("the request body is not valid UTF-8; " + SHAPE);
        }
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")";
            throw new IllegalArgumentException("the request body is not JSON" + where + "; " + SHAPE);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("the request body is " + (root == null ? "empty" : "a JSON " + kind(root))
                    + ", not an object; " + SHAPE);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext();) {
            String name = it.next().getKey();
            if (!FIELDS.contains(name)) {
                throw new IllegalArgumentException("unknown field \"" + name + "\"; the fields are " + String.join(", ", FIELDS));
            }
        }
        JsonNode sql = root.get("sql");
        if (sql == null || sql.isNull()) {
            throw new IllegalArgumentException("the sql is missing; " + SHAPE);
        }
        if (!sql.isTextual()) {
            throw new IllegalArgumentException("\"sql\" must be a string, is a JSON " + kind(sql));
        }
        Long blockSize = integer(root, "blockSize", Integer.MAX_VALUE);
        Long parallelism = integer(root, "parallelism", Integer.MAX_VALUE);
        Long blockBytes = integer(root, "blockBytes", Long.MAX_VALUE);
        JsonNode codec = root.get("codec");
        if (codec != null && !codec.isNull() && !codec.isTextual()) {
            throw new IllegalArgumentException("\"codec\" must be a string (binary, binary-zstd or webrowset), is a JSON " + kind(codec));
        }
        return new QueryRequest(sql.asText(), blockSize == null ? null : blockSize.intValue(), codec == null || codec.isNull()
                ? null : codec.asText(), parallelism == null ? null : parallelism.intValue(), blockBytes);
    }

    private static Long integer(JsonNode root, String field, long max) {
        JsonNode v = root.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber()) {
            throw new IllegalArgumentException("\"" + field + "\" must be a whole number, is " + (v.isNumber() ? v.asText()
                    : "a JSON " + kind(v)));
        }
        if (!v.canConvertToLong() || v.longValue() > max || v.longValue() < -max) {
            throw new IllegalArgumentException("\"" + field + "\" is " + v.asText() + ", far outside its range");
        }
        return v.longValue();
    }

    private static String kind(JsonNode v) {
        return v.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
