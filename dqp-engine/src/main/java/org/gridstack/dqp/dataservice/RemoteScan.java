package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockFrameReader;
import org.gridstack.dqp.block.BlockReader;
import org.gridstack.dqp.block.BlockSchema;

/**
 * The caller's end of one scan of a data service, in any delivery mode (synchronous, a request per
 * block, or every block on one streamed response): blocks are pulled with
 * {@link #nextBlock} until it returns null. Closing early abandons the scan (closes the stream or
 * deletes the session). Counts the time spent waiting for the service and decoding, for the cost
 * profile. Not thread-safe: one consumer.
 */
public final class RemoteScan implements AutoCloseable {
    /** One pulled block and whether it was the last. Immutable. */
    record Block(List<Object[]> rows, boolean exhausted, long unpackingNanos) {
    }

    private final DataServiceClient client;
    private final BlockSchema schema;
    private final BlockReader syncReader;
    private final InputStream syncStream;
    private final String session;
    private final BlockFrameReader frames;
    private final BlockCodec codec;
    private final int blockSize;
    private boolean done;
    private List<Object[]> pending;
    private long accessNanos;
    private long unpackingNanos;
    private long blocks;

    private RemoteScan(DataServiceClient client, BlockSchema schema, BlockReader syncReader, InputStream syncStream,
            String session, BlockFrameReader frames, BlockCodec codec, int blockSize) {
        this.client = client;
        this.schema = schema;
        this.syncReader = syncReader;
        this.syncStream = syncStream;
        this.session = session;
        this.frames = frames;
        this.codec = codec;
        this.blockSize = blockSize;
    }

    static RemoteScan synchronous(DataServiceClient client, BlockReader reader, InputStream in) {
        return new RemoteScan(requireNonNull(client, "client is null"), reader.schema(), reader, in, null, null, null, 0);
    }

    static RemoteScan session(DataServiceClient client, String session, BlockSchema schema, BlockCodec codec, int blockSize) {
        if (blockSize < 1) {
            throw new IllegalArgumentException("block size must be at least 1, is " + blockSize);
        }
        return new RemoteScan(requireNonNull(client, "client is null"), schema, null, null,
                requireNonNull(session, "session is null"), null, codec, blockSize);
    }

    // reads the first block (every stream has one, maybe empty) for its columns; it is the first nextBlock's answer
    static RemoteScan streamed(DataServiceClient client, String session, BlockFrameReader frames, InputStream in)
            throws DataServiceException {
        RemoteScan first = new RemoteScan(requireNonNull(client, "client is null"), null, null, requireNonNull(in, "in is null"),
                requireNonNull(session, "session is null"), requireNonNull(frames, "frames is null"), null, 0);
        List<Object[]> rows;
        long start = System.nanoTime();
        try {
            rows = first.nextFrame();
            first.accessNanos = System.nanoTime() - start;
        } catch (DataServiceException e) {
            first.close();
            throw e;
        }
        if (frames.schema() == null) {
            first.close();
            throw client.failure(0, "its block stream ended without a block", null);
        }
        RemoteScan scan = new RemoteScan(client, frames.schema(), null, in, session, frames, null, 0);
        scan.pending = rows;
        scan.blocks = first.blocks;
        scan.accessNanos = first.accessNanos;
        return scan;
    }

    /** The columns of the rows. */
    public BlockSchema schema() {
        return schema;
    }

    /** The next block (maybe empty), or null after the last. */
    public List<Object[]> nextBlock() throws DataServiceException {
        if (done) {
            return null;
        }
        long start = System.nanoTime();
        try {
            if (syncReader != null) {
                List<Object[]> rows;
                try {
                    rows = syncReader.nextBlock();
                } catch (IOException e) {
                    throw client.failure(0, "broken result stream: " + e.getMessage(), e);
                }
                if (rows == null) {
                    done = true;
                } else {
                    blocks++;
                }
                return rows;
            }
            if (frames != null) {
                if (pending != null) {
                    List<Object[]> rows = pending;
                    pending = null;
                    return rows;
                }
                return nextFrame();
            }
            Block block = client.pull(session, codec, blockSize);
            blocks++;
            unpackingNanos += block.unpackingNanos();
            if (block.exhausted()) {
                done = true;
            }
            return block.rows();
        } finally {
            accessNanos += System.nanoTime() - start;
        }
    }

    private List<Object[]> nextFrame() throws DataServiceException {
        List<Object[]> rows;
        try {
            rows = frames.nextBlock();
        } catch (BlockFrameReader.RemoteFailure e) {
            done = true;
            throw client.failure(502, "failed mid-scan: " + e.getMessage(), e);
        } catch (IOException e) {
            done = true;
            throw client.failure(0, "broken block stream: " + e.getMessage(), e);
        }
        if (rows == null) {
            done = true;
        } else {
            blocks++;
        }
        return rows;
    }

    /** Time spent in {@link #nextBlock} (waiting for the service and decoding), in nanoseconds. */
    public long accessNanos() {
        return accessNanos;
    }

    /**
     * Of {@link #accessNanos}, the time from a block's response headers to its decoded rows
     * (transfer of the body and unpacking; asynchronous scans only). For a streamed scan, the time
     * spent decoding its frames.
     */
    public long unpackingNanos() {
        return frames != null ? frames.decodeNanos() : unpackingNanos;
    }

    /** Blocks pulled so far. */
    public long blocks() {
        return blocks;
    }

    @Override
    public void close() {
        if (frames != null) {
            boolean early = !frames.ended();
            frames.close();
            try {
                syncStream.close(); // before its end this drops the connection, which stops the service's stream
            } catch (IOException ignored) {
                // the connection is dropped
            }
            if (early) {
                client.abandon(session);
            }
        } else if (syncReader != null) {
            syncReader.close();
            try {
                syncStream.close();
            } catch (IOException ignored) {
                // the connection is dropped
            }
        } else if (!done) {
            client.abandon(session);
        }
        done = true;
    }
}
