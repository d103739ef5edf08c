package org.gridstack.bench.seed001;

/**
 * One design's servers for a whole run: opens a {@link DesignSite} per set and level, keeping what
 * the levels share (a database, a farm of GRISes) until {@link #close()}. Not thread-safe.
 */
public interface DesignSites extends AutoCloseable {
    Design design();

    /**
     * Sets up {@code set} with {@code x} collectors or information servers (sets 3 and 4; sets 1 and
     * 2 ignore it), {@code most} being the largest x of the run.
     */
    DesignSite open(SeedSet set, int x, int most) throws Exception;

    @Override
    void close() throws Exception;
}
