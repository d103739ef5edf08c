package org.gridstack.hawkeye.classad;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeType;

/**
 * ClassAds as JSON the way HTCondor's tools write them ({@code condor_status -json}): literals as
 * JSON values (UNDEFINED as {@code null}), lists as arrays, nested ads as objects, and any other
 * expression as the string {@code "\/Expr(text)\/"}. Reading accepts the same. Thread-safe.
 */
@ThreadSafe
public final class ClassAdJson {
    private static final String EXPR_PREFIX = "/Expr(";
    private static final String EXPR_SUFFIX = ")/";

    private final ObjectMapper mapper;
    private final ClassAdParser parser;

    public ClassAdJson(ObjectMapper mapper, ClassAdParser parser) {
        this.mapper = Objects.requireNonNull(mapper, "mapper is null");
        this.parser = Objects.requireNonNull(parser, "parser is null");
    }

    /** With a plain {@link ObjectMapper} and the standard parser. */
    public static ClassAdJson standard() {
        return new ClassAdJson(new ObjectMapper(), ClassAdParser.standard());
    }

    /** Writes {@code ad} as one JSON object. */
    public void write(JsonGenerator g, ClassAd ad) throws IOException {
        g.writeStartObject();
        for (ClassAd.Attribute a : ad.attributes()) {
            g.writeFieldName(a.name());
            writeExpr(g, a.expr());
        }
        g.writeEndObject();
    }

    public String toJson(ClassAd ad) {
        try (StringWriter w = new StringWriter();
                JsonGenerator g = mapper.getFactory().createGenerator(w)) {
            write(g, ad);
            g.flush();
            return w.toString();
        } catch (IOException e) {
            throw new IllegalStateException("cannot write JSON to a string", e);
        }
    }

    private void writeExpr(JsonGenerator g, Expr e) throws IOException {
        if (e instanceof Expr.Literal l) {
            Value v = l.value();
            if (v instanceof Value.Str s) {
                if (s.value().startsWith(EXPR_PREFIX) && s.value().endsWith(EXPR_SUFFIX)) {
                    writeAsExpression(g, e); // would read back as an expression otherwise
                } else {
                    g.writeString(s.value());
                }
            } else if (v instanceof Value.Int i) {
                g.writeNumber(i.value());
            } else if (v instanceof Value.Real r && Double.isFinite(r.value())) {
                g.writeNumber(r.value());
            } else if (v instanceof Value.Bool b) {
                g.writeBoolean(b.value());
            } else if (v.isUndefined()) {
                g.writeNull();
            } else {
                writeAsExpression(g, e);
            }
        } else if (e instanceof Expr.ListExpr l) {
            g.writeStartArray();
            for (Expr x : l.elements()) {
                writeExpr(g, x);
            }
            g.writeEndArray();
        } else if (e instanceof Expr.Record r) {
            write(g, r.ad());
        } else {
            writeAsExpression(g, e);
        }
    }

    private static void writeAsExpression(JsonGenerator g, Expr e) throws IOException {
        g.writeString(EXPR_PREFIX + ClassAdWriter.unparse(e) + EXPR_SUFFIX);
    }

    /** Reads one JSON object as an ad; a bad document or expression names its position. */
    public ClassAd read(String json) {
        JsonNode node;
        try {
            node = mapper.readTree(json);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new ClassAdSyntaxException(at == null ? 1 : Math.max(1, at.getLineNr()),
                    at == null ? 1 : Math.max(1, at.getColumnNr()), "not JSON: " + e.getOriginalMessage());
        }
        return readAd(node, "");
    }

    /** Reads one JSON object node as an ad ({@code path} names it in errors). */
    public ClassAd readAd(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw new ClassAdSyntaxException(1, 1, "expected a JSON object" + where(path));
        }
        ClassAd.Builder b = ClassAd.builder();
        Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            b.put(f.getKey(), readExpr(f.getValue(), path.isEmpty() ? f.getKey() : path + "." + f.getKey()));
        }
        return b.build();
    }

    private Expr readExpr(JsonNode n, String path) {
        JsonNodeType type = n.getNodeType();
        switch (type) {
            case NULL:
                return new Expr.Literal(Value.UNDEFINED);
            case BOOLEAN:
                return new Expr.Literal(Value.of(n.booleanValue()));
            case NUMBER:
                if (n.isIntegralNumber()) {
                    if (!n.canConvertToLong()) {
                        throw new ClassAdSyntaxException(1, 1, "the integer at " + path + " does not fit in 64 bits");
                    }
                    return new Expr.Literal(Value.of(n.longValue()));
                }
                return new Expr.Literal(Value.of(n.doubleValue()));
            case STRING: {
                String s = n.textValue();
                if (s.startsWith(EXPR_PREFIX) && s.endsWith(EXPR_SUFFIX)) {
                    String text = s.substring(EXPR_PREFIX.length(), s.length() - EXPR_SUFFIX.length());
                    try {
                        return parser.parseExpression(text);
                    } catch (ClassAdSyntaxException e) {
                        throw new ClassAdSyntaxException(e.line(), e.column(), e.problem() + where(path));
                    }
                }
                return new Expr.Literal(Value.of(s));
            }
            case ARRAY: {
                List<Expr> elements = new ArrayList<>(n.size());
                for (int i = 0; i < n.size(); i++) {
                    elements.add(readExpr(n.get(i), path + "[" + i + "]"));
                }
                return new Expr.ListExpr(elements);
            }
            case OBJECT:
                return new Expr.Record(readAd(n, path));
            default:
                throw new ClassAdSyntaxException(1, 1, "cannot read a JSON " + type + where(path));
        }
    }

    private static String where(String path) {
        return path.isEmpty() ? "" : " (in attribute " + path + ")";
    }
}
