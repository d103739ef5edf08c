package org.gridstack.mds.cli;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import org.gridstack.mds.directory.SchemaFiles;
import org.gridstack.mds.giis.AllowedHostsPolicy;
import org.gridstack.mds.giis.GiisConfig;
import org.gridstack.mds.giis.GiisMode;
import org.gridstack.mds.giis.GiisServer;
import org.gridstack.mds.registration.RegistrationSender;
import org.gridstack.mds.giishttp.GiisHttpApplication;
import org.gridstack.mds.ldap.StepTimers;
import org.springframework.context.ConfigurableApplicationContext;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import java.net.InetAddress;

/** {@code mds-index giis}: runs a GIIS until the process is stopped. */
@Command(name = "giis", mixinStandardHelpOptions = true,
        description = "Run a GIIS: aggregates registered GRISes/GIISes and static LDAP sources under its suffix.")
final class GiisCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "" + GiisConfig.DEFAULT_PORT, description = "LDAP port (default ${DEFAULT-VALUE}; 0: any free port).")
    int port;

    @Option(names = "--listen-address", paramLabel = "ADDRESS",
            description = "Address to listen on, e.g. 127.0.0.1 for this host only (default: every address).")
    InetAddress listenAddress;

    @Option(names = "--suffix", defaultValue = GiisConfig.DEFAULT_SUFFIX, description = "Suffix (default ${DEFAULT-VALUE}).")
    String suffix;

    @Option(names = "--glue2-suffix", defaultValue = "o=glue",
            description = "GLUE 2.0 suffix served beside it, with each registrant's tree there (default ${DEFAULT-VALUE}; empty: none).")
    String glue2Suffix;

    @Option(names = "--mode", defaultValue = "cached", paramLabel = "cached|chained",
            description = "cached: keep each registrant's data for its cachettl; chained: ask every registrant for each"
                    + " search, in parallel. Default: ${DEFAULT-VALUE}.")
    String mode;

    @Option(names = "--aggregate", paramLabel = "ldap://HOST:PORT/BASE",
            description = "A static source to aggregate (repeatable), e.g. a BDII: ldap://host:2170/mds-vo-name=resource,o=grid.")
    List<String> aggregate = List.of();

    @Option(names = "--allow", split = ",", defaultValue = "local", paramLabel = "HOST",
            description = "Who may register: addresses/host names, comma-separated; local for senders on this host"
                    + " (default: a registration makes the GIIS pull from the registrant); * for anyone, as MDS2 did.")
    List<String> allow;

    @Option(names = "--max-registrations", paramLabel = "N", defaultValue = "5000",
            description = "Most registrations held at once (default ${DEFAULT-VALUE}); more get adminLimitExceeded.")
    int maxRegistrations;

    @Option(names = "--max-registrations-per-address", paramLabel = "N", defaultValue = "1000",
            description = "Most registrations held at once from one sender address (default ${DEFAULT-VALUE}).")
    int maxRegistrationsPerAddress;

    @Option(names = "--max-entries-per-source", paramLabel = "N", defaultValue = "100000",
            description = "Most entries kept of one registrant's or --aggregate source's tree (default ${DEFAULT-VALUE};"
                    + " more: the first ones, with a note in the searches' diagnostic message).")
    int maxEntriesPerSource;

    @Option(names = "--schema-dir", defaultValue = "/etc/ldap/schema",
            description = "Folder with the glue-schema package's files (default ${DEFAULT-VALUE}).")
    Path schemaDir;

    @Option(names = "--access-log", description = "Log every request.")
    boolean accessLog;

    @Mixin
    RegistrationOptions registration;

    @Mixin
    MetricsOptions metrics;

    @Mixin
    ConnectionOptions connections;

    @Option(names = "--http-port", paramLabel = "PORT",
            description = "Serve the HTTP registration form (POST /giis/registrations) and the step timers"
                    + " (/actuator/prometheus) on this port (default: not served).")
    Integer httpPort;

    @Override
    public Integer call() throws Exception {
        GiisConfig.Builder b = GiisConfig.builder().port(port).listenAddress(listenAddress).suffix(suffix)
                .glue2Suffix(glue2Suffix == null || glue2Suffix.isBlank() ? null : glue2Suffix).mode(GiisMode.parse(mode))
                .allowedRegistrants(allow).accessLog(accessLog).connectionLimits(connections.limits()).eventLoop(connections.eventLoop())
                .maxRegistrations(maxRegistrations).maxRegistrationsPerAddress(maxRegistrationsPerAddress)
                .maxEntriesPerSource(maxEntriesPerSource);
        aggregate.forEach(b::aggregate);
        GiisConfig config = b.build();
        if (httpPort != null && metrics.metricsPort != null) {
            throw new IllegalArgumentException("--http-port serves the step timers too; drop --metrics-port");
        }
        GiisHttpApplication.DeskHolder desk = new GiisHttpApplication.DeskHolder();
        ConfigurableApplicationContext http = httpPort == null ? null : GiisHttpApplication.start(httpPort, desk);
        StepTimers timers = http == null ? metrics.start("giis")
                : new StepTimers(GiisHttpApplication.registry(http), "giis");
        GiisServer giis = GiisServer.start(config, new AllowedHostsPolicy(config.allowedRegistrants()),
                new SchemaFiles().glue(schemaDir), Clock.systemUTC(), timers);
        desk.set(giis.registrationDesk());
        if (http != null) {
            System.out.println("registration form: POST http://127.0.0.1:" + http.getEnvironment().getProperty(
                    "local.server.port") + "/giis/registrations (port=..&rootdn=..&ttl=..); step timers on /actuator/prometheus");
        }
        RegistrationSender sender = registration.start(giis.port(), config.suffix());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (sender != null) {
                sender.close();
            }
            giis.close();
            metrics.close();
            if (http != null) {
                http.close();
            }
            stopped.countDown();
        }, "giis-shutdown"));
        System.out.println("GIIS listening on ldap://" + (listenAddress == null ? "0.0.0.0" : listenAddress.getHostAddress()) + ":" + giis.port() + " for " + config.suffix() + " (mode "
                + config.mode().name().toLowerCase() + ", " + config.aggregate().size() + " static sources)");
        System.out.println("try: ldapsearch -x -H ldap://127.0.0.1:" + giis.port() + " -b '" + config.suffix()
                + "' '(objectClass=GlueCE)'");
        stopped.await();
        return 0;
    }
}
