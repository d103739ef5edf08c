package org.gridstack.dqp.cli;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.gridstack.dqp.coordinator.CoordinatorApplication;
import org.gridstack.dqp.coordinator.CoordinatorSettings;
import org.gridstack.dqp.coordinator.QueryEngine;
import org.gridstack.dqp.web.RunningService;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code coordinator}: the coordinator (GDQS) over data services, evaluators and entropy copies
 * given by URL, for multi-host testbeds. Not thread-safe.
 */
@Command(name = "coordinator", mixinStandardHelpOptions = true, description = "Accept SQL and run it over the given services.")
final class CoordinatorCommand implements Callable<Integer> {
    @Option(names = "--address", defaultValue = "127.0.0.1",
            description = "address to bind (default ${DEFAULT-VALUE}, this host only; 0.0.0.0 for other hosts)")
    String address;

    @Option(names = "--port", defaultValue = "8090", description = "port (default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--data-service", required = true, split = ",", description = "data service base URLs (catalog)")
    List<URI> dataServices;

    @Option(names = "--evaluator", split = ",", description = "evaluator base URLs (none: everything runs in the coordinator)")
    List<URI> evaluators = new ArrayList<>();

    @Option(names = "--entropy", split = ",", description = "EntropyAnalyser copy base URLs")
    List<URI> entropy = new ArrayList<>();

    @Option(names = "--public-url",
            description = "the URL evaluators push EXCHANGE blocks to (default: http://127.0.0.1:<port>, enough on one host)")
    URI publicUrl;

    @Option(names = "--query-timeout-s", defaultValue = "60", description = "query timeout in seconds (default ${DEFAULT-VALUE})")
    long queryTimeoutSeconds;

    @Option(names = "--max-concurrent-queries", defaultValue = "8", description = "queries at once; one more gets 503 (default ${DEFAULT-VALUE})")
    int maxConcurrentQueries;

    @Option(names = "--max-query-memory-mb", defaultValue = "64",
            description = "MiB of rows one query may hold (join build sides, sorts, groups); more: 400 (default ${DEFAULT-VALUE})")
    long maxQueryMemoryMb;

    @Option(names = "--send-timeout-s", defaultValue = "10",
            description = "seconds a client may read nothing of its answer before it is cut off (default ${DEFAULT-VALUE})")
    long sendTimeoutSeconds;

    @Option(names = "--address-share", defaultValue = "0.5",
            description = "share of the query slots one client address may hold (default ${DEFAULT-VALUE})")
    double addressShare;

    @Override
    public Integer call() throws Exception {
        CoordinatorSettings d = CoordinatorSettings.defaults(dataServices, entropy, evaluators);
        CoordinatorSettings settings = new CoordinatorSettings(dataServices, entropy, evaluators, d.defaultBlockSize(),
                d.maxBlockSize(), Duration.ofSeconds(queryTimeoutSeconds), d.maxConcurrentQueries(), d.maxSqlLength())
                .withLimits(maxConcurrentQueries, maxQueryMemoryMb * 1024 * 1024, Duration.ofSeconds(sendTimeoutSeconds), addressShare,
                        d.maxRequestBytes());
        UntilShutdown lifetime = new UntilShutdown();
        QueryEngine engine = QueryEngine.start(settings);
        RunningService http = lifetime.add(CoordinatorApplication.start(engine, address, port));
        if (publicUrl != null) {
            engine.selfUri(publicUrl);
        }
        System.out.println("coordinator ready at " + http.baseUri() + " over " + dataServices);
        return lifetime.await();
    }
}
