package org.gridstack.bench.testbed;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gridstack.bench.kit.BenchmarkMain;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.LevelResult;
import org.gridstack.bench.kit.MultiProcessDriver;
import org.gridstack.bench.kit.Testbed;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The seeds' client sweeps on the multi-host testbed (testbed/README.md): the topology that is up
 * ({@link Testbed#current()}, named by the suite) decides the experiment, its services are the
 * targets (at the addresses the testbed gives them), and every level's clients run in load agents
 * on the topology's client hosts ({@link MultiProcessDriver}, one agent per client host the level
 * needs, started through the testbed's exec as the unprivileged user):
 * <ul>
 * <li>{@code frontier-tiers} (thesis experiments 1 and 5 on the CERN tiers): each client host's
 * FroNtier clients through its site's tier-2 Squid (tier-2, tier-1, the WAN link, the tier-0
 * servlet; a Squid hit once the first answer is cached), beside the same clients straight to the
 * tier-0 servlet;</li>
 * <li>{@code mds-lucky} (seed 001's "GIIS vs users" and "GRIS vs users" on Argonne's Lucky nodes):
 * whole answers of the site GIIS, which must describe every GRIS host, and of one GRIS;</li>
 * <li>{@code dqp} (seed 003): the seed's Join across the two data hosts through the coordinator,
 * its scans on the evaluators beside the data.</li>
 * </ul>
 * Not thread-safe; one run per JVM.
 */
public final class TestbedLoadBenchmark {
    private TestbedLoadBenchmark() {
    }

    @Command(name = "TestbedLoadBenchmark", description = "the seeds' client sweeps against the services of the testbed that is up")
    static final class Options {
        @Option(names = "--clients", paramLabel = "N,...", description = "client counts, one level each (default ${DEFAULT-VALUE})")
        String clients = "1,2,4";

        @Option(names = "--warmup-millis", paramLabel = "MS", description = "warm-up of each level (default ${DEFAULT-VALUE})")
        long warmupMillis = 2000;

        @Option(names = "--measure-millis", paramLabel = "MS", description = "measured interval of each level (default ${DEFAULT-VALUE})")
        long measureMillis = 5000;

        @Option(names = "--frontier-sql", paramLabel = "SQL", description = "frontier-tiers: the query (default: the demo's 1 MB T_STRING)")
        String frontierSql = "select string from T_STRING";

        @Option(names = "--frontier-rows", paramLabel = "N", description = "frontier-tiers: rows of its answer (default ${DEFAULT-VALUE})")
        long frontierRows = 10_000;

        @Option(names = "--zip", paramLabel = "0-9", description = "frontier-tiers: the answers' zip level (default ${DEFAULT-VALUE})")
        int zip = 5;

        @Option(names = "--dqp-sql", paramLabel = "SQL", description = "dqp: the query (default: the seed's Join across the two data hosts)")
        String dqpSql = "select i.ORF2 from protein_goterm p, protein_interaction i where p.ORF = i.ORF";

        @Option(names = "--dqp-rows", paramLabel = "N", description = "dqp: rows of its answer (default ${DEFAULT-VALUE})")
        long dqpRows = 5888;

        @Option(names = "--output", paramLabel = "DIR", description = "where the report goes")
        Path output;

        List<Integer> levels() {
            List<Integer> l = new ArrayList<>();
            for (String c : clients.split(",")) {
                int n = Integer.parseInt(c.strip());
                if (n < 1) {
                    throw new IllegalArgumentException("--clients: every count must be at least 1, got " + n);
                }
                l.add(n);
            }
            return l;
        }
    }

    /**
     * One sweep: its clients' factory and, per client host, the agent's factory arguments.
     *
     * @param name what the clients do, as the report names it
     * @param target the service they ask, with its testbed address
     */
    record Series(String name, String target, Class<? extends ClosedLoopDriver.ClientFactory> factory, List<String> hosts,
            List<List<String>> hostArgs) {
        Series {
            requireNonNull(name, "name is null");
            requireNonNull(target, "target is null");
            requireNonNull(factory, "factory is null");
            hosts = List.copyOf(hosts);
            hostArgs = List.copyOf(hostArgs);
        }
    }

    /** A level's result in one sweep. */
    record Measured(Series series, int agents, LevelResult result) {
    }

    public static void main(String[] args) {
        BenchmarkMain.run("TestbedLoadBenchmark", args, (a, output) -> {
            Options o = CommandLineArgs.parse(new Options(), a);
            o.levels();
            if (o.output != null) {
                output[0] = o.output;
            }
            return o;
        }, o -> "clients " + o.clients + ", warm-up " + o.warmupMillis + " ms, measured " + o.measureMillis + " ms per level", TestbedLoadBenchmark::run);
    }

    static TestbedReport run(Options o) throws Exception {
        Testbed testbed = Testbed.current().orElseThrow(() -> new IllegalStateException("no testbed named: this experiment runs on a testbed"
                + " topology only (sudo ./gridstack bench -Dbench.testbed=TOPOLOGY; or -D" + Testbed.PROPERTY + "=TOPOLOGY with the testbed up)"));
        LocalDateTime started = LocalDateTime.now();
        long start = System.nanoTime();
        List<Series> series = switch (testbed.topology()) {
            case "frontier-tiers" -> frontierTiers(testbed, o);
            case "mds-lucky" -> mdsLucky(testbed);
            case "dqp" -> dqp(testbed, o);
            default -> throw new IllegalArgumentException("no experiment for testbed topology '" + testbed.topology()
                    + "' (frontier-tiers, mds-lucky, dqp)");
        };
        System.out.println("on " + testbed.label());
        List<Measured> measured = new ArrayList<>();
        for (Series s : series) {
            for (int clients : o.levels()) {
                int agents = Math.min(clients, s.hosts().size());
                List<MultiProcessDriver.AgentLauncher> launchers = new ArrayList<>();
                for (String host : s.hosts().subList(0, agents)) {
                    launchers.add(testbed.agentLauncher(host, "-Xmx256m", "-XX:+UseSerialGC"));
                }
                ClosedLoopDriver.Level level = new ClosedLoopDriver.Level(clients, Duration.ofMillis(o.warmupMillis), Duration.ofMillis(o.measureMillis),
                        Duration.ZERO, ClosedLoopDriver.OnError.FAIL_RUN);
                LevelResult r = MultiProcessDriver.run(level, launchers, s.factory(), s.hostArgs().subList(0, agents), ClosedLoopDriver.Window.NONE);
                System.out.printf(Locale.ROOT, "%s, %d clients on %s: %.1f queries/s, mean %.1f ms, %d errors%n", s.name(), clients,
                        String.join(", ", s.hosts().subList(0, agents)), r.queriesPerSecond(), r.latency().meanMillis(), r.errors());
                measured.add(new Measured(s, agents, r));
            }
        }
        return new TestbedReport(testbed, started, Duration.ofNanos(System.nanoTime() - start), List.of(o.clients), measured);
    }

    /** Client host k uses the k-th tier-2 Squid (a Squid with a parent cache), round robin. */
    static List<Series> frontierTiers(Testbed testbed, Options o) {
        Testbed.Service servlet = testbed.service("frontier-servlet");
        URI server = URI.create("http://" + testbed.address(servlet.host()) + ":" + servlet.port(8000) + "/Frontier");
        List<Testbed.Service> sites = testbed.services("squid").stream().filter(s -> s.options().containsKey("parent")).toList();
        if (sites.isEmpty()) {
            throw new IllegalStateException("topology " + testbed.topology() + " has no tier-2 Squid (a squid with parent=...)");
        }
        List<String> clients = testbed.clientHosts();
        List<List<String>> viaSquid = new ArrayList<>();
        List<List<String>> direct = new ArrayList<>();
        List<String> proxies = new ArrayList<>();
        for (int k = 0; k < clients.size(); k++) {
            Testbed.Service site = sites.get(k % sites.size());
            URI proxy = URI.create("http://" + testbed.address(site.host()) + ":" + site.port(3128));
            proxies.add(clients.get(k) + " via " + site.host() + " " + proxy.getAuthority());
            viaSquid.add(FrontierTierClients.args(server, proxy, o.zip, o.frontierRows, o.frontierSql));
            direct.add(FrontierTierClients.args(server, null, o.zip, o.frontierRows, o.frontierSql));
        }
        String what = " (" + o.frontierRows + " rows, zip " + o.zip + ")";
        return List.of(
                new Series("site Squid: tier-2, tier-1, WAN, tier-0" + what, String.join("; ", proxies) + "; servlet " + server,
                        FrontierTierClients.class, clients, viaSquid),
                new Series("servlet direct: tier-0, no cache" + what, servlet.host() + " " + server, FrontierTierClients.class, clients, direct));
    }

    static List<Series> mdsLucky(Testbed testbed) {
        Testbed.Service giis = testbed.service("giis");
        List<Testbed.Service> grises = testbed.services("gris");
        if (grises.isEmpty()) {
            throw new IllegalStateException("topology " + testbed.topology() + " has no GRIS");
        }
        List<String> clients = testbed.clientHosts();
        List<String> grisHosts = grises.stream().map(Testbed.Service::host).toList();
        String giisAddress = testbed.address(giis.host());
        String siteBase = giis.options().getOrDefault("suffix", "mds-vo-name=site,o=grid");
        Testbed.Service one = grises.get(0);
        String oneAddress = testbed.address(one.host());
        List<List<String>> giisArgs = new ArrayList<>();
        List<List<String>> grisArgs = new ArrayList<>();
        for (int k = 0; k < clients.size(); k++) {
            giisArgs.add(LdapSearchClients.args(giisAddress, giis.port(2135), siteBase, grisHosts));
            grisArgs.add(LdapSearchClients.args(oneAddress, one.port(2135), "mds-vo-name=local,o=grid", List.of(one.host())));
        }
        return List.of(
                new Series("GIIS vs users: whole answer of the site (" + grisHosts.size() + " GRIS hosts)",
                        giis.host() + " ldap://" + giisAddress + ":" + giis.port(2135) + " " + siteBase, LdapSearchClients.class, clients, giisArgs),
                new Series("GRIS vs users: whole answer of one host", one.host() + " ldap://" + oneAddress + ":" + one.port(2135)
                        + " mds-vo-name=local,o=grid", LdapSearchClients.class, clients, grisArgs));
    }

    static List<Series> dqp(Testbed testbed, Options o) {
        Testbed.Service coordinator = testbed.service("dqp-coordinator");
        URI query = URI.create("http://" + testbed.address(coordinator.host()) + ":" + coordinator.port(8090) + "/api/v1/query");
        List<String> clients = testbed.clientHosts();
        List<List<String>> args = new ArrayList<>();
        clients.forEach(c -> args.add(DqpQueryClients.args(query, o.dqpRows, o.dqpSql)));
        return List.of(new Series("the seed's Join across the data hosts (" + o.dqpRows + " rows)", coordinator.host() + " " + query,
                DqpQueryClients.class, clients, args));
    }
}
