package org.gridstack.rgma.client;

import com.google.errorprone.annotations.ThreadSafe;

/**
 * A secondary producer (R-GMA's archiver): the server consumes every primary producer of the
 * table (matching the predicate) continuously and republishes the tuples, with latest and
 * history queries, from its own storage. Thread-safe.
 */
@ThreadSafe
public final class SecondaryProducer extends ProducerHandle {
    public SecondaryProducer(RgmaEndpoint endpoint, ProducerOptions options) {
        super(endpoint, "secondary", options);
    }
}
