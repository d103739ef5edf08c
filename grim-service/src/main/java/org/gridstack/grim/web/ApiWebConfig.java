package org.gridstack.grim.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Puts {@link ProviderTokenInterceptor} in front of every API handler ({@code /api/**}). */
@Configuration
class ApiWebConfig implements WebMvcConfigurer {
    private final ProviderAuthentication auth;

    ApiWebConfig(ProviderAuthentication auth) {
        this.auth = auth;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new ProviderTokenInterceptor(auth)).addPathPatterns("/api/**");
    }
}
