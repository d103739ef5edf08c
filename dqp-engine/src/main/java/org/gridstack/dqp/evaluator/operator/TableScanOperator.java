package org.gridstack.dqp.evaluator.operator;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.dataservice.DataServiceClient;
import org.gridstack.dqp.dataservice.RemoteScan;
import org.gridstack.dqp.dataservice.ScanRequest;

/**
 * TABLE_SCAN: reads a table from a data service in blocks of {@code blockSize} tuples (the seed's
 * block delivery, all blocks streamed on one response: {@link DataServiceClient#streamScan}) on its
 * own thread, which stays at most {@value #QUEUE_BLOCKS} blocks ahead of the consumer (bounded queue;
 * behind it the TCP buffers, then the service's cursor: back-pressure on the data service), so the
 * next blocks are fetched while the current one is consumed. Pushed-down projection and filters
 * travel in the {@link ScanRequest}. A failure of the service is rethrown to the consumer naming the
 * service; closing stops the thread and abandons the service's session. Not thread-safe: one
 * consumer.
 */
public final class TableScanOperator implements Operator {
    static final int QUEUE_BLOCKS = 4;
    private static final Object END = new Object();

    private final DataServiceClient client;
    private final ScanRequest request;
    private final int blockSize;
    private final BlockSchema schema;
    private final QueryContext context;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUE_BLOCKS);
    private Thread reader;
    private volatile RemoteScan scan;
    private volatile boolean closed;
    private boolean ended;

    public TableScanOperator(DataServiceClient client, ScanRequest request, int blockSize, BlockSchema schema,
            QueryContext context) {
        this.client = requireNonNull(client, "client is null");
        this.request = requireNonNull(request, "request is null");
        this.schema = requireNonNull(schema, "schema is null");
        this.context = requireNonNull(context, "context is null");
        if (blockSize < 1) {
            throw new IllegalArgumentException("block size must be at least 1, is " + blockSize);
        }
        this.blockSize = blockSize;
    }

    @Override
    public BlockSchema schema() {
        return schema;
    }

    @Override
    public List<Object[]> nextBlock() throws IOException {
        if (ended) {
            return null;
        }
        if (reader == null) {
            reader = new Thread(this::readAll, "dqp-table-scan-" + request.table());
            reader.setDaemon(true);
            reader.start();
        }
        Object item;
        try {
            do {
                context.check("data service " + client.base() + " (table " + request.table() + ")");
                item = queue.poll(Math.min(100_000_000L, Math.max(1, context.remainingNanos())), TimeUnit.NANOSECONDS);
            } while (item == null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for " + client.base());
        }
        if (item == END) {
            ended = true;
            return null;
        }
        if (item instanceof IOException e) {
            ended = true;
            throw new IOException(e.getMessage(), e);
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = (List<Object[]>) item;
        return rows;
    }

    private void readAll() {
        try (RemoteScan s = client.streamScan(request, blockSize)) {
            scan = s;
            if (closed) {
                return;
            }
            List<Object[]> rows;
            while (!closed && (rows = s.nextBlock()) != null) {
                context.blocksFromDataServices.incrementAndGet();
                context.rowsFromDataServices.addAndGet(rows.size());
                if (!put(rows)) {
                    return;
                }
            }
            context.dataServiceAccessNanos.addAndGet(s.accessNanos());
            context.unpackingNanos.addAndGet(s.unpackingNanos());
            put(END);
        } catch (IOException e) {
            put(e);
        } catch (RuntimeException e) {
            put(new IOException("TABLE_SCAN of " + request.table() + " at " + client.base() + " failed: " + e, e));
        }
    }

    private boolean put(Object item) {
        try {
            while (!closed) {
                if (queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
                    return true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    @Override
    public String describe() {
        return "TABLE_SCAN(" + request.table() + " at " + client.base() + ", columns " + schema.names()
                + (request.filters().isEmpty() ? "" : ", filters " + request.filters()) + ", blocks of " + blockSize + ")";
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
        Thread t = reader;
        if (t != null) {
            t.interrupt();
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        queue.clear();
    }
}
