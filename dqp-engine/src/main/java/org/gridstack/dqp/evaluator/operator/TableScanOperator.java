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
import java.io.InterruptedIOException;
import java.util.stream.Collectors;

/**
 * TABLE_SCAN: reads a table from a data service in blocks of {@code blockSize} tuples (the seed's
 * block delivery, all blocks streamed on one response: {@link DataServiceClient#streamScan}) on its
 * own thread, which stays at most {@value #QUEUE_BLOCKS} blocks ahead of the consumer (bounded queue;
 * behind it the TCP buffers, then the service's cursor: back-pressure on the data service), so the
 * next blocks are fetched while the current one is consumed. Pushed-down projection and filters
 * travel in the {@link ScanRequest}. A failure of the service is rethrown to the consumer naming the
 * service; closing stops the thread and abandons the service's session.
 *
 * <p>With a read-ahead of 0 blocks ({@link #onCallerThread}) there is no thread of its own: the
 * consumer's thread reads and decodes each block from the stream when it asks for it, and only the
 * TCP buffers and the service's cursor run ahead. That saves a thread hand-off per block where the
 * consumer does little per block itself (an EXCHANGE producer, whose pushes are asynchronous). A
 * service that stops sending then blocks the consumer until the stream fails or the query is
 * cancelled (the evaluator interrupts its fragment threads, which ends the read). Not thread-safe:
 * one consumer.
 */
public final class TableScanOperator implements Operator {
    static final int QUEUE_BLOCKS = 4;
    private static final Object END = new Object();

    private final DataServiceClient client;
    private final ScanRequest request;
    private final int blockSize;
    private final BlockSchema schema;
    private final QueryContext context;
    private final boolean readAhead;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUE_BLOCKS);
    private Thread reader;
    private volatile RemoteScan scan;
    private volatile boolean closed;
    private boolean ended;

    public TableScanOperator(DataServiceClient client, ScanRequest request, int blockSize, BlockSchema schema,
            QueryContext context) {
        this(client, request, blockSize, schema, context, true);
    }

    /** A TABLE_SCAN without a reader thread: each block is read on the consumer's thread when asked for. */
    public static TableScanOperator onCallerThread(DataServiceClient client, ScanRequest request, int blockSize, BlockSchema schema,
            QueryContext context) {
        return new TableScanOperator(client, request, blockSize, schema, context, false);
    }

    private TableScanOperator(DataServiceClient client, ScanRequest request, int blockSize, BlockSchema schema,
            QueryContext context, boolean readAhead) {
        this.readAhead = readAhead;
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
        if (!readAhead) {
            return readHere();
        }
        if (reader == null) {
            reader = new Thread(this::readAll, "dqp-table-scan-" + request.table());
            reader.setDaemon(true);
            reader.start();
        }
        Object item;
        try {
            do {
                context.check("waiting for data service " + client.base() + " (table " + request.table() + ")");
                item = queue.poll(Math.min(100_000_000L, Math.max(1, context.remainingNanos())), TimeUnit.NANOSECONDS);
            } while (item == null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for " + client.base());
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

    private List<Object[]> readHere() throws IOException {
        context.check("waiting for data service " + client.base() + " (table " + request.table() + ")");
        try {
            if (scan == null) {
                scan = client.streamScan(request, blockSize);
            }
            List<Object[]> rows = scan.nextBlock();
            if (rows == null) {
                ended = true;
                context.dataServiceAccessNanos.addAndGet(scan.accessNanos());
                context.unpackingNanos.addAndGet(scan.unpackingNanos());
                scan.close();
                return null;
            }
            context.blocksFromDataServices.incrementAndGet();
            context.rowsFromDataServices.addAndGet(rows.size());
            return rows;
        } catch (IOException e) {
            ended = true;
            throw e;
        } catch (RuntimeException e) {
            ended = true;
            throw new IOException("TABLE_SCAN of " + request.table() + " at " + client.base() + " failed: " + e, e);
        }
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
                + (request.filters().isEmpty() ? "" : ", filters " + request.filters())
                + (request.aggregates().isEmpty() ? "" : ", aggregates " + request.aggregates() + " grouped by " + request.columns())
                + request.joins().stream().map(j -> ", joined with " + j).collect(Collectors.joining())
                + ", blocks of " + blockSize + ")";
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
        if (!readAhead) {
            RemoteScan s = scan;
            if (s != null) {
                s.close(); // before the stream's end this drops the connection and abandons the session
            }
            return;
        }
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
