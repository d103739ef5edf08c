package org.gridstack.bench.seed001;

import java.util.Map;
import java.util.Optional;

/**
 * One design set up for one set and level of seed 001 (e.g. a GRIS with 30 IPs, a registry with 60
 * producers, a manager holding 600 agents' ads), ready for users. Closing stops what it started.
 * Not thread-safe apart from the clients its targets make.
 */
public interface DesignSite extends AutoCloseable {
    /** The users' query of this shape, or empty when the design does not ask it in this set. */
    Optional<Target> target(QueryShape shape) throws Exception;

    /** The design's step timers now: step name to {total nanoseconds, count}. */
    Map<String, long[]> steps();

    @Override
    void close() throws Exception;
}
