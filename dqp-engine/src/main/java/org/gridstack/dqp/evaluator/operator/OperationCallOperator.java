package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.gridstack.dqp.entropy.EntropyClient;
import org.gridstack.dqp.evaluator.expression.RowExpression;
import java.io.InterruptedIOException;

/**
 * OPERATION_CALL: calls a web service once per tuple ({@code calculateEntropy(argument)}) and
 * appends the answer as a new last column (DOUBLE; NULL for a NULL argument). Partitioned
 * parallelism as in the seed: each block's tuples are dealt round-robin to {@code k} callers, caller
 * i bound to service copy {@code i mod copies}; the block is returned once all its calls answered
 * (tuple order kept). The callers are threads of this operator (one process plays the k
 * evaluators). A failed call fails the query naming the copy. Closing stops the callers.
 * Not thread-safe: one consumer.
 */
public final class OperationCallOperator implements Operator {
    private final Operator input;
    private final RowExpression argument;
    private final List<EntropyClient> copies;
    private final int parallelism;
    private final QueryContext context;
    private final BlockSchema schema;
    private final ExecutorService callers;

    public OperationCallOperator(Operator input, RowExpression argument, String resultName, List<EntropyClient> copies,
            int parallelism, QueryContext context) {
        this.input = requireNonNull(input, "input is null");
        this.argument = requireNonNull(argument, "argument is null");
        this.copies = List.copyOf(requireNonNull(copies, "copies is null"));
        this.context = requireNonNull(context, "context is null");
        if (copies.isEmpty()) {
            throw new IllegalArgumentException("calculateEntropy needs at least one EntropyAnalyser copy; none is configured");
        }
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, is " + parallelism);
        }
        this.parallelism = parallelism;
        List<Column> columns = new ArrayList<>(input.schema().columns());
        columns.add(new Column(resultName, ColumnType.DOUBLE, true));
        this.schema = new BlockSchema(columns);
        int[] n = {0};
        this.callers = Executors.newFixedThreadPool(parallelism, r -> {
            Thread t = new Thread(r, "dqp-operation-call-" + n[0]++);
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public BlockSchema schema() {
        return schema;
    }

    @Override
    public List<Object[]> nextBlock() throws IOException {
        List<Object[]> block = input.nextBlock();
        if (block == null) {
            return null;
        }
        Object[][] out = new Object[block.size()][];
        List<Future<?>> parts = new ArrayList<>(parallelism);
        for (int p = 0; p < parallelism && p < block.size(); p++) {
            int partition = p;
            EntropyClient copy = copies.get(p % copies.size());
            parts.add(callers.submit(() -> {
                for (int i = partition; i < block.size(); i += parallelism) {
                    if (context.isCancelled()) {
                        return null;
                    }
                    Object[] row = block.get(i);
                    Object value = argument.evaluate(row);
                    Object[] result = Arrays.copyOf(row, row.length + 1);
                    if (value != null) {
                        long start = System.nanoTime();
                        result[row.length] = copy.calculateEntropy(value.toString());
                        context.operationCallNanos.addAndGet(System.nanoTime() - start);
                        context.operationCalls.incrementAndGet();
                    }
                    out[i] = result;
                }
                return null;
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get(Math.max(1, context.remainingNanos()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                parts.forEach(f -> f.cancel(true));
                Throwable cause = e.getCause();
                throw cause instanceof IOException io ? io : new IOException("OPERATION_CALL failed: " + cause, cause);
            } catch (TimeoutException e) {
                parts.forEach(f -> f.cancel(true));
                context.check("waiting for the EntropyAnalyser copies " + copies.stream().map(EntropyClient::base).toList());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while calling calculateEntropy");
            }
        }
        context.check("waiting for OPERATION_CALL");
        return Arrays.asList(out);
    }

    @Override
    public String describe() {
        return "OPERATION_CALL(calculateEntropy, " + parallelism + " callers over " + copies.size() + " copies "
                + copies.stream().map(EntropyClient::base).toList() + ")";
    }

    @Override
    public List<Operator> inputs() {
        return List.of(input);
    }

    @Override
    public void close() {
        callers.shutdownNow();
        try {
            callers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            input.close();
        }
    }
}
