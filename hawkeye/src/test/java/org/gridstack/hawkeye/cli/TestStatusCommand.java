package org.gridstack.hawkeye.cli;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.gridstack.hawkeye.agent.Agent;
import org.gridstack.hawkeye.client.HawkeyeClient;
import org.gridstack.hawkeye.manager.Manager;
import org.gridstack.hawkeye.manager.ManagerSettings;
import org.gridstack.hawkeye.module.ModuleRunner;
import org.gridstack.hawkeye.module.ProviderModuleFixtures;
import org.gridstack.hawkeye.trigger.TriggerEngine;
import org.gridstack.hawkeye.web.HawkeyeServers;
import org.gridstack.hawkeye.web.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import picocli.CommandLine;

/** The condor_status-like CLI against a real manager and agent. */
class TestStatusCommand {
    private static final String TOKEN = "cli-test-credential-0123456789";
    private static Manager manager;
    private static HttpServer managerServer;
    private static Agent agent;
    private static HttpServer agentServer;

    @BeforeAll
    static void start() throws Exception {
        manager = new Manager(ManagerSettings.defaults(Set.of(TOKEN)), Clock.systemUTC(), TriggerEngine.standard(Clock.systemUTC()));
        managerServer = HawkeyeServers.manager("127.0.0.1", 0, manager, new SimpleMeterRegistry());
        ModuleRunner runner = new ModuleRunner(List.of(ProviderModuleFixtures.loadModule("cli-host", 250)), Clock.systemUTC(),
                new SimpleMeterRegistry());
        runner.runAllOnce();
        agent = new Agent("cli-host", runner, Clock.systemUTC(), new SimpleMeterRegistry());
        agentServer = HawkeyeServers.agent("127.0.0.1", 0, agent, new SimpleMeterRegistry());
        agent.startPushing(new HawkeyeClient(HttpClient.newHttpClient(), Duration.ofSeconds(5), new SimpleMeterRegistry()),
                URI.create(managerServer.url()), TOKEN, agentServer.url(), Duration.ofMillis(200));
        await().atMost(Duration.ofSeconds(20)).until(() -> manager.store().size() == 1);
    }

    @AfterAll
    static void stop() {
        agentServer.close();
        agent.close();
        managerServer.close();
        manager.close();
    }

    private record Run(int status, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new HawkeyeCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 3];
        all[0] = "status";
        all[1] = "-pool";
        all[2] = managerServer.url();
        System.arraycopy(args, 0, all, 3, args.length);
        int status = cl.execute(all);
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void autoformatPrintsTheAttributesAskedFor() {
        Run r = run("-constraint", "GlueHostProcessorLoadLast1Min > 200", "-af", "Name", "GlueHostProcessorLoadLast1Min");
        assertEquals(0, r.status(), r.err());
        assertEquals("cli-host 250\n", r.out());
        assertEquals("", run("-constraint", "GlueHostProcessorLoadLast1Min > 300", "-af", "Name").out());
    }

    @Test
    void longAndJsonPrintWholeAds() {
        Run l = run("-long");
        assertTrue(l.out().contains("Name = \"cli-host\"\n") && l.out().contains("GlueHostProcessorLoadLast1Min = 250\n"), l.out());
        Run j = run("-json", "-af", "Name");
        assertEquals("[\n{\"Name\":\"cli-host\"}\n]\n", j.out());
    }

    @Test
    void directAsksTheAgentTheManagerLocates() {
        Run r = run("-direct", "cli-host", "-af", "Name", "MyType");
        assertEquals(0, r.status(), r.err());
        assertEquals("cli-host Machine\n", r.out());
        Run unknown = run("-direct", "nobody", "-af", "Name");
        assertEquals(1, unknown.status());
        assertTrue(unknown.err().contains("no agent for host nobody"), unknown.err());
    }

    @Test
    void aBadConstraintIsReportedWithItsPosition() {
        Run r = run("-constraint", "Name == ", "-af", "Name");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("HTTP 400") && r.err().contains("line 1:9"), r.err());
    }
}
