package org.gridstack.bench.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.gridstack.bench.suite.ExperimentArgs;
import org.gridstack.bench.kit.Scale;
import org.junit.jupiter.api.Test;

class TestBenchmarkConfig {
    @Test
    void defaultsAreTheFullRun() {
        BenchmarkConfig c = BenchmarkConfig.parse();
        assertEquals(List.of(0, 1, 5, 9), c.zipLevels());
        assertEquals(List.of(1, 2, 4), c.clientCounts());
        assertEquals(Duration.ofSeconds(3), c.warmup());
        assertEquals(Duration.ofSeconds(10), c.measure());
        assertEquals("select string from T_STRING", c.query());
        assertEquals(VerifyMode.COMPARE, c.verify());
    }

    @Test
    void parsesArgumentsAndLetsLaterServletOptionsWin() {
        BenchmarkConfig c = BenchmarkConfig.parse("--levels=0,5", "--clients=1", "--warmup-seconds=0.5", "--measure-seconds=1",
                "--query=select 1", "--verify=decode", "--servlet-args=--frontier.compression-threads=1 --logging.level.root=ERROR", "");
        assertEquals(List.of(0, 5), c.zipLevels());
        assertEquals(Duration.ofMillis(500), c.warmup());
        assertEquals(VerifyMode.DECODE, c.verify());
        assertEquals(List.of("--frontier.compression-threads=1", "--logging.level.root=ERROR"), c.servletArgs());
    }

    @Test
    void theExperimentFileParsesAtEveryScale() {
        for (Scale scale : Scale.values()) {
            BenchmarkConfig c = BenchmarkConfig.parse(ExperimentArgs.of("frontier-throughput", scale, java.nio.file.Path.of("out")));
            assertTrue(c.zipLevels().contains(5) && c.clientCounts().contains(1), scale + ": " + c);
        }
        assertEquals(List.of(0, 1, 5, 9), BenchmarkConfig.parse(ExperimentArgs.of("frontier-throughput", Scale.FULL, java.nio.file.Path.of("o")))
                .zipLevels());
    }

    @Test
    void rejectsNonsenseWithAMessage() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BenchmarkConfig.parse("--levels=10")).getMessage().contains("0..9"));
        assertThrows(IllegalArgumentException.class, () -> BenchmarkConfig.parse("--clients=0"));
        assertThrows(IllegalArgumentException.class, () -> BenchmarkConfig.parse("--measure-seconds=0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BenchmarkConfig.parse("--bogus=1")).getMessage().contains("usage"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BenchmarkConfig.parse("--peer-url=http://127.0.0.1:8080/Frontier/Frontier",
                "--peer-start=true")).getMessage().contains("not both"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BenchmarkConfig.parse("--peer-url=ftp://x/y")).getMessage()
                .contains("http://host:port/path"));
        assertThrows(IllegalArgumentException.class, () -> BenchmarkConfig.parse("--peer-start=x", "--peer-path=Frontier/"));
    }

    @Test
    void aPeerIsARunningUrlOrAStartCommand() {
        BenchmarkConfig running = BenchmarkConfig.parse("--peer-url=http://10.0.0.7:8080/Frontier/Frontier/");
        BenchmarkConfig.Peer p = running.peer().orElseThrow();
        assertEquals("production servlet 3.42", p.name());
        assertEquals("http://10.0.0.7:8080/Frontier/Frontier", p.url().orElseThrow().toString());
        assertTrue(p.startCommand().isEmpty());
        BenchmarkConfig started = BenchmarkConfig.parse("--peer-start=benchmarks/peers/frontier-3.42/start.sh /tmp/f", "--peer-name=prod");
        assertEquals("/Frontier/Frontier", started.peer().orElseThrow().path());
        assertEquals("prod", started.peer().orElseThrow().name());
        assertTrue(BenchmarkConfig.parse().peer().isEmpty());
    }
}
