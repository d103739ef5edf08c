package org.gridstack.testing;

import java.util.Objects;
import org.springframework.boot.autoconfigure.context.ConfigurationPropertiesAutoConfiguration;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * Starts a Spring context that binds a service's configuration-properties class as the service's
 * own start-up does, so a test can show that a bad setting stops the start and a good one is bound:
 * the configuration-properties auto-configuration plus the test's configuration class (one carrying
 * {@code @EnableConfigurationProperties(TheProperties.class)}), on the given {@code key=value}
 * properties. Spring Boot's {@code ApplicationContextRunner} does this too, but its assertable
 * contexts need AssertJ, which the project does not use. Spring Boot is a provided dependency of
 * this module: only the Spring services' tests call this. Stateless; thread-safe.
 */
public final class SpringPropertiesContext {
    private SpringPropertiesContext() {
    }

    /**
     * A started context (the caller closes it).
     *
     * @throws RuntimeException what the start threw: a setting refused while binding or validating
     */
    public static AnnotationConfigApplicationContext start(Class<?> configuration, String... properties) {
        Objects.requireNonNull(configuration, "configuration is null");
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        TestPropertyValues.of(properties).applyTo(context);
        context.register(ConfigurationPropertiesAutoConfiguration.class, configuration);
        context.refresh();
        return context;
    }
}
