package org.gridstack.frontier.web;

import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat's error page, replaced for FroNtier paths: a request Tomcat rejects before it reaches the
 * servlet (a malformed URL, a bad header) gets the protocol's {@code global_error} shape instead of
 * an HTML page, with the status Tomcat chose.
 */
public final class FrontierErrorReportValve extends ErrorReportValve {
    static volatile String version = "3.42";
    static volatile String serverName = "gridstack";

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        String uri = request.getRequestURI();
        if (uri != null && !uri.isEmpty() && !uri.contains("/Frontier")) {
            // not ours (e.g. actuator): keep Tomcat's own page; a request whose line could not
            // even be parsed (no URI) is answered in the protocol's shape
            super.report(request, response, throwable);
            return;
        }
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        String what = throwable != null && throwable.getMessage() != null ? throwable.getMessage() : "the request could not be read";
        byte[] body = GlobalErrors.body(version, serverName + " Error: HTTP " + status + ": " + what);
        try {
            response.setContentType(GlobalErrors.CONTENT_TYPE);
            response.setHeader("Cache-Control", "no-store, max-age=0");
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
            response.finishResponse();
        } catch (IOException | IllegalStateException e) {
            // nothing more can be done for this connection
        }
    }
}
