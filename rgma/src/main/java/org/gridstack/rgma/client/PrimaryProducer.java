package org.gridstack.rgma.client;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.http.HttpRequest;

/**
 * A primary producer: declare it, then publish tuples with {@code INSERT} statements. Only this
 * object (holding the producer's token) can insert into it. Thread-safe.
 */
@ThreadSafe
public final class PrimaryProducer extends ProducerHandle {
    public PrimaryProducer(RgmaEndpoint endpoint, ProducerOptions options) {
        super(endpoint, "primary", options);
    }

    /** Publishes the tuples of {@code insert} ({@code INSERT INTO t (...) VALUES (...), ...}); returns how many. */
    public int insert(String insert) {
        return endpoint.send(authorised("/insert").header("Content-Type", "text/plain; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(insert)).build()).get("inserted").asInt();
    }
}
