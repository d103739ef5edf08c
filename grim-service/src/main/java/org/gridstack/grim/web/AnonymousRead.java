package org.gridstack.grim.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an API handler method that never changes stored data, so anyone may call it without a
 * provider token. Every API handler WITHOUT this mark is treated as a write and needs a provider
 * token ({@link ProviderTokenInterceptor}): a new route is authenticated unless someone states
 * here that it only reads.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface AnonymousRead {
}
