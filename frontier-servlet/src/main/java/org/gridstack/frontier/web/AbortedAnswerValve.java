package org.gridstack.frontier.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;

/**
 * A context valve of the embedded server: when the servlet threw {@link AbortedAnswerException}, it
 * flushes what was written and closes the connection at once ({@code ActionCode.CLOSE_NOW}), so the
 * response ends without the chunked encoding's last chunk and no cache stores it.
 *
 * <p>Why a valve and not only the exception: Spring Boot registers a default error page
 * ({@code /error}) with the embedded Tomcat, and for a committed response Tomcat's
 * {@code StandardHostValve} would <em>include</em> that page into the body before closing. After
 * this valve has closed the connection, I/O is no longer allowed and neither the host's error
 * pages nor the {@code ErrorReportValve} write anything. A WAR on a stock Tomcat has no such error
 * page, and the stock {@code ErrorReportValve} closes the connection the same way.
 */
public final class AbortedAnswerValve extends ValveBase {

    public AbortedAnswerValve() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        getNext().invoke(request, response);
        Object thrown = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (thrown instanceof AbortedAnswerException && response.isCommitted()) {
            try {
                response.flushBuffer();
            } catch (IOException e) {
                // the client is gone; the connection is closed below anyway
            }
            response.getCoyoteResponse().action(ActionCode.CLOSE_NOW, thrown);
        }
    }
}
