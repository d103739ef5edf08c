package org.gridstack.dqp.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridstack.service.http.BodyLimitFilter;
import org.springframework.boot.web.servlet.FilterRegistrationBean;

/**
 * The request body limit of the engine's internal services (data services, evaluators): service-kit's
 * {@link BodyLimitFilter} on the given URL patterns, refusing a larger body (also a chunked one, counted
 * as it is read) with 413 in the services' JSON error shape ({@link ErrorBody}). Stateless; thread-safe.
 */
@ThreadSafe
public final class RequestBodyLimit {
    /** The default limit: requests to these services are small JSON documents. */
    public static final long DEFAULT_MAX_BYTES = 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private RequestBodyLimit() {
    }

    /** A filter registration limiting bodies sent to {@code urlPatterns} of service {@code service} to {@code maxBytes}. */
    public static FilterRegistrationBean<BodyLimitFilter> on(String service, long maxBytes, String... urlPatterns) {
        requireNonNull(service, "service is null");
        FilterRegistrationBean<BodyLimitFilter> registration = new FilterRegistrationBean<>(new BodyLimitFilter(maxBytes,
                (request, response, limit) -> {
                    response.setStatus(413);
                    response.setContentType("application/json");
                    response.getOutputStream().write(JSON.writeValueAsString(new ErrorBody(service,
                            "the request body is larger than " + limit + " bytes, the limit")).getBytes(StandardCharsets.UTF_8));
                }));
        registration.addUrlPatterns(urlPatterns);
        return registration;
    }
}
