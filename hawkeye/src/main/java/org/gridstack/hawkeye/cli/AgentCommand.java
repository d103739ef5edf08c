package org.gridstack.hawkeye.cli;

import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.gridstack.hawkeye.agent.Agent;
import org.gridstack.hawkeye.classad.ClassAdParser;
import org.gridstack.hawkeye.client.HawkeyeClient;
import org.gridstack.hawkeye.module.CronModule;
import org.gridstack.hawkeye.module.CronOutputParser;
import org.gridstack.hawkeye.module.HostModules;
import org.gridstack.hawkeye.module.Module;
import org.gridstack.hawkeye.module.ModuleRunner;
import org.gridstack.hawkeye.web.HawkeyeServers;
import org.gridstack.hawkeye.web.HttpServer;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hawkeye agent}: runs an agent with this host's modules and startd-cron programs until stopped. */
@Command(name = "agent", mixinStandardHelpOptions = true, description = "Run a Hawkeye agent.")
public final class AgentCommand implements Callable<Integer> {

    @Option(names = "--manager", required = true, description = "the manager's URL")
    URI manager;

    @Option(names = "--credential-file", required = true, description = "the agent's credential (first line)")
    Path credentialFile;

    @Option(names = "--name", description = "the host's name in its ad (default: this host's name)")
    String name;

    @Option(names = "--listen", defaultValue = "127.0.0.1", description = "address to answer queries on (default: ${DEFAULT-VALUE})")
    String listen;

    @Option(names = "--port", defaultValue = "0", description = "port (default: a free one)")
    int port;

    @Option(names = "--interval", defaultValue = "60", description = "seconds between pushes to the manager (default: ${DEFAULT-VALUE})")
    long intervalSeconds;

    @Option(names = "--cron", description = "a startd cron module NAME=EXECUTABLE[:PERIOD_SECONDS[:TIME_LIMIT_SECONDS]]")
    List<String> cron = new ArrayList<>();

    @Option(names = "--no-host-modules", description = "leave out the /proc modules")
    boolean noHostModules;

    @Override
    public Integer call() throws Exception {
        String credential = Credentials.read(credentialFile).iterator().next();
        ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor();
        List<Module> modules = new ArrayList<>(noHostModules ? List.of() : HostModules.forThisHost(Clock.systemUTC()));
        for (String spec : cron) {
            modules.add(cronModule(spec, killer));
        }
        PrometheusMeterRegistry meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        String host = name != null ? name : InetAddress.getLocalHost().getCanonicalHostName();
        ModuleRunner runner = new ModuleRunner(modules, Clock.systemUTC(), meters);
        runner.runAllOnce();
        runner.start();
        try (Agent agent = new Agent(host, runner, Clock.systemUTC(), meters);
                HttpServer server = HawkeyeServers.agent(listen, port, agent, meters)) {
            HawkeyeClient client = new HawkeyeClient(HttpClient.newHttpClient(), Duration.ofSeconds(30), meters);
            agent.startPushing(client, manager, credential, server.url(), Duration.ofSeconds(intervalSeconds));
            System.out.println("hawkeye agent ready: " + server.url() + " (host " + host + ", pushing to " + manager + ")");
            new CountDownLatch(1).await();
        } finally {
            killer.shutdownNow();
        }
        return 0;
    }

    static CronModule cronModule(String spec, ScheduledExecutorService killer) {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("--cron wants NAME=EXECUTABLE[:PERIOD[:TIME_LIMIT]], got " + spec);
        }
        String[] parts = spec.substring(eq + 1).split(":");
        long period = parts.length > 1 ? Long.parseLong(parts[1]) : 60;
        long limit = parts.length > 2 ? Long.parseLong(parts[2]) : Math.max(1, period / 2);
        return new CronModule(spec.substring(0, eq), Path.of(parts[0]), List.of(), Duration.ofSeconds(period),
                Duration.ofSeconds(limit), CronModule.DEFAULT_MAX_OUTPUT_BYTES, new CronOutputParser(ClassAdParser.standard()),
                killer);
    }
}
