package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gridstack.frontier.cache.CacheInvalidator;

/**
 * Operators' cache commands, run only for requests that {@link AdminAccess} lets through (a
 * configured token, an admin address, no browser page of another origin):
 * {@code GET /frontier-admin/caches} lists the registered caches,
 * {@code POST /frontier-admin/flush[?cache=NAME]} purges every remembered URL from one or all of
 * them (parents first). Thread-safe.
 */
@ThreadSafe
// HttpServlet's own fields (a lock object, a cached Allow header) are the container's, which uses
// them thread-safely (the Servlet contract for a shared servlet instance); this class's own fields
// are all final and of @ThreadSafe types
@SuppressWarnings("ThreadSafe")
final class CacheAdminServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final transient CacheInvalidator invalidator;
    private final transient AdminAccess access;

    CacheAdminServlet(CacheInvalidator invalidator, AdminAccess access) {
        this.invalidator = invalidator; // null: invalidation is off
        this.access = Objects.requireNonNull(access, "access is null");
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        Optional<AdminAccess.Refusal> refusal = access.check(req);
        if (refusal.isPresent()) {
            if (refusal.get().status() == HttpServletResponse.SC_UNAUTHORIZED) {
                resp.setHeader("WWW-Authenticate", "Bearer");
            }
            answer(resp, refusal.get().status(), refusal.get().message());
            return;
        }
        if (invalidator == null) {
            answer(resp, HttpServletResponse.SC_CONFLICT, "automatic invalidation is off; set frontier.invalidation-enabled=true");
            return;
        }
        String path = req.getPathInfo() == null ? "" : req.getPathInfo();
        if (path.equals("/caches") && "GET".equals(req.getMethod())) {
            StringBuilder b = new StringBuilder();
            for (CacheInvalidator.Cache c : invalidator.caches()) {
                b.append(c.name()).append(' ').append(c.host()).append(':').append(c.port()).append(' ')
                        .append(c.urlBase()).append(" tier ").append(c.tier()).append('\n');
            }
            answer(resp, HttpServletResponse.SC_OK, b.length() == 0 ? "no caches registered" : b.toString().trim());
        } else if (path.equals("/flush") && "POST".equals(req.getMethod())) {
            try {
                int n = invalidator.flush(req.getParameter("cache")).get(5, TimeUnit.MINUTES);
                answer(resp, HttpServletResponse.SC_OK, "flushed " + n + " URL(s) from "
                        + (req.getParameter("cache") == null ? "all registered caches" : req.getParameter("cache")));
            } catch (IllegalArgumentException e) {
                answer(resp, HttpServletResponse.SC_NOT_FOUND, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                answer(resp, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "interrupted");
            } catch (ExecutionException | TimeoutException e) {
                answer(resp, HttpServletResponse.SC_INTERNAL_SERVER_ERROR, "flush failed: " + e);
            }
        } else {
            answer(resp, HttpServletResponse.SC_NOT_FOUND, "unknown command: use GET /frontier-admin/caches or POST /frontier-admin/flush[?cache=NAME]");
        }
    }

    private static void answer(HttpServletResponse resp, int status, String text) throws IOException {
        resp.setStatus(status);
        resp.setContentType("text/plain;charset=UTF-8");
        resp.setHeader("Cache-Control", "no-store");
        byte[] body = (text + "\n").getBytes(StandardCharsets.UTF_8);
        resp.setContentLength(body.length);
        resp.getOutputStream().write(body);
    }
}
