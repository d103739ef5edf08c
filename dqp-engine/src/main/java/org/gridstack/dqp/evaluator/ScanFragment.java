package org.gridstack.dqp.evaluator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.URI;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.dataservice.ScanRequest;

/**
 * A plan fragment the coordinator places on an evaluator next to the data: TABLE_SCAN of
 * {@code request} at {@code dataService} in blocks of {@code blockSize}, whose rows (of
 * {@code columns}) an EXCHANGE pushes to {@code consumer}'s inbox {@code exchangeId} in
 * {@code codec}, in blocks of at most {@code blockSize} tuples and, when {@code blockBytes} &gt; 0,
 * about {@code blockBytes} bytes. Sent as JSON. Immutable.
 */
@ThreadSafe
// columns is an unmodifiable copy (List.copyOf, below)
public record ScanFragment(String queryId, String fragmentId, URI dataService, ScanRequest request, int blockSize,
        long blockBytes, @SuppressWarnings("ThreadSafe") List<Column> columns, URI consumer, String exchangeId, String codec) {
    public ScanFragment {
        requireNonNull(queryId, "queryId is null");
        requireNonNull(fragmentId, "fragmentId is null");
        requireNonNull(dataService, "dataService is null");
        requireNonNull(request, "request is null");
        requireNonNull(consumer, "consumer is null");
        requireNonNull(exchangeId, "exchangeId is null");
        requireNonNull(codec, "codec is null");
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        if (blockSize < 1) {
            throw new IllegalArgumentException("blockSize must be at least 1, is " + blockSize);
        }
        if (blockBytes < 0) {
            throw new IllegalArgumentException("blockBytes must not be negative, is " + blockBytes);
        }
    }

    /** The columns as a block schema. */
    public BlockSchema schema() {
        return new BlockSchema(columns);
    }
}
