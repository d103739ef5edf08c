package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.gridstack.mds.web.IndexApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Our MDS4-style XML index ({@link IndexApplication}, Spring Boot with Tomcat) in this JVM on a
 * free port of 127.0.0.1, with its shipped settings except {@code mds.index.max-concurrent-queries}
 * (the benchmark's choice, see {@link MdsIndexBenchmark.Config}). The index of one N is made by
 * registering the GRIS of that N ({@code ldap://127.0.0.1:PORT/Mds-Vo-name=nN,o=Grid}, refresh
 * 1 hour) and removing the previous one, so the aggregate holds exactly that GRIS's document, as
 * seed 002's index held N entries. {@link #close()} stops the application. Not thread-safe.
 */
final class XmlIndexServer implements AutoCloseable {
    static final Duration REFRESH = Duration.ofHours(1);

    private final ConfigurableApplicationContext app;
    private final int port;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private String registered;

    private XmlIndexServer(ConfigurableApplicationContext app) {
        this.app = requireNonNull(app, "app is null");
        this.port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port", "0"));
    }

    /** Starts the index; {@code maxConcurrentQueries} is its {@code mds.index.max-concurrent-queries}. */
    static XmlIndexServer start(int maxConcurrentQueries) {
        if (maxConcurrentQueries < 1) {
            throw new IllegalArgumentException("maxConcurrentQueries must be at least 1, got " + maxConcurrentQueries);
        }
        // command-line arguments, not SpringApplicationBuilder.properties(...): those are defaults,
        // which another module's application.properties on this class path (frontier-servlet's
        // server.port=8080) overrides
        ConfigurableApplicationContext app = new SpringApplicationBuilder(IndexApplication.class)
                .run("--server.port=0", "--server.address=127.0.0.1", "--spring.main.banner-mode=off",
                        "--logging.level.root=WARN",
                        // Tomcat must not be the limit the benchmark measures: one thread per client up to 800 + headroom
                        "--server.tomcat.threads.max=1000", "--server.tomcat.max-connections=2000", "--server.tomcat.accept-count=1000",
                        "--server.tomcat.keep-alive-timeout=120s", "--server.tomcat.max-keep-alive-requests=-1",
                        "--mds.index.max-concurrent-queries=" + maxConcurrentQueries,
                        // every load client connects from 127.0.0.1: one address must be allowed all the slots
                        "--mds.index.queries-per-address=" + maxConcurrentQueries,
                        // other modules on this classpath bring JDBC; the index has no database
                        "--spring.autoconfigure.exclude=org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration");
        return new XmlIndexServer(app);
    }

    int port() {
        return port;
    }

    /** The query URI of {@code xpath}. */
    URI queryUri(String xpath) {
        return URI.create("http://127.0.0.1:" + port + "/index/query?xpath=" + URLEncoder.encode(xpath, StandardCharsets.UTF_8));
    }

    /** Makes the aggregate the GRIS of {@code layout} on {@code grisPort} alone. */
    void serve(IndexLayout layout, int grisPort) throws IOException, InterruptedException {
        if (registered != null) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base() + "/registrations/" + registered)).DELETE().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 204) {
                throw new IOException("removing registration " + registered + " answered " + r.statusCode() + ": " + r.body());
            }
            registered = null;
        }
        String form = "name=" + layout.voName() + "&url=" + URLEncoder.encode("ldap://127.0.0.1:" + grisPort + "/" + layout.parent(),
                StandardCharsets.UTF_8) + "&refresh=" + REFRESH.toSeconds();
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base() + "/registrations"))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) {
            throw new IOException("registering the GRIS of N=" + layout.entries() + " answered " + r.statusCode() + ": " + r.body());
        }
        registered = layout.voName();
    }

    private String base() {
        return "http://127.0.0.1:" + port + "/index";
    }

    @Override
    public void close() {
        app.close();
    }
}
