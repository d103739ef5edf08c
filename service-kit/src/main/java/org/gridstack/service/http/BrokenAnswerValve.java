package org.gridstack.service.http;

import com.google.errorprone.annotations.ThreadSafe;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;

/**
 * A context valve of an embedded Tomcat that breaks an answer the application gave up on after it
 * was committed: what was written is flushed and the connection closed at once
 * ({@code ActionCode.CLOSE_NOW}), so the response ends without the chunked encoding's last chunk
 * (or short of its {@code Content-Length}). Every HTTP client, also one that looks only at the
 * status, then sees a broken transfer instead of a complete 200, and no cache stores it.
 *
 * <p>An answer is broken when the application {@linkplain #mark marked} its request and returned,
 * or when it threw one of the exception types the valve was made with. Why a valve: Spring Boot
 * registers an error page with the embedded Tomcat, and for a committed response Tomcat's
 * {@code StandardHostValve} would <em>include</em> that page into the body before closing; once
 * this valve closed the connection, neither error pages nor the {@code ErrorReportValve} write
 * anything. (A WAR on a stock Tomcat has no such error page, and the stock
 * {@code ErrorReportValve} closes the connection of a committed response the same way.)
 *
 * <p>Stateless; thread-safe.
 */
@ThreadSafe
// ValveBase's fields (next, container, asyncSupported) are not final: Tomcat sets them while it builds
// the pipeline, before the first request; breakingExceptions is an unmodifiable List.of
@SuppressWarnings("ThreadSafe")
public final class BrokenAnswerValve extends ValveBase {
    /** The request attribute that asks for the answer to be broken off; its value is the reason. */
    public static final String ATTRIBUTE = BrokenAnswerValve.class.getName() + ".reason";

    private final List<Class<? extends Throwable>> breakingExceptions;

    /**
     * @param breakingExceptions exception types that, thrown by the application after it committed
     *     the response, break the answer (besides {@link #mark})
     */
    @SafeVarargs
    public BrokenAnswerValve(Class<? extends Throwable>... breakingExceptions) {
        super(true);
        this.breakingExceptions = List.of(Objects.requireNonNull(breakingExceptions, "breakingExceptions is null"));
    }

    /** Asks that the answer to {@code request} be broken off once the application returns. */
    public static void mark(HttpServletRequest request, String reason) {
        request.setAttribute(ATTRIBUTE, Objects.requireNonNull(reason, "reason is null"));
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        getNext().invoke(request, response);
        if (!response.isCommitted()) {
            return;
        }
        Throwable cause = null;
        Object reason = request.getAttribute(ATTRIBUTE);
        if (reason != null) {
            cause = new IOException(String.valueOf(reason));
        } else if (request.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable thrown
                && breakingExceptions.stream().anyMatch(type -> type.isInstance(thrown))) {
            cause = thrown;
        }
        if (cause != null) {
            try {
                response.flushBuffer();
            } catch (IOException e) {
                // the client is gone; the connection is closed below anyway
            }
            response.getCoyoteResponse().action(ActionCode.CLOSE_NOW, cause);
        }
    }
}
