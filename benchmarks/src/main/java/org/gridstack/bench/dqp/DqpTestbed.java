package org.gridstack.bench.dqp;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gridstack.dqp.coordinator.CoordinatorApplication;
import org.gridstack.dqp.coordinator.CoordinatorSettings;
import org.gridstack.dqp.coordinator.QueryEngine;
import org.gridstack.dqp.dataservice.DataService;
import org.gridstack.dqp.dataservice.DataServiceApplication;
import org.gridstack.dqp.dataservice.DataServiceSettings;
import org.gridstack.dqp.demo.DemoDataGenerator;
import org.gridstack.dqp.demo.DemoDatabase;
import org.gridstack.dqp.demo.DemoStack;
import org.gridstack.dqp.demo.DemoTable;
import org.gridstack.dqp.entropy.EntropySettings;
import org.gridstack.dqp.evaluator.Evaluator;
import org.gridstack.dqp.evaluator.EvaluatorApplication;
import org.gridstack.dqp.web.RunningService;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Everything the DQP benchmark measures, started in this JVM: dqp-engine's {@link DemoStack} (host A
 * with {@code protein_goterm} and {@code goterms}, host B with {@code protein_interaction} and
 * {@code protein_sequences}, a data service on each, the evaluators, the EntropyAnalyser copies in
 * LATENCY mode and a coordinator), one more coordinator for each smaller number of entropy copies
 * the OPERATION_CALL grid needs (same data services and evaluators, the first c copies), a third
 * PostgreSQL holding both Join tables (direct JDBC's Join, the seed's GDS join in one database),
 * and postgres_fdw on host A with host B's tables imported into schema {@value #FOREIGN_SCHEMA}; on request
 * ({@link #startBigScan}) a big table on host A with its own data service, evaluator and coordinator.
 * Closing stops everything, also after a failed start. Thread-safe once started.
 */
final class DqpTestbed implements AutoCloseable {
    /** Host A's schema holding host B's tables through postgres_fdw. */
    static final String FOREIGN_SCHEMA = "host_b";
    /** The big table of the bounded-heap scan, on host A, created only when asked for. */
    static final String BIG_TABLE = "big_scan";

    private final DemoStack stack;
    private final List<RunningService> extraCoordinators = new ArrayList<>();
    private final Deque<AutoCloseable> bigScanServices = new ArrayDeque<>();
    private final Map<Integer, URI> coordinatorsByCopies = new LinkedHashMap<>();
    private DemoDatabase joinDatabase;

    private DqpTestbed(DemoStack stack) {
        this.stack = requireNonNull(stack, "stack is null");
    }

    /**
     * Starts the testbed.
     *
     * @param evaluators evaluators of the stack (the grid's largest k; at least 2, one beside each data service)
     * @param copies the entropy copy counts the grid uses; the largest is started, smaller ones get their own coordinator
     * @param entropyLatency what one {@code calculateEntropy} call waits (the seed's remote machine)
     * @param queryTimeout the coordinator's and evaluators' query timeout
     */
    static DqpTestbed start(int evaluators, List<Integer> copies, Duration entropyLatency, Duration queryTimeout) throws Exception {
        int maxCopies = copies.stream().mapToInt(Integer::intValue).max().orElse(1);
        DemoStack stack = DemoStack.start(0, Math.max(2, evaluators), maxCopies,
                new EntropySettings("entropy", EntropySettings.Mode.LATENCY, entropyLatency, 1), queryTimeout);
        DqpTestbed bed = new DqpTestbed(stack);
        try {
            bed.startRest(copies, maxCopies, queryTimeout);
            return bed;
        } catch (Exception | Error e) {
            bed.close();
            throw e;
        }
    }

    private void startRest(List<Integer> copies, int maxCopies, Duration queryTimeout) throws Exception {
        List<URI> dataServices = stack.dataServiceHttp().stream().map(RunningService::baseUri).toList();
        List<URI> entropy = stack.entropyHttp().stream().map(RunningService::baseUri).toList();
        List<URI> evaluators = stack.evaluatorHttp().stream().map(RunningService::baseUri).toList();
        coordinatorsByCopies.put(maxCopies, stack.coordinator().baseUri());
        for (int c : copies) {
            if (coordinatorsByCopies.containsKey(c)) {
                continue;
            }
            CoordinatorSettings d = CoordinatorSettings.defaults(dataServices, entropy.subList(0, c), evaluators);
            CoordinatorSettings settings = new CoordinatorSettings(d.dataServices(), d.entropyServices(), d.evaluators(),
                    d.defaultBlockSize(), d.maxBlockSize(), queryTimeout, d.maxConcurrentQueries(), d.maxSqlLength());
            RunningService coordinator = CoordinatorApplication.start(QueryEngine.start(settings), 0);
            extraCoordinators.add(coordinator);
            coordinatorsByCopies.put(c, coordinator.baseUri());
        }
        joinDatabase = DemoDatabase.start(List.of(DemoTable.PROTEIN_GOTERM, DemoTable.PROTEIN_INTERACTION), new DemoDataGenerator());
        importHostBIntoHostA();
    }

    /** postgres_fdw on host A: a server for host B, host B's reader as the user mapping, its two tables imported. */
    private void importHostBIntoHostA() throws SQLException {
        DemoDatabase a = hostA();
        DemoDatabase b = hostB();
        try (Connection c = a.superuserConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE EXTENSION IF NOT EXISTS postgres_fdw");
            s.execute("CREATE SERVER host_b_server FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '127.0.0.1', port '" + b.port()
                    + "', dbname '" + DemoDatabase.DATABASE + "')");
            s.execute("CREATE USER MAPPING FOR CURRENT_USER SERVER host_b_server OPTIONS (user '" + DemoDatabase.READER
                    + "', password '" + b.readerPassword().replace("'", "''") + "')");
            s.execute("CREATE SCHEMA " + FOREIGN_SCHEMA);
            s.execute("IMPORT FOREIGN SCHEMA public LIMIT TO (protein_interaction, protein_sequences) FROM SERVER host_b_server INTO "
                    + FOREIGN_SCHEMA);
            s.execute("ANALYZE " + FOREIGN_SCHEMA + ".protein_interaction");
            s.execute("ANALYZE " + FOREIGN_SCHEMA + ".protein_sequences");
        }
    }

    /**
     * Creates {@value #BIG_TABLE} on host A with {@code rows} generated rows (id, a 10-character ORF,
     * an MD5 text: about 60 bytes a row), then a data service that sees it (catalogs are read once),
     * an evaluator and a coordinator over it, all with {@code timeout} as their query timeout; returns
     * the coordinator's URL. They stop with the testbed.
     */
    URI startBigScan(long rows, Duration timeout) throws Exception {
        DemoDatabase a = hostA();
        try (Connection c = a.superuserConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + BIG_TABLE + " (id bigint NOT NULL, orf varchar(55) NOT NULL, payload varchar(64))");
            s.execute("INSERT INTO " + BIG_TABLE + " SELECT i, 'Y' || lpad(i::text, 9, '0'), md5(i::text) FROM generate_series(1, "
                    + rows + ") i");
            s.execute("GRANT SELECT ON " + BIG_TABLE + " TO " + DemoDatabase.READER);
            s.execute("ANALYZE " + BIG_TABLE);
        }
        DataServiceSettings d = DataServiceSettings.defaults("host-a-big", a.jdbcUrl(), DemoDatabase.READER, a.readerPassword());
        DataService service = DataService.open(new DataServiceSettings(d.name(), d.jdbcUrl(), d.user(), d.password(), d.maxSessions(),
                d.sessionIdleTimeout(), d.maxBlockSize(), d.fetchSize(), timeout));
        bigScanServices.push(service);
        RunningService dataService = DataServiceApplication.start(service, 0);
        bigScanServices.push(dataService);
        Evaluator evaluator = new Evaluator("evaluator-big", 64, timeout);
        bigScanServices.push(evaluator);
        RunningService evaluatorHttp = EvaluatorApplication.start(evaluator, 0);
        bigScanServices.push(evaluatorHttp);
        CoordinatorSettings cd = CoordinatorSettings.defaults(List.of(dataService.baseUri()), List.of(), List.of(evaluatorHttp.baseUri()));
        RunningService coordinator = CoordinatorApplication.start(QueryEngine.start(new CoordinatorSettings(cd.dataServices(),
                cd.entropyServices(), cd.evaluators(), cd.defaultBlockSize(), cd.maxBlockSize(), timeout, cd.maxConcurrentQueries(),
                cd.maxSqlLength())), 0);
        bigScanServices.push(coordinator);
        return coordinator.baseUri();
    }

    DemoStack stack() {
        return stack;
    }

    /** Host A: {@code protein_goterm}, {@code goterms}, and host B's tables through postgres_fdw. */
    DemoDatabase hostA() {
        return stack.databases().get(0);
    }

    /** Host B: {@code protein_interaction}, {@code protein_sequences}. */
    DemoDatabase hostB() {
        return stack.databases().get(1);
    }

    /** One database holding both Join tables. */
    DemoDatabase joinDatabase() {
        return joinDatabase;
    }

    /** The database a scan of {@code table} reads (its host). */
    DemoDatabase hostOf(String table) {
        return DemoTable.HOST_A.stream().anyMatch(t -> t.tableName().equals(table)) ? hostA() : hostB();
    }

    /** The data service of {@code table}'s host. */
    URI dataServiceOf(String table) {
        return stack.dataServiceHttp().get(hostOf(table) == hostA() ? 0 : 1).baseUri();
    }

    /** The demo's coordinator (every entropy copy). */
    URI coordinator() {
        return stack.coordinator().baseUri();
    }

    /** A coordinator whose OPERATION_CALLs use the first {@code copies} entropy copies. */
    URI coordinatorWithCopies(int copies) {
        URI uri = coordinatorsByCopies.get(copies);
        if (uri == null) {
            throw new IllegalArgumentException("no coordinator with " + copies + " entropy copies; started: " + coordinatorsByCopies.keySet());
        }
        return uri;
    }

    @Override
    public void close() throws Exception {
        while (!bigScanServices.isEmpty()) {
            try {
                bigScanServices.pop().close();
            } catch (Exception e) {
                // the stack below is stopped anyway
            }
        }
        try {
            RuntimeException first = null;
            for (RunningService c : extraCoordinators) {
                try {
                    c.close();
                } catch (RuntimeException e) {
                    first = first == null ? e : first; // stop the others anyway
                }
            }
            if (first != null) {
                throw first;
            }
        } finally {
            try {
                if (joinDatabase != null) {
                    joinDatabase.close();
                }
            } finally {
                stack.close();
            }
        }
    }
}
