package org.gridstack.hawkeye.cli;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import org.gridstack.hawkeye.manager.Manager;
import org.gridstack.hawkeye.manager.ManagerSettings;
import org.gridstack.hawkeye.trigger.TriggerEngine;
import org.gridstack.hawkeye.web.HawkeyeServers;
import org.gridstack.hawkeye.web.HttpServer;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hawkeye manager}: runs a manager until stopped. */
@Command(name = "manager", mixinStandardHelpOptions = true, description = "Run a Hawkeye manager.")
public final class ManagerCommand implements Callable<Integer> {

    @Option(names = "--listen", defaultValue = "127.0.0.1", description = "address to listen on (default: ${DEFAULT-VALUE})")
    String listen;

    @Option(names = "--port", defaultValue = "9618", description = "port (default: ${DEFAULT-VALUE}, HTCondor's collector port)")
    int port;

    @Option(names = "--credential-file", required = true, description = "agent credentials, one a line")
    Path credentialFile;

    @Option(names = "--expiry", defaultValue = "180", description = "seconds without an ad before a host is dropped (default: ${DEFAULT-VALUE})")
    long expirySeconds;

    @Option(names = "--queries-per-address", defaultValue = "16", description = "queries one address may run at once (default: ${DEFAULT-VALUE})")
    int queriesPerAddress;

    @Option(names = "--pushes-per-address", defaultValue = "8", description = "pushes one address may send at once (default: ${DEFAULT-VALUE})")
    int pushesPerAddress;

    @Option(names = "--hosts-per-address", defaultValue = "1024", description = "hosts one address may report (default: ${DEFAULT-VALUE})")
    int hostsPerAddress;

    @Option(names = "--trusted-proxy", description = "CIDR of a proxy whose X-Forwarded-For is believed (repeatable)")
    List<String> trustedProxies = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        ManagerSettings settings = ManagerSettings.defaults(Credentials.read(credentialFile))
                .withExpiry(Duration.ofSeconds(expirySeconds))
                .withShares(queriesPerAddress, pushesPerAddress, hostsPerAddress)
                .withTrustedProxies(trustedProxies);
        PrometheusMeterRegistry meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (Manager manager = new Manager(settings, Clock.systemUTC(), TriggerEngine.standard(Clock.systemUTC()));
                HttpServer server = HawkeyeServers.manager(listen, port, manager, meters)) {
            System.out.println("hawkeye manager ready: " + server.url());
            new CountDownLatch(1).await();
        }
        return 0;
    }
}
