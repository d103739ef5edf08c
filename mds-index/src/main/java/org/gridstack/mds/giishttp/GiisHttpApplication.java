package org.gridstack.mds.giishttp;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.concurrent.atomic.AtomicReference;

import org.gridstack.mds.giis.RegistrationDesk;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * A GIIS's HTTP side: the registration form ({@link GiisRegistrationController}) and Actuator's
 * Prometheus endpoint with the GIIS's step timers. Started before the GIIS (whose timers use
 * this application's {@link MeterRegistry}); the GIIS's {@link RegistrationDesk} is handed over
 * through a {@link DeskHolder} once it listens.
 */
@SpringBootApplication
public class GiisHttpApplication {

    /** Holds the desk of the running GIIS (empty until it started). Thread-safe. */
    @ThreadSafe
    public static final class DeskHolder {
        private final AtomicReference<RegistrationDesk> desk = new AtomicReference<>();

        public void set(RegistrationDesk value) {
            desk.set(requireNonNull(value, "value is null"));
        }

        RegistrationDesk get() {
            return desk.get();
        }
    }

    /** Starts the HTTP side on {@code port} (0: any free port); the caller closes the context. */
    public static ConfigurableApplicationContext start(int port, DeskHolder holder) {
        requireNonNull(holder, "holder is null");
        return new SpringApplicationBuilder(GiisHttpApplication.class)
                .initializers(ctx -> ctx.getBeanFactory().registerSingleton("deskHolder", holder))
                // as command-line arguments: properties(...) would be defaults, which another
                // application.properties on the class path (the benchmarks') overrides
                .run("--server.port=" + port, "--management.endpoints.web.exposure.include=health,prometheus",
                        "--spring.main.banner-mode=off");
    }

    public static MeterRegistry registry(ConfigurableApplicationContext app) {
        return app.getBean(MeterRegistry.class);
    }
}
