package org.gridstack.grim.web;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Tomcat's error page for what never reaches the API (a request line or header over Tomcat's
 * limits, a malformed request): the API's JSON error shape instead of Tomcat's HTML page. Answers
 * the API wrote itself are left alone. Thread-safe.
 */
@ThreadSafe
// ErrorReportValve's and ValveBase's fields (showReport, showServerInfo, next, container, ...) are not
// final: Tomcat sets them while it builds the pipeline, before the first request; this class adds none
@SuppressWarnings("ThreadSafe")
public final class JsonErrorReportValve extends ErrorReportValve {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        HttpStatus s = HttpStatus.resolve(status);
        String message = switch (status) {
            case 400 -> "the request is malformed or its request line or headers exceed the server's limits; shorten the URL"
                    + " (send long queries as a POST body) or the headers";
            case 413 -> "the request is too large";
            case 414 -> "the URL is too long; send long queries as a POST body";
            case 431 -> "the request headers are too large";
            default -> s == null ? "the request failed" : s.getReasonPhrase();
        };
        try {
            byte[] body = JSON.writeValueAsBytes(new ApiError(status, s == null ? "Error" : s.getReasonPhrase(), message));
            response.setContentType("application/json");
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            response.setContentLength(body.length);
            Writer w = response.getReporter();
            if (w != null) {
                w.write(new String(body, StandardCharsets.UTF_8));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the answer already started; nothing more to say
        }
    }
}
