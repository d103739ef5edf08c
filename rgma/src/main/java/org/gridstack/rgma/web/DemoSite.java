package org.gridstack.rgma.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.host.DefaultHostProviders;
import org.gridstack.mds.provider.host.ProcHostReader;
import org.gridstack.rgma.producer.OnDemandSource;
import org.gridstack.rgma.producer.ProducerService;
import org.gridstack.rgma.producer.ProducerSpec;
import org.gridstack.rgma.producer.ProviderColumnsSource;
import org.gridstack.rgma.producer.ProviderEntriesSource;
import org.gridstack.rgma.registry.ProducerKind;
import org.gridstack.rgma.registry.QueryType;
import org.gridstack.rgma.schema.SchemaService;
import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.rgma.storage.StorageKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPException;

/**
 * The site a demo server publishes once it listens ({@code rgma.demo=true}): this host's
 * information providers (mds-index's host providers) as on-demand producers (CPU load in
 * {@code hostload}, every GLUE entry in {@code glueentry}), a primary producer that publishes
 * the CPU load every {@code rgma.demo-publish-interval} (the seed's custom LatestProducer), and an
 * archiver (secondary producer) keeping its history. Thread-safe; stops with the application.
 */
@ThreadSafe
final class DemoSite implements ApplicationListener<ApplicationReadyEvent>, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DemoSite.class);

    private final boolean enabled;
    private final Duration interval;
    private final ProducerService producers;
    private final SchemaService schema;
    private final ScheduledExecutorService publisher = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rgma-demo-publisher");
        t.setDaemon(true);
        return t;
    });

    DemoSite(boolean enabled, Duration interval, ProducerService producers, SchemaService schema) {
        this.enabled = enabled;
        this.interval = requireNonNull(interval, "interval is null");
        this.producers = requireNonNull(producers, "producers is null");
        this.schema = requireNonNull(schema, "schema is null");
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        if (!enabled) {
            return;
        }
        InetAddress self = InetAddress.getLoopbackAddress();
        List<InformationProvider> host;
        try {
            host = new DefaultHostProviders(new ProcHostReader(), Clock.systemUTC())
                    .providers(new DN("Mds-Vo-name=local,o=Grid"), new DN("o=glue"));
        } catch (LDAPException e) {
            throw new IllegalStateException(e);
        }
        InformationProvider load = host.stream().filter(p -> p.settings().name().equals("host-load")).findFirst().orElseThrow();
        ProviderColumnsSource cpu = ProviderColumnsSource.hostLoad(load);
        producers.addOnDemand(cpu, self);
        for (InformationProvider p : host) {
            producers.addOnDemand(new ProviderEntriesSource(p), self);
        }
        ProducerService.Created primary = producers.createOwned(new ProducerSpec(ProducerKind.PRIMARY, "hostload", "",
                StorageKind.MEMORY, interval.multipliedBy(3), Duration.ofHours(1), Duration.ofMinutes(5),
                EnumSet.of(QueryType.LATEST, QueryType.HISTORY, QueryType.CONTINUOUS)), self);
        producers.createOwned(new ProducerSpec(ProducerKind.SECONDARY, "hostload", "", StorageKind.DATABASE,
                Duration.ofHours(1), Duration.ofDays(1), Duration.ofMinutes(5), EnumSet.of(QueryType.LATEST, QueryType.HISTORY)),
                self);
        publisher.scheduleWithFixedDelay(() -> publish(cpu, primary), 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void publish(OnDemandSource cpu, ProducerService.Created primary) {
        try {
            producers.publishOwned(primary.id(), cpu.collect(schema.table("hostload")));
        } catch (RgmaException e) {
            log.warn("demo producer could not publish: {}", e.getMessage());
        } catch (Exception e) {
            log.warn("demo producer could not read this host's load", e);
        }
    }

    @Override
    public void close() {
        publisher.shutdownNow();
    }
}
