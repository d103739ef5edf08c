package org.gridstack.grim.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Fail-closed authentication of writes: before any argument of an API handler is read (so
 * before a request body is parsed), every handler method not marked {@link AnonymousRead} needs
 * a provider token ({@code Authorization: Bearer TOKEN} or {@code X-Grim-Token}); without one
 * the request is answered 401, with a wrong one 403, by throwing the {@link ProviderAuthentication}
 * error the API's error handler turns into the JSON error shape. Thread-safe.
 */
@ThreadSafe
final class ProviderTokenInterceptor implements HandlerInterceptor {
    static final String AUTHORIZATION = "Authorization";
    static final String TOKEN = "X-Grim-Token";

    private final ProviderAuthentication auth;

    ProviderTokenInterceptor(ProviderAuthentication auth) {
        this.auth = requireNonNull(auth, "auth is null");
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (handler instanceof HandlerMethod m && !m.hasMethodAnnotation(AnonymousRead.class)) {
            auth.check(request.getHeader(AUTHORIZATION), request.getHeader(TOKEN));
        }
        return true;
    }
}
