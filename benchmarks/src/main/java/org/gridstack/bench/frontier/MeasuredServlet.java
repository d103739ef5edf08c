package org.gridstack.bench.frontier;

/**
 * A FroNtier servlet one cell of the throughput benchmark measures: ours ({@link ServletProcess})
 * or a peer ({@link PeerServlet}). What the measurement needs of it: where it answers, whose CPU
 * counts as its own, and, when a cell fails, whether it died and what it printed last.
 */
interface MeasuredServlet {
    ServletAddress address();

    /** The pid whose CPU is the servlet's, or -1 when not measurable (a peer someone else runs). */
    long cpuPid();

    boolean isAlive();

    /** The last lines of its output, for error messages. */
    String logTail();
}
