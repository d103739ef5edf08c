package org.gridstack.mds.web;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;

import org.gridstack.mds.xmlindex.BaseXDocumentStore;
import org.gridstack.mds.xmlindex.XmlIndex;
import org.gridstack.mds.xmlindex.XmlSources;
import org.gridstack.service.http.ClientHangUps;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * Spring wiring of the MDS4-style XML index: the plain-Java {@link XmlIndex} and its BaseX store
 * as beans, the HTTP API ({@link XmlIndexController}) and Actuator's Prometheus endpoint for the
 * step timers. Spring wires the index; it does not own its logic.
 */
@SpringBootApplication
@EnableConfigurationProperties(IndexProperties.class)
public class IndexApplication {

    @Bean(destroyMethod = "close")
    BaseXDocumentStore documentStore(IndexProperties p) throws IOException {
        return new BaseXDocumentStore(p.maxConcurrentQueries(), p.maxItems(), p.queryTimeLimitSeconds(), p.queryMemoryMib());
    }

    @Bean(destroyMethod = "close")
    XmlIndex xmlIndex(BaseXDocumentStore store, IndexProperties p, MeterRegistry meters) {
        return new XmlIndex(store, new XmlSources(Duration.ofSeconds(p.connectTimeoutSeconds()), p.maxDocumentBytes()),
                Clock.systemUTC(), meters, p.maxRegistrations());
    }

    /** Notices clients that hung up while their query runs (checked every second), so the query is stopped. */
    @Bean(destroyMethod = "close")
    ClientHangUps clientHangUps() {
        return new ClientHangUps(Duration.ofSeconds(1));
    }
}
