package org.gridstack.dqp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import org.gridstack.dqp.coordinator.CoordinatorSettings;
import org.gridstack.dqp.dataservice.DataServiceSettings;
import org.gridstack.dqp.entropy.EntropySettings;
import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** The services' command-line defaults are their settings' defaults, so the documented numbers hold either way. */
class TestCommandDefaults {
    @Test
    void coordinatorOptionsDefaultToTheCoordinatorSettings() {
        CoordinatorCommand c = new CoordinatorCommand();
        new CommandLine(c).parseArgs("--data-service", "http://127.0.0.1:8091/");
        CoordinatorSettings d = CoordinatorSettings.defaults(List.of(URI.create("http://127.0.0.1:8091/")), List.of(), List.of());
        assertEquals(8090, c.port);
        assertEquals(d.queryTimeout(), Duration.ofSeconds(c.queryTimeoutSeconds));
        assertEquals(d.maxConcurrentQueries(), c.maxConcurrentQueries);
        assertEquals(d.maxQueryMemory(), c.maxQueryMemoryMb << 20);
        assertEquals(d.sendTimeout(), Duration.ofSeconds(c.sendTimeoutSeconds));
        assertEquals(d.addressShare(), c.addressShare);
    }

    @Test
    void dataServiceOptionsDefaultToTheDataServiceSettings() {
        DataServiceCommand c = new DataServiceCommand();
        new CommandLine(c).parseArgs("--jdbc-url", "jdbc:postgresql://127.0.0.1/dqp", "--user", "reader");
        assertEquals(8091, c.port);
        assertEquals(DataServiceSettings.DEFAULT_MAX_SESSIONS, c.maxSessions);
    }

    @Test
    void entropyOptionsDefaultToTheEntropySettings() {
        EntropyCommand c = new EntropyCommand();
        new CommandLine(c).parseArgs();
        EntropySettings d = EntropySettings.defaults("entropy");
        assertEquals(8093, c.port);
        assertEquals(d.name(), c.name);
        assertEquals(d.mode(), c.mode);
        assertEquals(d.latency(), Duration.ofMillis(c.latencyMs));
        assertEquals(d.cpuRepetitions(), c.cpuRepetitions);
    }
}
