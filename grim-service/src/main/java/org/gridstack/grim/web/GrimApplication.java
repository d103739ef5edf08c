package org.gridstack.grim.web;

import org.gridstack.grim.backends.GrimStore;
import org.gridstack.grim.config.GrimProperties;
import org.gridstack.grim.write.UpdateRouter;
import org.gridstack.service.http.ClientHangUps;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.web.servlet.error.ErrorMvcAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;

/**
 * GRIM as a web service: {@code java -jar grim-service.jar --server.port=PORT --grim.scale=S}
 * starts all three embedded backends loaded at scale S.
 */
// no Spring error controller: a direct GET /error is then an unknown path (404), and errors no
// handler wrote reach Tomcat's error report valve, which answers in the service's own shape
@SpringBootApplication(exclude = {DataSourceAutoConfiguration.class, ErrorMvcAutoConfiguration.class})
@EnableConfigurationProperties(GrimProperties.class)
public class GrimApplication {
    private static final Logger log = LoggerFactory.getLogger(GrimApplication.class);

    public static void main(String[] args) {
        SpringApplication.run(GrimApplication.class, args);
    }

    @Bean(destroyMethod = "close")
    GrimStore grimStore(GrimProperties properties) throws IOException {
        return new GrimStore(properties);
    }

    @Bean(destroyMethod = "close")
    UpdateRouter updateRouter(GrimStore store, GrimProperties properties, MeterRegistry meters) {
        return new UpdateRouter(store, properties.getUpdates(), meters);
    }

    @Bean
    NativeQueryGate nativeQueryGate(GrimProperties properties) {
        return new NativeQueryGate(properties.getNativeQueries().getMaxPerClient(), properties.getNativeQueries().getMaxPerBackend());
    }

    /** Stops native queries whose client hung up (checked once a second). */
    @Bean(destroyMethod = "close")
    ClientHangUps clientHangUps() {
        return new ClientHangUps(Duration.ofSeconds(1));
    }

    @Bean
    ProviderAuthentication providerAuthentication(GrimProperties properties) {
        List<String> tokens = properties.getProviderTokens();
        if (tokens.isEmpty()) {
            String token = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
            log.warn("no grim.provider-tokens configured; providers may update with this generated token: {}", token);
            tokens = List.of(token);
        }
        return new ProviderAuthentication(tokens);
    }
}
