package org.gridstack.rgma.producer;

import java.util.List;

/**
 * Subscribes to a continuous query over the primary producers (the consumer half of a secondary
 * producer). Implemented by the consumer service.
 */
public interface ContinuousSubscriber {
    /** Receives batches of rows with their column names; false ends the subscription. */
    interface Sink {
        boolean accept(List<String> columns, List<List<Object>> rows);
    }

    /** Starts {@code select} as a continuous query over primary producers; closing the handle stops it. */
    AutoCloseable subscribePrimaries(String select, Sink sink);
}
