package org.gridstack.bench.rgma;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridstack.rgma.client.PrimaryProducer;
import org.gridstack.rgma.client.ProducerOptions;
import org.gridstack.rgma.client.Registry;
import org.gridstack.rgma.client.RgmaEndpoint;
import org.gridstack.rgma.client.SecondaryProducer;
import org.gridstack.rgma.web.RgmaApplication;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * One R-GMA server in this JVM (schema, registry, ProducerServlet, ConsumerServlet on a free
 * loopback port over its own embedded PostgreSQL), with helpers to publish the seed's CPU-load
 * table from many producers and to read the server's step timers. Closing stops the server and its
 * database. Not thread-safe.
 */
final class RgmaSite implements AutoCloseable {
    static final String TABLE = "CREATE TABLE cpuload (host VARCHAR(64) NOT NULL, load1 REAL, load5 REAL, load15 REAL,"
            + " PRIMARY KEY (host))";

    private final ConfigurableApplicationContext context;
    final RgmaEndpoint endpoint;
    final String connections;
    private final List<PrimaryProducer> producers = new ArrayList<>();

    RgmaSite(String connections) {
        this.connections = requireNonNull(connections, "connections is null");
        // command-line arguments: they win over any application.properties the classpath holds
        this.context = SpringApplication.run(RgmaApplication.class, "--server.port=0", "--server.address=127.0.0.1",
                "--spring.main.banner-mode=off", "--spring.mvc.async.request-timeout=-1",
                "--server.tomcat.threads.max=400", "--server.tomcat.max-connections=20000",
                "--spring.application.name=rgma", "--logging.level.root=WARN",
                "--rgma.producer.connections=" + connections, "--rgma.producer.pool-size=20",
                "--rgma.query.max-per-address=2000", "--rgma.query.max-running=360", "--rgma.registry.max-per-address=5000",
                "--rgma.consumer.poll-interval=200ms", "--rgma.consumer.rediscover-interval=1s");
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        this.endpoint = new RgmaEndpoint("http://127.0.0.1:" + port);
        new Registry(endpoint).createTable(TABLE);
    }

    /** Adds {@code n} latest producers, each publishing one tuple for host {@code prefix<i>}; returns their ids. */
    List<Long> addProducers(int n, String prefix) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            PrimaryProducer p = new PrimaryProducer(endpoint, ProducerOptions.of("cpuload").withRetention(3600, 3600)
                    .withTerminationInterval(3600));
            publish(p, prefix + i);
            producers.add(p);
            ids.add(p.id());
        }
        return ids;
    }

    static void publish(PrimaryProducer p, String host) {
        p.insert("INSERT INTO cpuload VALUES ('" + host + "', 0.5, 0.4, 0.3)");
    }

    /** Closes every producer added so far. */
    void closeProducers() {
        for (PrimaryProducer p : producers) {
            p.close();
        }
        producers.clear();
    }

    SecondaryProducer archiver() {
        return new SecondaryProducer(endpoint, ProducerOptions.of("cpuload").withStorage("database").withRetention(3600, 3600)
                .withTerminationInterval(3600));
    }

    /** Total time (ns) and count of every {@code rgma.step} timer now. */
    Map<String, long[]> steps() {
        Map<String, long[]> out = new LinkedHashMap<>();
        for (Timer t : context.getBean(MeterRegistry.class).find("rgma.step").timers()) {
            out.put(t.getId().getTag("step"), new long[] {(long) t.totalTime(TimeUnit.NANOSECONDS),
                    t.count()});
        }
        return out;
    }

    @Override
    public void close() {
        context.close();
    }
}
