package org.gridstack.dqp.evaluator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Semaphore;

import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.dataservice.DataServiceClient;
import org.gridstack.dqp.entropy.EntropyClient;
import org.gridstack.dqp.evaluator.exchange.BlockPacker;
import org.gridstack.dqp.evaluator.exchange.ExchangeInbox;
import org.gridstack.dqp.evaluator.exchange.ExchangeInboxes;
import org.gridstack.dqp.evaluator.exchange.ExchangeSender;
import org.gridstack.dqp.evaluator.operator.QueryContext;
import org.gridstack.dqp.evaluator.operator.TableScanOperator;
import org.gridstack.dqp.http.PeerHttp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.util.ArrayList;
import org.gridstack.dqp.web.ServiceLogLabel;

/**
 * One evaluator's core (the seed's GQES), without HTTP: runs the fragments placed on it (scans
 * next to the data, partitions of an OPERATION_CALL bound to one EntropyAnalyser copy), each on
 * its own thread ({@code dqp-fragment-...}) as pull-based operators whose output an EXCHANGE pushes
 * to the consumer; keeps the EXCHANGE inboxes of the fragments that consume here. At most
 * {@code maxFragments} run at once (one more is refused). {@link #cancel} stops a query's fragments.
 * Thread-safe.
 */
@ThreadSafe
public final class Evaluator implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Evaluator.class);
    private final String name;
    private final Duration fragmentTimeout;
    private final Semaphore slots;
    private final HttpClient http;
    private final ExchangeInboxes inboxes = new ExchangeInboxes();
    @SuppressWarnings("ThreadSafe") // the values are concurrent key sets (ConcurrentHashMap.newKeySet) of fragment threads
    private final ConcurrentMap<String, Set<Thread>> running = new ConcurrentHashMap<>();

    public Evaluator(String name, int maxFragments, Duration fragmentTimeout) {
        this.name = requireNonNull(name, "name is null");
        this.fragmentTimeout = requireNonNull(fragmentTimeout, "fragmentTimeout is null");
        if (maxFragments < 1) {
            throw new IllegalArgumentException("maxFragments must be at least 1, is " + maxFragments);
        }
        this.slots = new Semaphore(maxFragments);
        this.http = PeerHttp.newSharedClient();
    }

    public String name() {
        return name;
    }

    /** The EXCHANGE inboxes of this process. */
    public ExchangeInboxes inboxes() {
        return inboxes;
    }

    /**
     * Starts {@code fragment} on its own thread.
     *
     * @throws IllegalStateException when {@code maxFragments} run already
     */
    public void start(ScanFragment fragment) {
        requireNonNull(fragment, "fragment is null");
        BlockCodec codec = BlockCodec.named(fragment.codec());
        if (!slots.tryAcquire()) {
            throw new IllegalStateException("evaluator " + name + " runs its maximum of fragments; retry later");
        }
        launch(fragment.queryId(), fragment.fragmentId(), () -> run(fragment, codec));
    }

    /**
     * Opens the fragment's input inbox and starts it on its own thread; the caller may push tuples
     * as soon as this returns.
     *
     * @throws IllegalStateException when {@code maxFragments} run already
     */
    public void start(OperationCallFragment fragment) {
        requireNonNull(fragment, "fragment is null");
        BlockCodec codec = BlockCodec.named(fragment.codec());
        if (!slots.tryAcquire()) {
            throw new IllegalStateException("evaluator " + name + " runs its maximum of fragments; retry later");
        }
        ExchangeInbox input;
        try {
            input = inboxes.open(fragment.inputExchangeId(), fragment.inputSchema(), fragment.producers());
        } catch (RuntimeException e) {
            slots.release();
            throw e;
        }
        launch(fragment.queryId(), fragment.fragmentId(), () -> {
            try {
                runOperationCall(fragment, input, codec);
            } finally {
                inboxes.close(input.id());
            }
        });
    }

    private void launch(String queryId, String fragmentId, Runnable body) {
        Set<Thread> threads = running.computeIfAbsent(queryId, q -> ConcurrentHashMap.newKeySet());
        Thread t = new Thread(() -> {
            try (ServiceLogLabel.Restore ignored = ServiceLogLabel.during("evaluator-" + name)) {
                body.run();
            } finally {
                threads.remove(Thread.currentThread());
                running.computeIfPresent(queryId, (q, s) -> s.isEmpty() ? null : s);
                slots.release();
            }
        }, "dqp-fragment-" + fragmentId);
        t.setDaemon(true);
        threads.add(t);
        t.start();
    }

    private void runOperationCall(OperationCallFragment fragment, ExchangeInbox input, BlockCodec codec) {
        QueryContext context = new QueryContext(fragmentTimeout);
        BlockSchema out = fragment.outputSchema("entropy");
        ExchangeSender sender = new ExchangeSender(http, fragment.consumer(), fragment.outputExchangeId(), codec, out, fragmentTimeout);
        EntropyClient copy = new EntropyClient(fragment.entropyService(), http, fragmentTimeout);
        int argument = fragment.inputColumns().size() - 1;
        try {
            List<Object[]> block;
            boolean consumerThere = true;
            while (consumerThere && (block = input.take(context, "the coordinator's tuples")) != null) {
                List<Object[]> results = new ArrayList<>(block.size());
                for (Object[] row : block) {
                    if (Thread.currentThread().isInterrupted()) {
                        return;
                    }
                    Object[] result = row.clone();
                    if (row[argument] != null) {
                        long start = System.nanoTime();
                        result[argument] = copy.calculateEntropy(row[argument].toString());
                        context.operationCallNanos.addAndGet(System.nanoTime() - start);
                        context.operationCalls.incrementAndGet();
                    }
                    results.add(result);
                }
                consumerThere = sender.send(results);
            }
            if (consumerThere) {
                Map<String, Object> stats = new LinkedHashMap<>();
                stats.put("operationCallNanos", context.operationCallNanos.get());
                stats.put("operationCalls", context.operationCalls.get());
                stats.put("blockTransferNanos", sender.transferNanos() + context.blockTransferNanos.get());
                stats.put("translationNanos", sender.translationNanos() + context.translationNanos.get());
                sender.finish(stats);
            }
        } catch (IOException | RuntimeException e) {
            if (!Thread.currentThread().isInterrupted()) {
                log.info("fragment {} failed: {}", fragment.fragmentId(), e.getMessage());
                sender.fail("evaluator " + name + ", fragment " + fragment.fragmentId() + ": " + e.getMessage());
            }
        } finally {
            sender.close();
        }
    }

    private void run(ScanFragment fragment, BlockCodec codec) {
        QueryContext context = new QueryContext(fragmentTimeout);
        ExchangeSender sender = new ExchangeSender(http, fragment.consumer(), fragment.exchangeId(), codec, fragment.schema(),
                fragmentTimeout);
        DataServiceClient service = new DataServiceClient(fragment.dataService(), http, fragmentTimeout);
        // the fragment thread reads the data service's stream itself: EXCHANGE pushes are asynchronous, so a reader
        // thread of the TABLE_SCAN's own would only add a hand-off per block
        try (TableScanOperator scan = TableScanOperator.onCallerThread(service, fragment.request(), fragment.blockSize(),
                fragment.schema(), context)) {
            List<Object[]> block;
            boolean consumerThere = true;
            BlockPacker packer = new BlockPacker(fragment.blockSize(), fragment.blockBytes());
            while (consumerThere && (block = scan.nextBlock()) != null) {
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
                long start = System.nanoTime();
                for (Object[] row : block) {
                    List<Object[]> full = packer.add(row);
                    if (full != null) {
                        context.translationNanos.addAndGet(System.nanoTime() - start);
                        consumerThere = consumerThere && sender.send(full);
                        start = System.nanoTime();
                    }
                }
                context.translationNanos.addAndGet(System.nanoTime() - start);
            }
            List<Object[]> rest = packer.take();
            if (consumerThere && !rest.isEmpty()) {
                consumerThere = sender.send(rest);
            }
            if (consumerThere) {
                Map<String, Object> stats = new LinkedHashMap<>();
                stats.put("dataServiceAccessNanos", context.dataServiceAccessNanos.get());
                stats.put("unpackingNanos", context.unpackingNanos.get());
                stats.put("blocksFromDataServices", context.blocksFromDataServices.get());
                stats.put("rowsFromDataServices", context.rowsFromDataServices.get());
                stats.put("blockTransferNanos", sender.transferNanos());
                stats.put("translationNanos", sender.translationNanos() + context.translationNanos.get());
                stats.put("exchangeBytes", sender.bytes());
                stats.put("exchangeBlocks", sender.blocks());
                sender.finish(stats);
            }
        } catch (IOException | RuntimeException e) {
            if (!Thread.currentThread().isInterrupted()) {
                log.info("fragment {} failed: {}", fragment.fragmentId(), e.getMessage());
                sender.fail("evaluator " + name + ", fragment " + fragment.fragmentId() + ": " + e.getMessage());
            }
        } finally {
            sender.close();
        }
    }

    /** Stops every fragment of query {@code queryId} (no-op when none runs). */
    public void cancel(String queryId) {
        Set<Thread> threads = running.remove(queryId);
        if (threads == null) {
            return;
        }
        for (Thread t : threads) {
            t.interrupt();
        }
        for (Thread t : threads) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Fragments running now. */
    public int runningFragments() {
        return running.values().stream().mapToInt(Set::size).sum();
    }

    @Override
    public void close() {
        List.copyOf(running.keySet()).forEach(this::cancel);
    }
}
