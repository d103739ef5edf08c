package org.gridstack.hawkeye.web;

import java.io.IOException;
import java.util.List;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.ClassAdJson;
import org.gridstack.hawkeye.classad.ClassAdSyntaxException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import jakarta.servlet.http.HttpServletResponse;

/**
 * Hawkeye's HTTP answers: ads as {@code {"ads":[...],"count":n}} (streamed), errors as
 * {@code {"error":"...","status":n}} plus {@code "line"}/{@code "column"} for syntax errors.
 * Stateless and thread-safe.
 */
public final class JsonAnswers {
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final ClassAdJson JSON = ClassAdJson.standard();

    private JsonAnswers() {
    }

    public static void ads(HttpServletResponse response, List<ClassAd> ads) throws IOException {
        response.setStatus(200);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        try (JsonGenerator g = FACTORY.createGenerator(response.getOutputStream())) {
            g.writeStartObject();
            g.writeArrayFieldStart("ads");
            for (ClassAd ad : ads) {
                JSON.write(g, ad);
            }
            g.writeEndArray();
            g.writeNumberField("count", ads.size());
            g.writeEndObject();
        }
    }

    public static void error(HttpServletResponse response, int status, String message) throws IOException {
        error(response, status, message, null);
    }

    public static void syntaxError(HttpServletResponse response, String what, ClassAdSyntaxException e) throws IOException {
        error(response, 400, what + ": " + e.getMessage(), e);
    }

    private static void error(HttpServletResponse response, int status, String message, ClassAdSyntaxException at)
            throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        try (JsonGenerator g = FACTORY.createGenerator(response.getOutputStream())) {
            g.writeStartObject();
            g.writeStringField("error", message);
            g.writeNumberField("status", status);
            if (at != null) {
                g.writeNumberField("line", at.line());
                g.writeNumberField("column", at.column());
            }
            g.writeEndObject();
        }
    }
}
