package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Enumeration;
import java.util.Objects;
import org.gridstack.frontier.cache.CachePolicy;
import org.gridstack.frontier.protocol.EnvelopeWriter;

/**
 * Request-level errors in the protocol's shape: a whole envelope holding one {@code global_error},
 * with the status given and the cache headers the production servlet gives (the global-error
 * max-age for errors the URL alone determines; uncacheable for the others and when the client
 * asks with {@code X-Frontier-Opts: DontCacheErrors}). Thread-safe (immutable).
 */
@ThreadSafe
final class GlobalErrors {
    static final String CONTENT_TYPE = "text/xml;charset=US-ASCII";

    private final String protocolVersion;
    private final String serverName;
    private final CachePolicy cachePolicy;
    private final FrontierMeters meters;

    GlobalErrors(String protocolVersion, String serverName, CachePolicy cachePolicy, FrontierMeters meters) {
        this.protocolVersion = Objects.requireNonNull(protocolVersion, "protocolVersion is null");
        this.serverName = Objects.requireNonNull(serverName, "serverName is null");
        this.cachePolicy = Objects.requireNonNull(cachePolicy, "cachePolicy is null");
        this.meters = Objects.requireNonNull(meters, "meters is null");
    }

    /** An error the same URL always gets: caches may keep it for the global-error max-age. */
    void send(HttpServletRequest req, HttpServletResponse resp, int status, String message) throws IOException {
        send(req, resp, status, message, true);
    }

    /**
     * Answers a request-level error. {@code urlDetermined}: the same URL always gets this error, so
     * caches may keep it briefly (the global-error max-age, as the production servlet); false for
     * errors that depend on something else (a header, the method, a passing failure), which must
     * not be cached: a shared cache would serve them to every client of the URL.
     */
    void send(HttpServletRequest req, HttpServletResponse resp, int status, String message, boolean urlDetermined) throws IOException {
        meters.globalError();
        resp.setStatus(status);
        resp.setContentType(CONTENT_TYPE);
        resp.setHeader("Cache-Control", !urlDetermined || dontCacheErrors(req) ? CachePolicy.UNCACHEABLE
                : cachePolicy.cacheControl(cachePolicy.globalErrorMaxAge(), req.getHeader("Cache-Control")));
        byte[] body = body(protocolVersion, serverName + " Error: " + message);
        resp.setContentLength(body.length);
        resp.getOutputStream().write(body);
    }

    /** 503 with {@code Retry-After: 1}: the server or the client's share of it is busy. */
    void busy(HttpServletRequest req, HttpServletResponse resp, String message) throws IOException {
        meters.overloaded();
        resp.setHeader("Retry-After", "1");
        send(req, resp, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "Server busy: " + message);
    }

    /** The whole body of a request-level error. */
    static byte[] body(String version, String message) {
        try {
            ByteArrayOutputStream b = new ByteArrayOutputStream(512);
            EnvelopeWriter w = new EnvelopeWriter(b);
            w.begin(version);
            w.globalError(message);
            w.end();
            return b.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the client asked that errors not be cached ({@code X-Frontier-Opts: DontCacheErrors}). */
    static boolean dontCacheErrors(HttpServletRequest req) {
        Enumeration<String> opts = req.getHeaders("X-Frontier-Opts");
        while (opts != null && opts.hasMoreElements()) {
            for (String o : opts.nextElement().split("[,\\s]+")) {
                if (o.equalsIgnoreCase("DontCacheErrors")) {
                    return true;
                }
            }
        }
        return false;
    }
}
