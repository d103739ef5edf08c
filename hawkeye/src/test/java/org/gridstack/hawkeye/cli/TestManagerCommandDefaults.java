package org.gridstack.hawkeye.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.gridstack.hawkeye.manager.ManagerSettings;
import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** {@code hawkeye manager}'s option defaults are the manager settings' defaults (the README lists them once). */
class TestManagerCommandDefaults {
    @Test
    void optionDefaultsAreTheSettingsDefaults() {
        ManagerCommand command = new ManagerCommand();
        new CommandLine(command).parseArgs("--credential-file", "agents.token");
        ManagerSettings defaults = ManagerSettings.defaults(Set.of());
        assertEquals("127.0.0.1", command.listen);
        assertEquals(9618, command.port);
        assertEquals(defaults.expiry(), Duration.ofSeconds(command.expirySeconds));
        assertEquals(defaults.queriesPerAddress(), command.queriesPerAddress);
        assertEquals(defaults.pushesPerAddress(), command.pushesPerAddress);
        assertEquals(defaults.maxHostsPerSource(), command.hostsPerAddress);
        assertEquals(List.of(), command.trustedProxies);
    }
}
