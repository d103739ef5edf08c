package org.gridstack.hawkeye.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.gridstack.hawkeye.agent.Agent;
import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.ClassAdParser;
import org.gridstack.hawkeye.classad.EvaluationLimits;
import org.gridstack.hawkeye.classad.Value;
import org.gridstack.hawkeye.client.AgentLocation;
import org.gridstack.hawkeye.client.HawkeyeClient;
import org.gridstack.hawkeye.client.HawkeyeException;
import org.gridstack.hawkeye.manager.Manager;
import org.gridstack.hawkeye.manager.ManagerSettings;
import org.gridstack.hawkeye.module.CronModule;
import org.gridstack.hawkeye.module.CronOutputParser;
import org.gridstack.hawkeye.module.Module;
import org.gridstack.hawkeye.module.ModuleRunner;
import org.gridstack.hawkeye.trigger.TriggerEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * A manager and agents with startd-cron modules, over real HTTP on loopback: pushes, constraint
 * queries with projections, direct agent queries, locating agents, expiry, credentials and
 * bad input.
 */
class TestHawkeyeOverHttp {
    private static final String TOKEN = "test-credential-0123456789";

    @TempDir
    Path dir;

    private final List<AutoCloseable> closing = new ArrayList<>();
    private final ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor();
    private final HttpClient http = HttpClient.newHttpClient();
    private final HawkeyeClient client = new HawkeyeClient(http, Duration.ofSeconds(10), new SimpleMeterRegistry());
    private Manager manager;
    private URI managerUri;

    @BeforeEach
    void startManager() throws IOException {
        ManagerSettings settings = ManagerSettings.defaults(Set.of(TOKEN)).withExpiry(Duration.ofSeconds(2));
        manager = new Manager(settings, Clock.systemUTC(), TriggerEngine.standard(Clock.systemUTC()));
        closing.add(manager);
        HttpServer server = HawkeyeServers.manager("127.0.0.1", 0, manager, new SimpleMeterRegistry());
        closing.add(server);
        managerUri = URI.create(server.url());
    }

    @AfterEach
    void stopAll() throws Exception {
        for (int i = closing.size() - 1; i >= 0; i--) {
            closing.get(i).close();
        }
        killer.shutdownNow();
    }

    private Module cron(String name, String output) throws IOException {
        Path p = dir.resolve(name + ".sh");
        Files.writeString(p, "#!/bin/sh\ncat <<'EOF'\n" + output + "\nEOF\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new CronModule(name, p, List.of(), Duration.ofSeconds(60), Duration.ofSeconds(10),
                CronModule.DEFAULT_MAX_OUTPUT_BYTES, new CronOutputParser(ClassAdParser.standard()), killer);
    }

    /** Starts an agent named {@code name} pushing every 200 ms; returns it and its URL. */
    private Agent agent(String name, Module... modules) throws Exception {
        ModuleRunner runner = new ModuleRunner(List.of(modules), Clock.systemUTC(), new SimpleMeterRegistry());
        runner.runAllOnce();
        Agent agent = new Agent(name, runner, Clock.systemUTC(), new SimpleMeterRegistry());
        closing.add(agent);
        HttpServer server = HawkeyeServers.agent("127.0.0.1", 0, agent, new SimpleMeterRegistry());
        closing.add(server);
        agent.startPushing(client, managerUri, TOKEN, server.url(), Duration.ofMillis(200));
        return agent;
    }

    @Test
    void pushesConstraintQueriesProjectionsAndLocating() throws Exception {
        agent("node1.example.org", cron("load", "LoadAvg = 2.5\nOpSys = \"LINUX\"\nCpus = 8"),
                cron("disk", "Disks = { \"sda\", \"sdb\" }\nFreeDisk = 1000"));
        Agent quiet = agent("node2.example.org", cron("load", "LoadAvg = 0.1\nOpSys = \"LINUX\"\nCpus = 2"));
        await().atMost(Duration.ofSeconds(20)).until(() -> manager.store().size() == 2);

        List<ClassAd> busy = client.query(managerUri, "LoadAvg > 2 && OpSys == \"linux\"", List.of());
        assertEquals(1, busy.size());
        assertEquals(Value.of("node1.example.org"), busy.get(0).evaluate("Name"));
        assertEquals(Value.of(1000L), busy.get(0).evaluate("FreeDisk"));

        List<ClassAd> projected = client.query(managerUri, "OpSys == \"LINUX\"", List.of("Name", "Cpus"));
        assertEquals(2, projected.size());
        for (ClassAd ad : projected) {
            assertEquals(2, ad.size(), ad.toString());
        }

        List<AgentLocation> located = client.locate(managerUri, "Name == \"node2.example.org\"");
        assertEquals(1, located.size());
        List<ClassAd> direct = client.query(URI.create(located.get(0).url()), "Cpus == 2", List.of("LoadAvg"));
        assertEquals(List.of(ClassAd.builder().put("LoadAvg", 0.1).build()), direct);
        assertEquals(List.of(), client.query(URI.create(located.get(0).url()), "Cpus > 2", List.of()));

        quiet.close(); // the agent dies: the manager must forget the host after its expiry
        await().atMost(Duration.ofSeconds(20)).until(() -> manager.store().size() == 1);
        assertEquals(1, client.query(managerUri, null, List.of()).size());
    }

    @Test
    void aMalformedConstraintIsA400NamingThePosition() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(managerUri.resolve("v1/ads?constraint=LoadAvg%20%3E%20%26%26%201")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("\"line\":1") && r.body().contains("\"column\":11"), r.body());
        HawkeyeException e = assertThrows(HawkeyeException.class, () -> client.query(managerUri, "a ==", List.of()));
        assertEquals(400, e.status());
        assertTrue(e.getMessage().contains("line 1:5"), e.getMessage());
    }

    @Test
    void onlyAgentsWithTheCredentialMayPush() {
        ClassAd ad = ClassAd.builder().put("X", 1).build();
        HawkeyeException none = assertThrows(HawkeyeException.class,
                () -> client.push(managerUri, "intruder", ad, null, "wrong-credential-0123456789"));
        assertEquals(401, none.status());
        assertEquals(0, manager.store().size());
    }

    @Test
    void aMalformedPushedAdIsRefusedWithItsPosition() throws Exception {
        String body = "{\"name\":\"h\",\"ad\":{\"Good\":1,\"Bad\":\"/Expr(1 + )/\"}}";
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(managerUri.resolve("v1/ads"))
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("attribute Bad") && r.body().contains("1:5"), r.body());
    }

    @Test
    void aFloodOfHostsFromOneAddressIsBounded() throws Exception {
        manager.close();
        ManagerSettings settings = ManagerSettings.defaults(Set.of(TOKEN)).withMaxHostsPerSource(5);
        manager = new Manager(settings, Clock.systemUTC(), TriggerEngine.standard(Clock.systemUTC()));
        closing.add(manager);
        HttpServer server = HawkeyeServers.manager("127.0.0.1", 0, manager, new SimpleMeterRegistry());
        closing.add(server);
        URI uri = URI.create(server.url());
        ClassAd ad = ClassAd.builder().put("X", 1).build();
        for (int i = 0; i < 5; i++) {
            client.push(uri, "host" + i, ad, null, TOKEN);
        }
        HawkeyeException e = assertThrows(HawkeyeException.class, () -> client.push(uri, "host5", ad, null, TOKEN));
        assertEquals(429, e.status());
        client.push(uri, "host0", ad, null, TOKEN); // a known host may still update
        assertEquals(5, manager.store().size());
        HttpResponse<String> big = http.send(HttpRequest.newBuilder(uri.resolve("v1/ads"))
                .header("Authorization", "Bearer " + TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"h\",\"ad\":{\"S\":\"" + "x".repeat(5 << 20) + "\"}}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(413, big.statusCode(), big.body());
    }

    @Test
    void aConstraintOverSixHundredAdsWithHugeListsIsBoundedNotAnOutOfMemory() throws Exception {
        manager.close();
        ManagerSettings settings = ManagerSettings.defaults(Set.of(TOKEN))
                .withQueryLimits(new EvaluationLimits(50_000_000L, 1 << 20, Duration.ofSeconds(5)));
        manager = new Manager(settings, Clock.systemUTC(), TriggerEngine.standard(Clock.systemUTC()));
        closing.add(manager);
        HttpServer server = HawkeyeServers.manager("127.0.0.1", 0, manager, new SimpleMeterRegistry());
        closing.add(server);
        URI uri = URI.create(server.url());
        StringBuilder list = new StringBuilder("{");
        for (int i = 0; i < 20_000; i++) {
            list.append(i == 0 ? "" : ",").append('"').append("element-").append(i).append('"');
        }
        ClassAd ad = ClassAdParser.standard().parseNewAd("[ Big = " + list.append('}') + "; Kind = \"huge\" ]");
        for (int i = 0; i < 600; i++) {
            manager.accept("host" + i, ad, null, "127.0.0.1");
        }
        // every ad would build a string of ~14 x 20000 x 4 characters: refused at the first ad's limit
        HawkeyeException e = assertThrows(HawkeyeException.class, () -> client.query(uri,
                "size(strcat(join(\",\", Big), join(\",\", Big), join(\",\", Big), join(\",\", Big))) > 0", List.of("Kind")));
        assertEquals(503, e.status());
        assertTrue(e.getMessage().contains("limit"), e.getMessage());
        // a sensible query over the same ads still works
        assertEquals(600, client.query(uri, "Kind == \"huge\" && size(Big) == 20000", List.of("Kind")).size());
    }

    @Test
    void triggersAreRegisteredOverHttpAndFireOnPushedAds() throws Exception {
        Path fired = dir.resolve("fired.txt");
        String trigger = "{\"name\":\"hot\",\"constraint\":\"Temp > 70\",\"command\":[\"/bin/sh\",\"-c\",\"cat > "
                + fired + "\"],\"minIntervalSeconds\":0}";
        HttpRequest.Builder post = HttpRequest.newBuilder(managerUri.resolve("v1/triggers"))
                .POST(HttpRequest.BodyPublishers.ofString(trigger));
        assertEquals(401, http.send(post.build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        HttpResponse<String> bad = http.send(HttpRequest.newBuilder(managerUri.resolve("v1/triggers"))
                .header("Authorization", "Bearer " + TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString(trigger.replace("Temp > 70", "Temp >"))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, bad.statusCode());
        assertTrue(bad.body().contains("\"column\":7"), bad.body());
        assertEquals(201, http.send(post.header("Authorization", "Bearer " + TOKEN).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());

        client.push(managerUri, "cool-node", ClassAd.builder().put("Temp", 40).build(), null, TOKEN);
        client.push(managerUri, "hot-node", ClassAd.builder().put("Temp", 90).build(), null, TOKEN);
        await().atMost(Duration.ofSeconds(20)).until(() -> Files.exists(fired) && Files.readString(fired).contains("Temp = 90"));
        HttpResponse<String> status = http.send(HttpRequest.newBuilder(managerUri.resolve("v1/triggers")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(status.body().contains("\"name\":\"hot\"") && status.body().contains("\"fired\":1"), status.body());
    }

    @Test
    void theSeedsStepsArePrometheusTimers() throws Exception {
        io.micrometer.prometheusmetrics.PrometheusMeterRegistry meters =
                new io.micrometer.prometheusmetrics.PrometheusMeterRegistry(io.micrometer.prometheusmetrics.PrometheusConfig.DEFAULT);
        HttpServer server = HawkeyeServers.manager("127.0.0.1", 0, manager, meters);
        closing.add(server);
        URI uri = URI.create(server.url());
        client.push(uri, "n1", ClassAd.builder().put("X", 1).build(), null, TOKEN);
        client.query(uri, "X == 1", List.of("X"));
        String text = http.send(HttpRequest.newBuilder(uri.resolve("metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(text.contains("hawkeye_step_seconds_count{step=\"Mgr-ProcessQuery\"} 1"), text);
        assertTrue(text.contains("hawkeye_step_seconds_count{step=\"Mgr-StoreAd\"} 1"), text);
    }

    @Test
    void anAgentAnswersManyClientsAtOnce() throws Exception {
        agent("busy-agent", cron("load", "LoadAvg = 1.0"));
        await().atMost(Duration.ofSeconds(20)).until(() -> manager.store().size() == 1);
        URI agentUri = URI.create(client.locate(managerUri, null).get(0).url());
        List<java.util.concurrent.CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        HttpRequest request = HttpRequest.newBuilder(agentUri.resolve("v1/ads?attrs=Name,LoadAvg")).build();
        for (int i = 0; i < 30; i++) { // more than the seed's agent, which answered one client at a time
            answers.add(HttpClient.newHttpClient().sendAsync(request, HttpResponse.BodyHandlers.ofString()));
        }
        for (var a : answers) {
            HttpResponse<String> r = a.get();
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("{\"ads\":[{\"Name\":\"busy-agent\",\"LoadAvg\":1.0}],\"count\":1}", r.body());
        }
    }
}
