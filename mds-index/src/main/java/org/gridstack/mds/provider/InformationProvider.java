package org.gridstack.mds.provider;

/**
 * A source of directory entries: MDS2's information provider, the BDII's provider script or
 * static LDIF file, or a Java class that describes something in-process. One call to
 * {@link #collect()} is one run; callers (the cache) decide how often to run it and how long to
 * wait for it. Implementations know nothing of LDAP servers, so R-GMA- or Hawkeye-style
 * front-ends can reuse them.
 *
 * <p>Implementations must allow concurrent calls to {@link #collect()} (the cache may run one
 * provider for several uncached searches at once) and should honour interruption.
 */
public interface InformationProvider {

    /** Name, cachetime, timelimit and sizelimit. */
    ProviderSettings settings();

    /**
     * Runs the provider once. Broken records are skipped and reported in the output's
     * problems; a run that produced nothing usable throws.
     *
     * @throws ProviderException when the run failed as a whole (cannot start, killed at its timelimit)
     * @throws InterruptedException when the calling thread was interrupted
     */
    ProviderOutput collect() throws ProviderException, InterruptedException;
}
