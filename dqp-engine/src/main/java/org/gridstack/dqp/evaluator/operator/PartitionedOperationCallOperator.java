package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.gridstack.dqp.evaluator.EvaluatorClient;
import org.gridstack.dqp.evaluator.OperationCallFragment;
import org.gridstack.dqp.evaluator.exchange.ExchangeInbox;
import org.gridstack.dqp.evaluator.exchange.ExchangeInboxes;
import org.gridstack.dqp.evaluator.exchange.ExchangeSender;
import org.gridstack.dqp.evaluator.expression.RowExpression;
import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * OPERATION_CALL partitioned over k evaluators, as in the seed: partition i runs as a fragment on
 * evaluator {@code evaluators[i]} bound to EntropyAnalyser copy {@code copies[i mod copies]}. A
 * distributor thread in this process pulls the input, appends the call's argument to each tuple,
 * deals the tuples round-robin into k blocks and EXCHANGEs them to the partitions' inboxes; the
 * partitions EXCHANGE their answered tuples back to one inbox here (k producers), from which
 * {@link #nextBlock} takes. Output: the input columns plus the answer (DOUBLE); tuple order is not
 * kept. Closing stops the distributor, removes the inbox and cancels the fragments. Not thread-safe:
 * one consumer.
 */
public final class PartitionedOperationCallOperator implements Operator {
    private final Operator input;
    private final RowExpression argument;
    private final List<EvaluatorClient> evaluators;
    private final List<URI> copies;
    private final ExchangeInboxes inboxes;
    private final URI self;
    private final String queryId;
    private final String id;
    private final BlockCodec codec;
    private final int blockSize;
    private final QueryContext context;
    private final BlockSchema schema;
    private final List<Column> partitionInput;
    private final HttpClient http;
    private ExchangeInbox output;
    private Thread distributor;
    private boolean placing;
    private boolean ended;
    private volatile boolean closed;

    public PartitionedOperationCallOperator(Operator input, RowExpression argument, String resultName,
            List<EvaluatorClient> evaluators, List<URI> copies, HttpClient http, ExchangeInboxes inboxes, URI self, String queryId, String id,
            BlockCodec codec, int blockSize, QueryContext context) {
        this.input = requireNonNull(input, "input is null");
        this.argument = requireNonNull(argument, "argument is null");
        this.evaluators = List.copyOf(requireNonNull(evaluators, "evaluators is null"));
        this.copies = List.copyOf(requireNonNull(copies, "copies is null"));
        this.http = requireNonNull(http, "http is null");
        this.inboxes = requireNonNull(inboxes, "inboxes is null");
        this.self = requireNonNull(self, "self is null");
        this.queryId = requireNonNull(queryId, "queryId is null");
        this.id = requireNonNull(id, "id is null");
        this.codec = requireNonNull(codec, "codec is null");
        this.context = requireNonNull(context, "context is null");
        this.blockSize = blockSize;
        if (evaluators.isEmpty() || copies.isEmpty()) {
            throw new IllegalArgumentException("a partitioned OPERATION_CALL needs evaluators and EntropyAnalyser copies");
        }
        List<Column> columns = new ArrayList<>(input.schema().columns());
        columns.add(new Column(resultName, ColumnType.DOUBLE, true));
        this.schema = new BlockSchema(columns);
        this.partitionInput = new ArrayList<>(input.schema().columns());
        partitionInput.add(new Column("argument", ColumnType.VARCHAR, true));
    }

    @Override
    public BlockSchema schema() {
        return schema;
    }

    @Override
    public List<Object[]> nextBlock() throws IOException {
        if (output == null) {
            start();
        }
        if (ended) {
            return null;
        }
        List<Object[]> block = output.take(context, "the OPERATION_CALL partitions on " + evaluators.stream().map(EvaluatorClient::base).toList());
        ended = block == null;
        return block;
    }

    private void start() throws IOException {
        output = inboxes.open(id + "-out", schema, evaluators.size());
        List<ExchangeSender> senders = new ArrayList<>();
        List<CompletableFuture<Void>> placed = new ArrayList<>();
        for (int i = 0; i < evaluators.size(); i++) {
            String partition = id + "-p" + i;
            // the k placements overlap: one round trip in all instead of k in turn
            placed.add(evaluators.get(i).startAsync(new OperationCallFragment(queryId, partition, partition + "-in", partitionInput,
                    copies.get(i % copies.size()), self, id + "-out", codec.name(), 1)));
            senders.add(new ExchangeSender(http, evaluators.get(i).base(), partition + "-in", codec,
                    new BlockSchema(partitionInput), context.timeout()));
        }
        placing = true; // from here on, close cancels the partitions placed so far
        for (CompletableFuture<Void> p : placed) {
            try {
                p.get(context.timeout().toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause().getMessage(), e.getCause());
            } catch (TimeoutException e) {
                throw new IOException("placing the OPERATION_CALL partitions on " + evaluators.stream().map(EvaluatorClient::base).toList()
                        + " took longer than " + context.timeout(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while placing the OPERATION_CALL partitions");
            }
        }
        distributor = new Thread(() -> distribute(senders), "dqp-operation-call-distributor-" + id);
        distributor.setDaemon(true);
        distributor.start();
    }

    private void distribute(List<ExchangeSender> senders) {
        int k = senders.size();
        int next = 0;
        try {
            List<List<Object[]>> partitions = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                partitions.add(new ArrayList<>());
            }
            List<Object[]> block;
            while (!closed && (block = input.nextBlock()) != null) {
                for (Object[] row : block) {
                    Object value = argument.evaluate(row);
                    Object[] withArgument = Arrays.copyOf(row, row.length + 1);
                    withArgument[row.length] = value == null ? null : value.toString();
                    List<Object[]> target = partitions.get(next);
                    target.add(withArgument);
                    if (target.size() >= blockSize && !senders.get(next).send(target)) {
                        return;
                    }
                    if (target.size() >= blockSize) {
                        partitions.set(next, new ArrayList<>());
                    }
                    next = (next + 1) % k;
                }
            }
            for (int i = 0; i < k && !closed; i++) {
                if (!partitions.get(i).isEmpty() && !senders.get(i).send(partitions.get(i))) {
                    return;
                }
                Map<String, Object> stats = Map.of("blockTransferNanos", senders.get(i).transferNanos(),
                        "translationNanos", senders.get(i).translationNanos());
                senders.get(i).finish(stats);
            }
        } catch (IOException | RuntimeException e) {
            if (!closed) {
                try {
                    output.fail("OPERATION_CALL distribution failed: " + e.getMessage());
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        } finally {
            senders.forEach(ExchangeSender::close);
        }
    }

    @Override
    public String describe() {
        return "OPERATION_CALL(calculateEntropy, partitioned over " + evaluators.size() + " evaluators "
                + evaluators.stream().map(EvaluatorClient::base).toList() + ", each bound to one of the copies " + copies
                + "; EXCHANGE out and back)";
    }

    @Override
    public List<Operator> inputs() {
        return List.of(input);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (output != null) {
            inboxes.close(output.id());
        }
        Thread t = distributor;
        if (t != null) {
            t.interrupt();
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (placing && !ended) {
            // every partition sent its end when the output ended: only unfinished ones need the round trips
            evaluators.forEach(e -> e.cancel(queryId));
        }
        input.close();
    }
}
