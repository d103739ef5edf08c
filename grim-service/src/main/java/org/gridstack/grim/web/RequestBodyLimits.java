package org.gridstack.grim.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import org.gridstack.grim.config.GrimProperties;
import org.gridstack.service.http.BodyLimitFilter;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Every request body is limited before it is read: native queries at
 * {@code grim.native-queries.max-query-bytes}, every other API body (updates, objects) at
 * {@code grim.updates.max-body-bytes}. A body declared over its limit is answered 413 in the API's
 * error shape without being read; a chunked one is cut where it passes the limit (the read throws
 * {@link org.gridstack.service.http.BodyTooLargeException}, which {@link ApiExceptionHandler}
 * answers 413). WebSocket messages have their own limit ({@code grim.updates.max-message-chars}).
 */
@Configuration
class RequestBodyLimits {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Bean
    FilterRegistrationBean<BodyLimitFilter> nativeQueryBodyLimit(GrimProperties properties) {
        return registration(new BodyLimitFilter(properties.getNativeQueries().getMaxQueryBytes(),
                refusal("grim.native-queries.max-query-bytes")), "/api/v1/native", Ordered.HIGHEST_PRECEDENCE);
    }

    @Bean
    FilterRegistrationBean<BodyLimitFilter> apiBodyLimit(GrimProperties properties) {
        return registration(new BodyLimitFilter(properties.getUpdates().getMaxBodyBytes(),
                refusal("grim.updates.max-body-bytes")), "/api/*", Ordered.HIGHEST_PRECEDENCE + 1);
    }

    private static FilterRegistrationBean<BodyLimitFilter> registration(BodyLimitFilter filter, String path, int order) {
        FilterRegistrationBean<BodyLimitFilter> r = new FilterRegistrationBean<>(filter);
        r.addUrlPatterns(path);
        r.setName("bodyLimit" + path.replaceAll("[^a-z]", ""));
        r.setOrder(order);
        return r;
    }

    /** The message of a 413 for a request to {@code path}, naming the limit and the setting that changes it. */
    static String tooLargeFor(String path, long limit) {
        return tooLarge(limit, path != null && path.endsWith("/native") ? "grim.native-queries.max-query-bytes"
                : "grim.updates.max-body-bytes");
    }

    /** The message of a 413, naming the limit and the setting that changes it. */
    static String tooLarge(long limit, String setting) {
        return "the request body is larger than the limit of " + limit + " bytes (" + setting + ")";
    }

    private static BodyLimitFilter.Refusal refusal(String setting) {
        return (request, response, limit) -> {
            byte[] body = JSON.writeValueAsBytes(new ApiError(413, "Payload Too Large", tooLarge(limit, setting)));
            response.setStatus(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
            response.setContentType("application/json");
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
        };
    }
}
