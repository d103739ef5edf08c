package org.gridstack.dqp.evaluator.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.gridstack.dqp.evaluator.operator.QueryContext;
import org.gridstack.dqp.evaluator.operator.QueryTimeoutException;
import org.junit.jupiter.api.Test;

/** {@link ExchangeInbox}: bounded, ends when every producer finished, fails with a producer's message. */
class TestExchangeInbox {
    private static final BlockSchema SCHEMA = new BlockSchema(List.of(new Column("n", ColumnType.INTEGER, false)));

    @Test
    void endsOnlyWhenEveryProducerFinishedAndSumsTheirCounters() throws Exception {
        ExchangeInbox inbox = new ExchangeInbox("x", SCHEMA, 2, 4);
        QueryContext context = new QueryContext(Duration.ofSeconds(5));
        List<Object[]> block = List.<Object[]>of(new Object[] {1});
        assertTrue(inbox.deliver(block, 1_000));
        inbox.finish(Map.of("rowsFromDataServices", 10, "exchangeBlocks", 1));
        inbox.finish(Map.of("rowsFromDataServices", 5));
        assertSame(block, inbox.take(context, "p"));
        assertNull(inbox.take(context, "p"));
        assertEquals(15, context.rowsFromDataServices.get());
        assertEquals(1, context.exchangeBlocks.get());
    }

    @Test
    void aFullInboxHoldsTheProducerBack() throws Exception {
        ExchangeInbox inbox = new ExchangeInbox("x", SCHEMA, 1, 1);
        assertTrue(inbox.deliver(List.of(), 1_000));
        assertFalse(inbox.deliver(List.of(), 150), "no room: the producer is told after its wait");
        inbox.close();
        assertFalse(inbox.deliver(List.of(), 1_000), "a closed inbox takes nothing");
        assertTrue(inbox.isClosed());
    }

    @Test
    void aProducersFailureReachesTheConsumer() throws Exception {
        ExchangeInbox inbox = new ExchangeInbox("x", SCHEMA, 1, 2);
        inbox.deliver(List.of(), 1_000);
        inbox.fail("data service http://a failed");
        IOException e = assertThrows(IOException.class, () -> inbox.take(new QueryContext(Duration.ofSeconds(5)), "p"));
        assertEquals("data service http://a failed", e.getMessage());
    }

    @Test
    void waitingEndsAtTheQueryDeadlineNamingTheProducer() {
        ExchangeInbox inbox = new ExchangeInbox("x", SCHEMA, 1, 2);
        QueryTimeoutException e = assertThrows(QueryTimeoutException.class,
                () -> inbox.take(new QueryContext(Duration.ofMillis(200)), "evaluator ev-1"));
        assertTrue(e.getMessage().contains("evaluator ev-1"), e.getMessage());
    }
}
