package org.gridstack.hawkeye.cli;

import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import org.gridstack.hawkeye.agent.Agent;
import org.gridstack.hawkeye.client.HawkeyeClient;
import org.gridstack.hawkeye.manager.Manager;
import org.gridstack.hawkeye.manager.ManagerSettings;
import org.gridstack.hawkeye.module.HostModules;
import org.gridstack.hawkeye.module.ModuleRunner;
import org.gridstack.hawkeye.trigger.Trigger;
import org.gridstack.hawkeye.trigger.TriggerAction;
import org.gridstack.hawkeye.trigger.TriggerEngine;
import org.gridstack.hawkeye.web.HawkeyeServers;
import org.gridstack.hawkeye.web.HttpServer;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hawkeye demo}: a manager and one agent with this host's modules on loopback, pushing
 * every 10 s, with a sample trigger; prints one ready line with the URLs, a query and the
 * trigger, then runs until stopped.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, description = "Run a manager and one agent on loopback.")
public final class DemoCommand implements Callable<Integer> {

    @Option(names = "--listen", defaultValue = "127.0.0.1", description = "address (default: ${DEFAULT-VALUE})")
    String listen;

    @Option(names = "--port", defaultValue = "9618", description = "the manager's port (default: ${DEFAULT-VALUE}; 0: a free one)")
    int port;

    @Override
    public Integer call() throws Exception {
        String credential = Credentials.random();
        Path triggerLog = Files.createTempFile("hawkeye-demo-trigger", ".log");
        PrometheusMeterRegistry meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        ManagerSettings settings = ManagerSettings.defaults(Set.of(credential)).withExpiry(Duration.ofSeconds(30));
        ModuleRunner runner = new ModuleRunner(HostModules.forThisHost(Clock.systemUTC()), Clock.systemUTC(), meters);
        runner.runAllOnce();
        runner.start();
        String host = InetAddress.getLocalHost().getHostName();
        try (Manager manager = new Manager(settings, Clock.systemUTC(), TriggerEngine.standard(Clock.systemUTC()));
                HttpServer managerServer = HawkeyeServers.manager(listen, port, manager, meters);
                Agent agent = new Agent(host, runner, Clock.systemUTC(), meters);
                HttpServer agentServer = HawkeyeServers.agent(listen, 0, agent, meters)) {
            String constraint = "GlueHostProcessorLoadLast1Min >= 0";
            manager.triggers().register(Trigger.of("demo-busy", "GlueHostProcessorLoadLast1Min > 100",
                    new TriggerAction.Command(List.of("/bin/sh", "-c", "cat >> " + triggerLog), Duration.ofSeconds(10)),
                    Duration.ofMinutes(1), 3));
            HawkeyeClient client = new HawkeyeClient(HttpClient.newHttpClient(), Duration.ofSeconds(10), meters);
            agent.startPushing(client, URI.create(managerServer.url()), credential, agentServer.url(), Duration.ofSeconds(10));
            System.out.println("hawkeye ready: manager " + managerServer.url() + " agent " + agentServer.url()
                    + " | query: curl '" + managerServer.url() + "v1/ads?constraint=" + constraint.replace(" ", "%20")
                    .replace(">", "%3E").replace("=", "%3D") + "&attrs=Name,GlueHostProcessorLoadLast1Min'"
                    + " | trigger: demo-busy (GlueHostProcessorLoadLast1Min > 100) appends the ad to " + triggerLog
                    + "; status: curl " + managerServer.url() + "v1/triggers"
                    + " | credential (for pushes and triggers): " + credential);
            new CountDownLatch(1).await();
        }
        return 0;
    }
}
