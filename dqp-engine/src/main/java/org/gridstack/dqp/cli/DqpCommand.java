package org.gridstack.dqp.cli;

import java.time.Duration;
import java.util.concurrent.Callable;

import org.gridstack.dqp.demo.DemoStack;
import org.gridstack.dqp.entropy.EntropySettings;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The command line of {@code dqp-engine.jar}. {@code demo --port P} starts the whole demo in this
 * process (two embedded PostgreSQL hosts with a data service each, evaluators, EntropyAnalyser
 * copies, the coordinator on P), prints a ready-to-paste query and runs until interrupted;
 * {@code coordinator}, {@code evaluator}, {@code data-service} and {@code entropy} start one
 * service each for multi-host testbeds; {@code query "select ..."} runs one query on a coordinator
 * and prints a table. Not thread-safe
 * (run once from main).
 */
@Command(name = "dqp-engine", mixinStandardHelpOptions = true, subcommands = {DqpCommand.Demo.class, CoordinatorCommand.class, EvaluatorCommand.class,
            DataServiceCommand.class, EntropyCommand.class, QueryCommand.class, DemoDataCommand.class},
        description = "OGSA-DQP (seed 003) re-implemented: distributed SQL over data services with blocked transfer.")
public final class DqpCommand implements Runnable {
    @Override
    public void run() {
        CommandLine.usage(this, System.out);
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new DqpCommand()).execute(args));
    }

    /** {@code demo}: everything in one process. */
    @Command(name = "demo", mixinStandardHelpOptions = true,
            description = "Start two data services on two embedded PostgreSQL databases, the EntropyAnalyser copies and the coordinator.")
    static final class Demo implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--port", defaultValue = "8090", description = "coordinator port (default ${DEFAULT-VALUE}; 0: a free one)")
        int port;

        @Option(names = {"--address", "--bind-address"}, defaultValue = "127.0.0.1",
                description = "address every service binds to (default ${DEFAULT-VALUE}, this host only; 0.0.0.0 for other hosts)")
        String address;

        @Option(names = "--evaluators", defaultValue = "2", description = "evaluators (default ${DEFAULT-VALUE}; 0: scans run in the coordinator)")
        int evaluators;

        @Option(names = "--entropy-copies", defaultValue = "2", description = "EntropyAnalyser copies (default ${DEFAULT-VALUE})")
        int entropyCopies;

        @Option(names = "--entropy-mode", defaultValue = "LATENCY",
                description = "cost of a calculateEntropy call: NONE, CPU or LATENCY (default ${DEFAULT-VALUE})")
        EntropySettings.Mode entropyMode;

        @Option(names = "--entropy-latency-ms", defaultValue = "20", description = "LATENCY mode's wait per call (default ${DEFAULT-VALUE})")
        long entropyLatencyMs;

        @Option(names = "--entropy-cpu-repetitions", defaultValue = "200",
                description = "CPU mode's entropy computations per call (default ${DEFAULT-VALUE})")
        int cpuRepetitions;

        @Option(names = "--query-timeout-s", defaultValue = "60", description = "query timeout in seconds (default ${DEFAULT-VALUE})")
        long queryTimeoutSeconds;

        @Override
        public Integer call() throws Exception {
            if (port < 0 || port > 65_535) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--port must be within 0..65535, is " + port);
            }
            if (entropyCopies < 0 || entropyCopies > 16) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--entropy-copies must be within 0..16");
            }
            EntropySettings entropy = new EntropySettings("entropy", entropyMode, Duration.ofMillis(entropyLatencyMs), cpuRepetitions);
            if (evaluators < 0 || evaluators > 16) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--evaluators must be within 0..16");
            }
            UntilShutdown lifetime = new UntilShutdown();
            DemoStack stack = lifetime.add(DemoStack.start(address, port, evaluators, entropyCopies, entropy,
                    Duration.ofSeconds(queryTimeoutSeconds)));
            String base = stack.coordinator().baseUri().toString();
            System.out.println();
            System.out.println("DQP demo ready: coordinator " + base);
            System.out.println("  data services: " + stack.dataServiceHttp().stream().map(s -> s.baseUri().toString()).toList());
            System.out.println("  evaluators: " + stack.evaluatorHttp().stream().map(s -> s.baseUri().toString()).toList());
            System.out.println("  entropy copies: " + stack.entropyHttp().stream().map(s -> s.baseUri().toString()).toList());
            System.out.println("Try (the seed's Join across the two databases):");
            System.out.println("  curl -s -H 'Content-Type: application/json' " + base + "/api/v1/query -d '{\"sql\": "
                    + "\"select i.ORF2 from protein_goterm p, protein_interaction i where p.ORF = i.ORF\", "
                    + "\"blockSize\": 100, \"codec\": \"binary\"}'");
            System.out.println("  curl -s '" + base + "/api/v1/plan?sql=select%20*%20from%20protein_goterm'");
            return lifetime.await();
        }
    }
}
