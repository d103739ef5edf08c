package org.gridstack.dqp.cli;

import java.time.Duration;
import java.util.concurrent.Callable;

import org.gridstack.dqp.entropy.EntropyAnalyser;
import org.gridstack.dqp.entropy.EntropyApplication;
import org.gridstack.dqp.entropy.EntropySettings;
import org.gridstack.dqp.web.RunningService;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code entropy}: one EntropyAnalyser copy, for multi-host testbeds. Not thread-safe. */
@Command(name = "entropy", mixinStandardHelpOptions = true, description = "Serve calculateEntropy(sequence).")
final class EntropyCommand implements Callable<Integer> {
    @Option(names = "--address", defaultValue = "127.0.0.1",
            description = "address to bind (default ${DEFAULT-VALUE}, this host only; 0.0.0.0 for other hosts)")
    String address;

    @Option(names = "--port", defaultValue = "8093", description = "port (default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--name", defaultValue = "entropy", description = "name in errors (default ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--mode", defaultValue = "LATENCY", description = "cost per call: NONE, CPU or LATENCY (default ${DEFAULT-VALUE})")
    EntropySettings.Mode mode;

    @Option(names = "--latency-ms", defaultValue = "20", description = "LATENCY mode's wait per call (default ${DEFAULT-VALUE})")
    long latencyMs;

    @Option(names = "--cpu-repetitions", defaultValue = "200", description = "CPU mode's computations per call (default ${DEFAULT-VALUE})")
    int cpuRepetitions;

    @Override
    public Integer call() throws Exception {
        UntilShutdown lifetime = new UntilShutdown();
        EntropyAnalyser analyser = new EntropyAnalyser(new EntropySettings(name, mode, Duration.ofMillis(latencyMs), cpuRepetitions));
        RunningService http = lifetime.add(EntropyApplication.start(analyser, address, port));
        System.out.println("EntropyAnalyser " + name + " ready at " + http.baseUri());
        return lifetime.await();
    }
}
