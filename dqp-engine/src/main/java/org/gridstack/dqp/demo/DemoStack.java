package org.gridstack.dqp.demo;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.gridstack.dqp.coordinator.CoordinatorApplication;
import org.gridstack.dqp.coordinator.CoordinatorSettings;
import org.gridstack.dqp.coordinator.QueryEngine;
import org.gridstack.dqp.dataservice.DataService;
import org.gridstack.dqp.dataservice.DataServiceApplication;
import org.gridstack.dqp.dataservice.DataServiceSettings;
import org.gridstack.dqp.entropy.EntropyAnalyser;
import org.gridstack.dqp.entropy.EntropyApplication;
import org.gridstack.dqp.entropy.EntropySettings;
import org.gridstack.dqp.evaluator.Evaluator;
import org.gridstack.dqp.evaluator.EvaluatorApplication;
import org.gridstack.dqp.web.HttpServiceLauncher;
import org.gridstack.dqp.web.RunningService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.util.Objects;

/**
 * The whole demo in one process: two embedded PostgreSQL "hosts" ({@link DemoTable#HOST_A} and
 * {@link DemoTable#HOST_B}), a data service on each, {@code evaluators} evaluators (data service i's
 * scans run on evaluator i mod n), {@code entropyCopies} EntropyAnalyser copies and
 * the coordinator on {@code coordinatorPort} (0: a free one); every other service on a free port,
 * all bound to one address (loopback unless told otherwise).
 * Closing stops everything in reverse order; a failed start stops what had started. Thread-safe.
 */
@ThreadSafe
public final class DemoStack implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DemoStack.class);
    @GuardedBy("this")
    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    @GuardedBy("this")
    private final List<DemoDatabase> databases = new ArrayList<>();
    @GuardedBy("this")
    private final List<DataService> dataServices = new ArrayList<>();
    @GuardedBy("this")
    private final List<RunningService> dataServiceHttp = new ArrayList<>();
    @GuardedBy("this")
    private final List<RunningService> entropyHttp = new ArrayList<>();
    @GuardedBy("this")
    private final List<Evaluator> evaluatorCores = new ArrayList<>();
    @GuardedBy("this")
    private final List<RunningService> evaluatorHttp = new ArrayList<>();
    @GuardedBy("this")
    private RunningService coordinator;

    private DemoStack() {
    }

    /** Starts the demo; {@code entropy} is the settings template of the copies (each gets its own name). */
    public static DemoStack start(int coordinatorPort, int evaluators, int entropyCopies, EntropySettings entropy,
            Duration queryTimeout) throws Exception {
        return start(HttpServiceLauncher.LOOPBACK, coordinatorPort, evaluators, entropyCopies, entropy, queryTimeout);
    }

    /** As above, with every service bound to {@code address} (0.0.0.0: reachable from other hosts). */
    public static DemoStack start(String address, int coordinatorPort, int evaluators, int entropyCopies, EntropySettings entropy,
            Duration queryTimeout) throws Exception {
        Objects.requireNonNull(address, "address is null");
        DemoStack stack = new DemoStack();
        try {
            stack.startAll(address, coordinatorPort, evaluators, entropyCopies, entropy, queryTimeout);
            return stack;
        } catch (Exception | Error e) {
            stack.close();
            throw e;
        }
    }

    private synchronized void startAll(String address, int coordinatorPort, int evaluatorCount, int entropyCopies, EntropySettings entropy, Duration queryTimeout)
            throws Exception {
        DemoDataGenerator data = new DemoDataGenerator();
        List<List<DemoTable>> hosts = List.of(DemoTable.HOST_A, DemoTable.HOST_B);
        List<URI> dataServiceUris = new ArrayList<>();
        for (int h = 0; h < hosts.size(); h++) {
            DemoDatabase db = DemoDatabase.start(hosts.get(h), data);
            started.push(db);
            databases.add(db);
            DataService service = DataService.open(DataServiceSettings.defaults("host-" + (char) ('a' + h), db.jdbcUrl(),
                    DemoDatabase.READER, db.readerPassword()));
            started.push(service);
            dataServices.add(service);
            RunningService http = DataServiceApplication.start(service, address, 0);
            started.push(http);
            dataServiceHttp.add(http);
            dataServiceUris.add(http.baseUri());
        }
        List<URI> entropyUris = new ArrayList<>();
        for (int i = 0; i < entropyCopies; i++) {
            EntropySettings copy = new EntropySettings("entropy-" + (i + 1), entropy.mode(), entropy.latency(), entropy.cpuRepetitions());
            RunningService http = EntropyApplication.start(new EntropyAnalyser(copy), address, 0);
            started.push(http);
            entropyHttp.add(http);
            entropyUris.add(http.baseUri());
        }
        List<URI> evaluatorUris = new ArrayList<>();
        for (int i = 0; i < evaluatorCount; i++) {
            Evaluator evaluator = new Evaluator("evaluator-" + (i + 1), 64, queryTimeout);
            started.push(evaluator);
            evaluatorCores.add(evaluator);
            RunningService http = EvaluatorApplication.start(evaluator, address, 0);
            started.push(http);
            evaluatorHttp.add(http);
            evaluatorUris.add(http.baseUri());
        }
        CoordinatorSettings defaults = CoordinatorSettings.defaults(dataServiceUris, entropyUris, evaluatorUris);
        CoordinatorSettings settings = new CoordinatorSettings(defaults.dataServices(), defaults.entropyServices(), evaluatorUris,
                defaults.defaultBlockSize(), defaults.maxBlockSize(), queryTimeout, defaults.maxConcurrentQueries(),
                defaults.maxSqlLength());
        coordinator = CoordinatorApplication.start(QueryEngine.start(settings), address, coordinatorPort);
        started.push(coordinator);
        log.info("DQP demo: coordinator {}, data services {}, evaluators {}, entropy copies {}", coordinator.baseUri(),
                dataServiceUris, evaluatorUris, entropyUris);
    }

    /** The coordinator. */
    public synchronized RunningService coordinator() {
        return coordinator;
    }

    /** The two demo databases (host A, host B). */
    public synchronized List<DemoDatabase> databases() {
        return List.copyOf(databases);
    }

    /** The data services' cores (host A, host B). */
    public synchronized List<DataService> dataServices() {
        return List.copyOf(dataServices);
    }

    /** The data services' web servers (host A, host B). */
    public synchronized List<RunningService> dataServiceHttp() {
        return List.copyOf(dataServiceHttp);
    }

    /** The evaluators' cores. */
    public synchronized List<Evaluator> evaluators() {
        return List.copyOf(evaluatorCores);
    }

    /** The evaluators' web servers. */
    public synchronized List<RunningService> evaluatorHttp() {
        return List.copyOf(evaluatorHttp);
    }

    /** The EntropyAnalyser copies' web servers. */
    public synchronized List<RunningService> entropyHttp() {
        return List.copyOf(entropyHttp);
    }

    @Override
    public synchronized void close() {
        while (!started.isEmpty()) {
            AutoCloseable c = started.pop();
            try {
                c.close();
            } catch (Exception e) {
                log.warn("stopping {} failed: {}", c, e.toString());
            }
        }
    }
}
