package org.gridstack.bench.hawkeye;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.gridstack.bench.mds.Seed001MdsSites;
import org.gridstack.bench.seed001.Design;
import org.gridstack.bench.seed001.DesignSite;
import org.gridstack.bench.seed001.DesignSites;
import org.gridstack.bench.seed001.QueryShape;
import org.gridstack.bench.seed001.SeedSet;
import org.gridstack.bench.seed001.StepTimerSnapshot;
import org.gridstack.bench.seed001.Target;
import org.gridstack.hawkeye.agent.Agent;
import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.EvaluationLimits;
import org.gridstack.hawkeye.client.HawkeyeClient;
import org.gridstack.hawkeye.manager.Manager;
import org.gridstack.hawkeye.manager.ManagerSettings;
import org.gridstack.hawkeye.module.Module;
import org.gridstack.hawkeye.module.ModuleRunner;
import org.gridstack.hawkeye.module.ProviderModule;
import org.gridstack.hawkeye.trigger.TriggerEngine;
import org.gridstack.hawkeye.web.AgentServlet;
import org.gridstack.hawkeye.web.HawkeyeServers;
import org.gridstack.hawkeye.web.HttpServer;
import org.gridstack.mds.provider.InformationProvider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * Hawkeye's side of the three-design seed 001 run, on the hawkeye module's agent and manager in
 * this JVM over HTTP on loopback, its modules wrapping the same in-process IPs as the MDS2 GRISes
 * (hawkeye's {@link ProviderModule} with each module's name as prefix): set 1 an agent with 10 modules (1 memory, 9 cpu), the whole ad;
 * set 2 a manager holding the ads of 6 such agents, all ads; set 3 an agent with N memory modules,
 * the whole ad; set 4 a manager holding N agents' ads (seed 001 simulated its agents too: one real
 * agent's ad pushed under N names, each with its {@code AgentNumber}), all ads, and a constraint
 * matching about 1 % of them. The two-attribute variants ask for {@code Name} and one value. The
 * per-address shares are raised above the run's users (every user comes from 127.0.0.1). Every
 * answer's ad count (and projection) is checked. Not thread-safe.
 */
public final class Seed001HawkeyeSites implements DesignSites {
    private static final String CREDENTIAL = "seed001-benchmark-agents-credential";
    /** Per-address shares above any user count of the run: every user connects from 127.0.0.1. */
    private static final int SHARE = 10_000;
    private static final int DIRECTORY_AGENTS = 6;
    /** A user's answer later than this is an error, not a hung level. */
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);
    private static final String CPU_VALUE = "cpu_0_Mds_Cpu_Free_1minX100";
    private static final String MEMORY_VALUE = "memory_0_Mds_Memory_Ram_freeMB";

    private final MeterRegistry meters = new SimpleMeterRegistry();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final HawkeyeClient client = new HawkeyeClient(http, Duration.ofSeconds(60), meters);
    private final ObjectMapper json = new ObjectMapper();

    @Override
    public Design design() {
        return Design.HAWKEYE;
    }

    @Override
    public DesignSite open(SeedSet set, int x, int most) throws Exception {
        return switch (set) {
            case INFORMATION_SERVER_USERS -> agentSite("node-1", 1, 9, CPU_VALUE);
            case DIRECTORY_USERS -> managerSite(DIRECTORY_AGENTS, false);
            case INFORMATION_SERVER_COLLECTORS -> agentSite("node-1", x, 0, MEMORY_VALUE);
            case AGGREGATE_SERVERS -> managerSite(x, true);
        };
    }

    private Agent agent(String name, int memory, int cpu) throws Exception {
        List<Module> modules = new ArrayList<>();
        for (InformationProvider p : Seed001MdsSites.collectors(memory, cpu, "Mds-Vo-name=" + name + ",o=Grid")) {
            // named <module>_<attribute>, so that N memory modules publish N sets, as seed 001's did;
            // collected every 60 s (Hawkeye's passive caching)
            modules.add(new ProviderModule(p, p.settings().name().replace('-', '_') + "_", Duration.ofSeconds(60)));
        }
        ModuleRunner runner = new ModuleRunner(modules, Clock.systemUTC(), meters);
        Agent agent = new Agent(name, runner, Clock.systemUTC(), meters);
        try {
            runner.runAllOnce();
        } catch (InterruptedException | RuntimeException e) {
            agent.close();
            throw e;
        }
        return agent;
    }

    private Site agentSite(String name, int memory, int cpu, String value) throws Exception {
        Agent agent = agent(name, memory, cpu);
        try {
            HttpServer server = HttpServer.start("127.0.0.1", 0, HawkeyeServers.MAX_THREADS,
                    new AgentServlet(agent, meters, EvaluationLimits.QUERY, SHARE));
            return new Site(List.of(server, agent), URI.create(server.url()), 1, value, 0);
        } catch (Exception | Error e) {
            agent.close();
            throw e;
        }
    }

    private Site managerSite(int agents, boolean simulated) throws Exception {
        ManagerSettings settings = ManagerSettings.defaults(Set.of(CREDENTIAL)).withExpiry(Duration.ofDays(1))
                .withShares(SHARE, 64, SHARE);
        Manager manager = new Manager(settings, Clock.systemUTC(), TriggerEngine.standard(Clock.systemUTC()));
        List<AutoCloseable> closing = new ArrayList<>(List.of(manager));
        try {
            HttpServer server = HawkeyeServers.manager("127.0.0.1", 0, manager, meters);
            closing.add(0, server);
            URI uri = URI.create(server.url());
            if (simulated) {
                ClassAd ad;
                try (Agent one = agent("simulated", 1, 9)) {
                    ad = one.ad();
                }
                for (int i = 0; i < agents; i++) {
                    String name = "agent-" + i;
                    client.push(uri, name, ad.toBuilder().put("Name", name).put("AgentNumber", i).build(), null, CREDENTIAL);
                }
            } else {
                for (int i = 0; i < agents; i++) {
                    try (Agent a = agent("node-" + i, 1, 9)) {
                        client.push(uri, a.name(), a.ad(), null, CREDENTIAL);
                    }
                }
            }
            return new Site(closing, uri, agents, CPU_VALUE, simulated ? Math.max(1, Math.round(agents / 100f)) : 0);
        } catch (Exception | Error e) {
            for (AutoCloseable c : closing) {
                c.close();
            }
            throw e;
        }
    }

    /** An agent or a manager ready for users; closing stops them. */
    private final class Site implements DesignSite {
        private final List<AutoCloseable> closing;
        private final URI base;
        private final int ads;
        private final String value;
        /** Ads the 1 % constraint matches; 0: no such query here. */
        private final int onePercent;

        Site(List<AutoCloseable> closing, URI base, int ads, String value, int onePercent) {
            this.closing = closing;
            this.base = base;
            this.ads = ads;
            this.value = value;
            this.onePercent = onePercent;
        }

        @Override
        public Optional<Target> target(QueryShape shape) throws Exception {
            String query;
            int expected;
            boolean projected = shape != QueryShape.WHOLE;
            switch (shape) {
                case WHOLE -> {
                    query = "";
                    expected = ads;
                }
                case TWO_ATTRIBUTES -> {
                    query = "?attrs=Name," + value;
                    expected = ads;
                }
                default -> {
                    if (onePercent == 0) {
                        return Optional.empty();
                    }
                    query = "?constraint=" + URLEncoder.encode("AgentNumber < " + onePercent, StandardCharsets.UTF_8)
                            + "&attrs=Name," + value;
                    expected = onePercent;
                }
            }
            URI uri = base.resolve("v1/ads" + query);
            long bytes = ask(uri, expected, projected);
            return Optional.of(new Target(index -> tally -> tally.add(0, ask(uri, expected, projected) > 0 ? expected : 0), expected,
                    bytes));
        }

        /** One checked query; returns the answer's size in bytes. */
        private long ask(URI uri, int expected, boolean projected) throws Exception {
            HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(uri).timeout(ANSWER_TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() != 200) {
                throw new IllegalStateException("HTTP " + r.statusCode() + " from " + uri + ": "
                        + new String(r.body(), StandardCharsets.UTF_8));
            }
            JsonNode answer = json.readTree(r.body());
            JsonNode list = answer.path("ads");
            if (answer.path("count").asInt(-1) != expected || list.size() != expected) {
                throw new IllegalStateException("expected " + expected + " ads from " + uri + ", got " + list.size());
            }
            if (projected) {
                for (JsonNode ad : list) {
                    if (ad.size() != 2) {
                        throw new IllegalStateException("expected two attributes per ad from " + uri + ", got " + ad);
                    }
                }
            }
            return r.body().length;
        }

        @Override
        public Map<String, long[]> steps() {
            return StepTimerSnapshot.of(meters, "hawkeye.step");
        }

        @Override
        public void close() throws Exception {
            for (AutoCloseable c : closing) {
                c.close();
            }
        }
    }

    @Override
    public void close() {
        // every site stops its own servers
    }
}
