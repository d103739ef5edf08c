package org.gridstack.grim.web;

import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Says what is wrong with a request body in the request's terms (field names, line and column)
 * instead of Jackson's messages, which name Java classes and method signatures. Stateless.
 */
final class JsonErrors {
    private JsonErrors() {
    }

    /** What is wrong with the body, given the most specific cause of the parse failure. */
    static String describe(Throwable cause) {
        if (cause instanceof UnrecognizedPropertyException u) {
            String known = u.getKnownPropertyIds() == null ? "" : "; known fields: "
                    + u.getKnownPropertyIds().stream().map(String::valueOf).sorted().collect(Collectors.joining(", "));
            return "unknown field '" + u.getPropertyName() + "'" + where(u) + known;
        }
        if (cause instanceof MismatchedInputException m) {
            String original = m.getOriginalMessage() == null ? "" : m.getOriginalMessage();
            if (original.startsWith("Trailing token")) {
                return "there is more after the JSON value" + where(m) + "; send exactly one JSON value";
            }
            if (original.startsWith("No content")) {
                return "the body is empty; send JSON";
            }
            String path = path(m);
            return (path.isEmpty() ? "the body" : "field '" + path + "'") + " has the wrong JSON type" + where(m)
                    + " (expected an object with the documented fields; keys are strings or [a, b], values strings, numbers or null)";
        }
        if (cause instanceof JsonProcessingException p) {
            String original = p.getOriginalMessage() == null ? "" : p.getOriginalMessage();
            int nl = original.indexOf('\n');
            return "malformed JSON" + where(p) + ": " + (nl < 0 ? original : original.substring(0, nl));
        }
        return "the body is missing or not readable; send JSON";
    }

    private static String where(JsonProcessingException e) {
        JsonLocation l = e.getLocation();
        return l == null || l.getLineNr() < 0 ? "" : " at line " + l.getLineNr() + ", column " + l.getColumnNr();
    }

    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                sb.append(sb.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }
}
