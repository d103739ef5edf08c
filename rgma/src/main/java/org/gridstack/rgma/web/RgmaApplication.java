package org.gridstack.rgma.web;

import java.io.IOException;
import java.sql.SQLException;

import org.gridstack.rgma.consumer.ConsumerService;
import org.gridstack.rgma.consumer.ProducerClient;
import org.gridstack.rgma.metrics.Steps;
import org.gridstack.rgma.producer.ProducerService;
import org.gridstack.rgma.registry.SoftStateRegistry;
import org.gridstack.rgma.schema.SchemaService;
import org.gridstack.rgma.storage.ConnectionSource;
import org.gridstack.rgma.storage.DatabaseLocation;
import org.gridstack.rgma.storage.PerQueryConnections;
import org.gridstack.rgma.storage.PooledConnections;
import org.gridstack.rgma.storage.RgmaDatabase;
import org.gridstack.rgma.storage.TupleStore;
import org.gridstack.service.admission.ClientAddressResolver;
import org.gridstack.service.http.BodyLimitFilter;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * One R-GMA server: schema service, registry, ProducerServlet and ConsumerServlet in one Spring
 * Boot application on Tomcat, over PostgreSQL (embedded unless {@code rgma.database.url} is set).
 * Spring wires the plain-Java services; it does not own them.
 */
@SpringBootApplication(exclude = DataSourceAutoConfiguration.class)
@EnableConfigurationProperties(RgmaProperties.class)
public class RgmaApplication {

    public static void main(String[] args) {
        SpringApplication.run(RgmaApplication.class, args);
    }

    @Bean(destroyMethod = "close")
    RgmaDatabase rgmaDatabase(RgmaProperties p) throws IOException, SQLException {
        RgmaProperties.Database d = p.getDatabase();
        return d.getUrl().isBlank() ? RgmaDatabase.embedded()
                : RgmaDatabase.external(new DatabaseLocation(d.getUrl(), d.getUser(), d.getPassword()));
    }

    @Bean(destroyMethod = "close")
    @Qualifier("writes")
    ConnectionSource writeConnections(RgmaDatabase db, RgmaProperties p) {
        return new PooledConnections(db.location(), Math.max(2, p.getProducer().getPoolSize() / 2));
    }

    @Bean(destroyMethod = "close")
    @Qualifier("queries")
    ConnectionSource queryConnections(RgmaDatabase db, RgmaProperties p) {
        // RgmaProperties.validate() let only pooled and per-query through
        return "per-query".equals(p.getProducer().getConnections()) ? new PerQueryConnections(db.location())
                : new PooledConnections(db.location(), p.getProducer().getPoolSize());
    }

    @Bean
    TupleStore tupleStore(@Qualifier("writes") ConnectionSource writes) {
        return new TupleStore(writes);
    }

    @Bean
    SchemaService schemaService(@Qualifier("writes") ConnectionSource writes, TupleStore store, RgmaProperties p) {
        return new SchemaService(writes, store, p.getSchema().getMaxTables());
    }

    @Bean
    Steps steps(MeterRegistry meters) {
        return new Steps(meters);
    }

    @Bean(destroyMethod = "close")
    SoftStateRegistry registry(RgmaProperties p, MeterRegistry meters) {
        return new SoftStateRegistry(p.getRegistry().getMaxPerAddress(), p.getRegistry().getSweepInterval().toMillis(), meters);
    }

    @Bean
    ServiceEndpoint serviceEndpoint(RgmaProperties p) {
        return new ServiceEndpoint(p.getProducer().getEndpoint());
    }

    @Bean(destroyMethod = "close")
    ConsumerService consumerService(SchemaService schema, SoftStateRegistry registry, ObjectMapper json,
            ServiceEndpoint endpoint, RgmaProperties p, Steps steps, MeterRegistry meters) {
        RgmaProperties.Consumer c = p.getConsumer();
        return new ConsumerService(schema, registry, new ProducerClient(json, p.getQuery().getTimeout().plusSeconds(5)), endpoint,
                p.getQuery().getMaxRows(), steps, new ConsumerService.StreamSettings(c.getPollInterval(),
                        c.getRediscoverInterval(), c.getStreamBufferRows(), c.getStreamThreads(), c.getFanOutThreads()), meters);
    }

    @Bean(destroyMethod = "close")
    ProducerService producerService(SchemaService schema, TupleStore store, @Qualifier("queries") ConnectionSource queries,
            SoftStateRegistry registry, ServiceEndpoint endpoint, RgmaProperties p, Steps steps, ConsumerService consumers) {
        return new ProducerService(schema, store, queries, registry, endpoint,
                new ProducerService.QueryLimits(p.getQuery().getMaxRows(), p.getQuery().getTimeout()),
                p.getProducer().getMinTerminationInterval(), steps, consumers,
                p.getProducer().getMaintenanceInterval().toMillis());
    }

    @Bean
    ClientAddressResolver clientAddressResolver(RgmaProperties p) {
        return ClientAddressResolver.trusting(p.getTrustedProxies());
    }

    @Bean
    Admission admission(RgmaProperties p, ClientAddressResolver resolver) {
        return new Admission(resolver, p.getQuery().getMaxPerAddress(), p.getConsumer().getMaxStreamsPerAddress(),
                p.getQuery().getMaxRunning());
    }

    @Bean
    FilterRegistrationBean<BodyLimitFilter> bodyLimit(RgmaProperties p) {
        FilterRegistrationBean<BodyLimitFilter> b = new FilterRegistrationBean<>(new BodyLimitFilter(p.getMaxBodyBytes(),
                ApiExceptionHandler::refuseBody));
        b.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return b;
    }

    @Bean
    DemoSite demoSite(RgmaProperties p, ProducerService producers, SchemaService schema) {
        return new DemoSite(p.isDemo(), p.getDemoPublishInterval(), producers, schema);
    }
}
