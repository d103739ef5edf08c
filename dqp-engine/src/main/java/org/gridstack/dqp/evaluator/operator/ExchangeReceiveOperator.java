package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.evaluator.EvaluatorClient;
import org.gridstack.dqp.evaluator.ScanFragment;
import org.gridstack.dqp.evaluator.exchange.ExchangeInbox;
import org.gridstack.dqp.evaluator.exchange.ExchangeInboxes;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * The consumer end of an EXCHANGE whose producer is a fragment on a remote evaluator: when the query
 * starts ({@link #placeFragment}) or at the latest on the first pull it places the fragment, then returns the blocks the fragment pushes into this process's
 * inbox. While it waits for a block it asks every second whether the evaluator still answers and
 * fails naming it when not. Closing removes the inbox (so the producer's next push is refused) and, unless the fragment
 * already sent its end, cancels the fragment on its evaluator. Not thread-safe: one consumer.
 */
public final class ExchangeReceiveOperator implements Operator {
    private final ExchangeInboxes inboxes;
    private final ExchangeInbox inbox;
    private final EvaluatorClient evaluator;
    private final ScanFragment fragment;
    private final QueryContext context;
    /** How long the consumer waits for a block before it asks whether the evaluator still answers. */
    static final Duration PROBE_INTERVAL = Duration.ofSeconds(1);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);
    private long lastProbe = System.nanoTime();
    private boolean started;
    private boolean ended;
    private boolean closed;

    public ExchangeReceiveOperator(ExchangeInboxes inboxes, EvaluatorClient evaluator, ScanFragment fragment, QueryContext context) {
        this.inboxes = requireNonNull(inboxes, "inboxes is null");
        this.evaluator = requireNonNull(evaluator, "evaluator is null");
        this.fragment = requireNonNull(fragment, "fragment is null");
        this.context = requireNonNull(context, "context is null");
        this.inbox = inboxes.open(fragment.exchangeId(), fragment.schema(), 1);
    }

    @Override
    public BlockSchema schema() {
        return inbox.schema();
    }

    /**
     * Places the fragment on its evaluator now, so it produces while the consumer is busy elsewhere
     * (the other side of a join: pipelined parallelism); its blocks wait in the bounded inbox. No-op
     * when already placed; otherwise the first {@link #nextBlock} places it.
     */
    public void placeFragment() throws IOException {
        if (!started) {
            started = true;
            evaluator.start(fragment);
        }
    }

    /**
     * Places the fragment without waiting for the evaluator's answer (several placements overlap);
     * the future fails naming the evaluator. Completed at once when already placed.
     */
    public CompletableFuture<Void> placeFragmentAsync() {
        if (started) {
            return CompletableFuture.completedFuture(null);
        }
        started = true;
        return evaluator.startAsync(fragment);
    }

    @Override
    public List<Object[]> nextBlock() throws IOException {
        placeFragment();
        if (ended) {
            return null;
        }
        String producer = "evaluator " + evaluator.base() + " (TABLE_SCAN of " + fragment.request().table()
                + " at data service " + fragment.dataService() + ")";
        List<Object[]> block = inbox.take(context, producer, () -> checkProducerAnswers(producer));
        ended = block == null;
        return block;
    }

    /**
     * While no block comes, asks the evaluator at most every {@link #PROBE_INTERVAL} whether it still
     * answers: one that died before its EXCHANGE stream opened (before its first block) has no
     * connection whose loss would tell, and would otherwise be noticed only at the query's timeout.
     */
    private void checkProducerAnswers(String producer) throws IOException {
        long now = System.nanoTime();
        if (now - lastProbe < PROBE_INTERVAL.toNanos()) {
            return;
        }
        lastProbe = now;
        try {
            evaluator.checkAnswers(PROBE_TIMEOUT);
        } catch (InterruptedIOException e) {
            throw e;
        } catch (IOException e) {
            throw new IOException("EXCHANGE " + inbox.id() + " from " + producer + " has no producer any more: "
                    + e.getMessage() + "; the evaluator stopped or is unreachable", e);
        }
    }

    @Override
    public String describe() {
        return "EXCHANGE(from evaluator " + evaluator.base() + ", " + fragment.codec() + " blocks of " + fragment.blockSize()
                + ") <- fragment on that evaluator: TABLE_SCAN(" + fragment.request().table() + " at " + fragment.dataService()
                + ", columns " + fragment.request().columns()
                + (fragment.request().filters().isEmpty() ? "" : ", filters " + fragment.request().filters())
                + (fragment.request().aggregates().isEmpty() ? "" : ", aggregates " + fragment.request().aggregates())
                + fragment.request().joins().stream().map(j -> ", joined with " + j).collect(Collectors.joining()) + ")";
    }

    @Override
    public List<Operator> inputs() {
        return List.of();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        inboxes.close(inbox.id());
        if (started && !ended) {
            // a fragment that sent its end has finished: only an unfinished one needs the round trip
            evaluator.cancel(fragment.queryId());
        }
    }
}
