package org.gridstack.dqp.evaluator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.URI;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import java.util.ArrayList;
import org.gridstack.dqp.block.ColumnType;

/**
 * A partition of a partitioned OPERATION_CALL placed on an evaluator: it receives tuples of
 * {@code inputColumns} through its own EXCHANGE inbox {@code inputExchangeId} (whose last column is
 * the call's argument), calls {@code calculateEntropy} on {@code entropyService} (the copy this
 * evaluator is bound to) per tuple, replaces the argument with the answer (DOUBLE, NULL for a NULL
 * argument) and EXCHANGEs the tuples to {@code consumer}'s inbox {@code outputExchangeId}. Sent as
 * JSON. Immutable.
 */
@ThreadSafe
// inputColumns is an unmodifiable copy (List.copyOf, below)
public record OperationCallFragment(String queryId, String fragmentId, String inputExchangeId,
        @SuppressWarnings("ThreadSafe") List<Column> inputColumns,
        URI entropyService, URI consumer, String outputExchangeId, String codec, int producers) {
    public OperationCallFragment {
        requireNonNull(queryId, "queryId is null");
        requireNonNull(fragmentId, "fragmentId is null");
        requireNonNull(inputExchangeId, "inputExchangeId is null");
        requireNonNull(entropyService, "entropyService is null");
        requireNonNull(consumer, "consumer is null");
        requireNonNull(outputExchangeId, "outputExchangeId is null");
        requireNonNull(codec, "codec is null");
        inputColumns = List.copyOf(requireNonNull(inputColumns, "inputColumns is null"));
        if (inputColumns.isEmpty()) {
            throw new IllegalArgumentException("an OPERATION_CALL fragment needs at least the argument column");
        }
        if (producers < 1) {
            throw new IllegalArgumentException("producers must be at least 1, is " + producers);
        }
    }

    public BlockSchema inputSchema() {
        return new BlockSchema(inputColumns);
    }

    /** The input columns with the last (the argument) replaced by the DOUBLE result. */
    public BlockSchema outputSchema(String resultName) {
        List<Column> out = new ArrayList<>(inputColumns.subList(0, inputColumns.size() - 1));
        out.add(new Column(resultName, ColumnType.DOUBLE, true));
        return new BlockSchema(out);
    }
}
