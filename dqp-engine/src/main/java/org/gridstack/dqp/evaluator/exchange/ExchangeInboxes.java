package org.gridstack.dqp.evaluator.exchange;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import org.gridstack.dqp.block.BlockSchema;

/** The open EXCHANGE inboxes of one process, by id. Thread-safe. */
@ThreadSafe
public final class ExchangeInboxes {
    /** Blocks an inbox buffers before its producers must wait. */
    public static final int DEFAULT_CAPACITY_BLOCKS = 8;
    private final ConcurrentMap<String, ExchangeInbox> inboxes = new ConcurrentHashMap<>();

    /** Opens an inbox for {@code producers} producers of rows of {@code schema}. */
    public ExchangeInbox open(String id, BlockSchema schema, int producers) {
        ExchangeInbox inbox = new ExchangeInbox(id, schema, producers, DEFAULT_CAPACITY_BLOCKS);
        if (inboxes.putIfAbsent(id, inbox) != null) {
            throw new IllegalStateException("exchange " + id + " is already open");
        }
        return inbox;
    }

    public Optional<ExchangeInbox> get(String id) {
        return Optional.ofNullable(inboxes.get(id));
    }

    /** Closes and forgets inbox {@code id}. */
    public void close(String id) {
        ExchangeInbox inbox = inboxes.remove(id);
        if (inbox != null) {
            inbox.close();
        }
    }

    public int size() {
        return inboxes.size();
    }
}
