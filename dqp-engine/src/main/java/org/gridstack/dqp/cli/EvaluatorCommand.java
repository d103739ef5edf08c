package org.gridstack.dqp.cli;

import java.time.Duration;
import java.util.concurrent.Callable;

import org.gridstack.dqp.evaluator.Evaluator;
import org.gridstack.dqp.evaluator.EvaluatorApplication;
import org.gridstack.dqp.web.RunningService;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code evaluator}: one evaluator (GQES), for multi-host testbeds. Not thread-safe. */
@Command(name = "evaluator", mixinStandardHelpOptions = true, description = "Run the plan fragments a coordinator places here.")
final class EvaluatorCommand implements Callable<Integer> {
    @Option(names = "--address", defaultValue = "127.0.0.1",
            description = "address to bind (default ${DEFAULT-VALUE}, this host only; 0.0.0.0 for other hosts)")
    String address;

    @Option(names = "--port", defaultValue = "8092", description = "port (default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--name", defaultValue = "evaluator", description = "name in errors (default ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--max-fragments", defaultValue = "64", description = "fragments running at once at most (default ${DEFAULT-VALUE})")
    int maxFragments;

    @Option(names = "--fragment-timeout-s", defaultValue = "300", description = "a fragment's timeout in seconds (default ${DEFAULT-VALUE})")
    long timeoutSeconds;

    @Override
    public Integer call() throws Exception {
        UntilShutdown lifetime = new UntilShutdown();
        Evaluator evaluator = lifetime.add(new Evaluator(name, maxFragments, Duration.ofSeconds(timeoutSeconds)));
        RunningService http = lifetime.add(EvaluatorApplication.start(evaluator, address, port));
        System.out.println("evaluator " + name + " ready at " + http.baseUri());
        return lifetime.await();
    }
}
