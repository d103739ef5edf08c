package org.gridstack.hawkeye.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.Value;
import org.gridstack.hawkeye.module.Module;
import org.gridstack.hawkeye.module.ModuleException;
import org.gridstack.hawkeye.module.ModuleRunner;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/** The agent's one ad per host: its modules merged, stale ones listed. */
class TestAgent {

    /** A module whose runs follow a script: an ad, a failure, or a hang. */
    private static final class ScriptedModule implements Module {
        private final String name;
        private final List<Object> runs;
        private final AtomicInteger next = new AtomicInteger();

        ScriptedModule(String name, Object... runs) {
            this.name = name;
            this.runs = List.of(runs);
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Duration period() {
            return Duration.ofMinutes(1);
        }

        @Override
        public Duration timeLimit() {
            return Duration.ofMillis(300);
        }

        @Override
        public ClassAd collect() throws ModuleException, InterruptedException {
            Object run = runs.get(Math.min(next.getAndIncrement(), runs.size() - 1));
            if (run instanceof ClassAd ad) {
                return ad;
            }
            if ("hang".equals(run)) {
                Thread.sleep(60_000);
            }
            throw new ModuleException(name + " failed");
        }
    }

    @Test
    void mergesModulesAndFlagsTheStaleOnesWhileServingTheirLastAd() throws Exception {
        Module cpu = new ScriptedModule("cpu", ClassAd.builder().put("LoadAvg", 0.5).put("Name", "ignored").build());
        Module disk = new ScriptedModule("disk", ClassAd.builder().put("FreeDisk", 100).build(), "fail");
        Module net = new ScriptedModule("net", ClassAd.builder().put("Rx", 7).build(), "hang");
        ModuleRunner runner = new ModuleRunner(List.of(cpu, disk, net), Clock.systemUTC(), new SimpleMeterRegistry());
        try (Agent agent = new Agent("node7", runner, Clock.systemUTC(), new SimpleMeterRegistry())) {
            runner.runAllOnce();
            ClassAd first = agent.ad();
            assertEquals(Value.of("node7"), first.evaluate("Name"));
            assertEquals(Value.of(0.5), first.evaluate("LoadAvg"));
            assertEquals(new Value.ListValue(List.of()), first.evaluate("HawkeyeStaleModules"));

            runner.runAllOnce(); // disk fails, net hangs past its time limit
            ClassAd second = agent.ad();
            assertEquals(new Value.ListValue(List.of(Value.of("disk"), Value.of("net"))), second.evaluate("HawkeyeStaleModules"));
            assertEquals(Value.of(100L), second.evaluate("FreeDisk"));
            assertEquals(Value.of(7L), second.evaluate("Rx"));
            String netProblem = runner.states().get("net").problem();
            assertTrue(netProblem.contains("time limit"), netProblem);
        }
    }
}
