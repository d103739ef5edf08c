package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.dataservice.ScanRequest;
import org.gridstack.dqp.entropy.EntropyClient;
import org.gridstack.dqp.evaluator.EvaluatorClient;
import org.gridstack.dqp.evaluator.ScanFragment;
import org.gridstack.dqp.evaluator.expression.RowExpression;
import org.gridstack.dqp.evaluator.operator.ExchangeReceiveOperator;
import org.gridstack.dqp.evaluator.operator.OperationCallOperator;
import org.gridstack.dqp.evaluator.operator.Operator;
import org.gridstack.dqp.evaluator.operator.PartitionedOperationCallOperator;
import org.gridstack.dqp.evaluator.operator.QueryContext;
import org.gridstack.dqp.evaluator.operator.TableScanOperator;

/**
 * Decides where the fragments of a query run and puts the EXCHANGEs between them (the part of
 * planning Trino's {@code AddExchanges} does): a TABLE_SCAN runs as a fragment on the evaluator
 * beside its data service and reaches the coordinator through an EXCHANGE, or in the coordinator
 * when there is no {@link PlanTranslator.Placement}; an OPERATION_CALL is partitioned over the
 * evaluators (partition i on evaluator i mod n, bound to copy i mod copies) or runs as threads of the
 * coordinator. {@link PlanTranslator} decides which operators a plan needs and asks this class
 * for the placed ones. Every operator made is handed to {@code track} (closed when translation
 * fails). One per query; not thread-safe.
 */
final class FragmentPlanner {
    private final PlanTranslator.Options options;
    private final QueryContext context;
    private final UnaryOperator<Operator> track;
    private int fragments;

    FragmentPlanner(PlanTranslator.Options options, QueryContext context, UnaryOperator<Operator> track) {
        this.options = requireNonNull(options, "options is null");
        this.context = requireNonNull(context, "context is null");
        this.track = requireNonNull(track, "track is null");
    }

    /** The rows of {@code request} on {@code table}'s data service, with {@code columns}, placed. */
    Operator scan(RemoteTable table, ScanRequest request, BlockSchema columns) {
        PlanTranslator.Placement placement = options.placement();
        if (placement == null) {
            return track.apply(new TableScanOperator(table.service(), request, options.blockSize(), columns, context));
        }
        String fragmentId = placement.queryId() + "-" + (++fragments);
        ScanFragment fragment = new ScanFragment(placement.queryId(), fragmentId, table.service().base(), request,
                options.blockSize(), options.blockBytes(), columns.columns(), placement.self(), fragmentId, options.codec());
        return track.apply(new ExchangeReceiveOperator(placement.inboxes(), placement.evaluatorFor().apply(table.service().base()),
                fragment, context));
    }

    /** {@code input} with {@code calculateEntropy(argument)} appended as column {@code resultName}, placed. */
    Operator operationCall(Operator input, RowExpression argument, String resultName) {
        PlanTranslator.Placement placement = options.placement();
        if (placement == null || options.entropyCopies().isEmpty()) {
            return track.apply(new OperationCallOperator(input, argument, resultName, options.entropyCopies(),
                    options.operationCallParallelism(), context));
        }
        List<EvaluatorClient> partitions = new ArrayList<>();
        for (int p = 0; p < options.operationCallParallelism(); p++) {
            partitions.add(placement.evaluators().get(p % placement.evaluators().size()));
        }
        return track.apply(new PartitionedOperationCallOperator(input, argument, resultName, partitions,
                options.entropyCopies().stream().map(EntropyClient::base).toList(), placement.http(), placement.inboxes(),
                placement.self(), placement.queryId(), placement.queryId() + "-call" + (++fragments),
                BlockCodec.named(options.codec()), options.blockSize(), context));
    }
}
