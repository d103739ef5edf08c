package org.gridstack.hawkeye.module;

import java.time.Duration;

import org.gridstack.hawkeye.classad.ClassAd;

/**
 * A Hawkeye module (the seed's Information Collector): something that describes part of a host
 * as ClassAd attributes. The {@link ModuleRunner} calls {@link #collect()} every
 * {@link #period()}; a call must end within {@link #timeLimit()} or it is abandoned (and, for an
 * external program, killed). Implementations must be safe to call from one thread at a time.
 */
public interface Module {

    /** The module's name, unique within an agent (it names the module in stale flags and errors). */
    String name();

    /** How often to run. */
    Duration period();

    /** How long one run may take. */
    Duration timeLimit();

    /**
     * Runs once and returns the attributes it found.
     *
     * @throws ModuleException when the run produced nothing usable (the last good ad is kept, flagged stale)
     * @throws InterruptedException when the runner gave up on the run
     */
    ClassAd collect() throws ModuleException, InterruptedException;
}
