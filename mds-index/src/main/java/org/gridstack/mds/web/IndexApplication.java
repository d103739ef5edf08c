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
        return new BaseXDocumentStore(p.getMaxConcurrentQueries(), p.getMaxItems(), p.getQueryTimeLimitSeconds(), p.getQueryMemoryMib());
    }

    @Bean(destroyMethod = "close")
    XmlIndex xmlIndex(BaseXDocumentStore store, IndexProperties p, MeterRegistry meters) {
        return new XmlIndex(store, new XmlSources(Duration.ofSeconds(p.getConnectTimeoutSeconds()), p.getMaxDocumentBytes()),
                Clock.systemUTC(), meters, p.getMaxRegistrations());
    }

    /** Notices clients that hung up while their query runs (checked every second), so the query is stopped. */
    @Bean(destroyMethod = "close")
    ClientHangUps clientHangUps() {
        return new ClientHangUps(Duration.ofSeconds(1));
    }
}
