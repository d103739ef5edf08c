package org.gridstack.dqp.web;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;

/**
 * A context valve of the embedded Tomcat that breaks an answer the application gave up on after it
 * was committed: when the request carries {@link #ATTRIBUTE} (see {@link #mark}), what was written
 * is flushed and the connection closed at once ({@code ActionCode.CLOSE_NOW}), so the response ends
 * without the chunked encoding's last chunk and every HTTP client sees a broken response instead of
 * a complete 200. The application returns normally after marking, so no error page is involved.
 * Stateless; thread-safe.
 */
public final class BrokenAnswerValve extends ValveBase {
    /** The request attribute that asks for the connection to be closed; its value is the reason. */
    public static final String ATTRIBUTE = BrokenAnswerValve.class.getName() + ".reason";

    public BrokenAnswerValve() {
        super(true);
    }

    /** Asks that the answer to {@code request} be broken off once the application returns. */
    public static void mark(HttpServletRequest request, String reason) {
        request.setAttribute(ATTRIBUTE, reason);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        getNext().invoke(request, response);
        Object reason = request.getAttribute(ATTRIBUTE);
        if (reason != null && response.isCommitted()) {
            try {
                response.flushBuffer();
            } catch (IOException e) {
                // the client is gone; the connection is closed below anyway
            }
            response.getCoyoteResponse().action(ActionCode.CLOSE_NOW, new IOException(String.valueOf(reason)));
        }
    }
}
