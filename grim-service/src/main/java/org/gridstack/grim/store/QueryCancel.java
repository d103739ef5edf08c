package org.gridstack.grim.store;

import static java.util.Objects.requireNonNull;

/**
 * The cancel switch of one running native query: the backend attaches what stops the query
 * while it runs (PostgreSQL: {@code Statement.cancel}, which asks the server to cancel it), and
 * the web layer pulls the switch when the client hangs up, so the database does no more work for
 * nobody. A cancel that comes before anything is attached stops it as soon as it is attached.
 * The same idea as FroNtier's {@code RunningStatement}, for every backend. Thread-safe.
 */
public final class QueryCancel {
    private Runnable stop; // guarded by this
    private boolean cancelled; // guarded by this

    /** Stops the query (now, or as soon as something is attached); more than once is fine. */
    public void cancel() {
        Runnable s;
        synchronized (this) {
            if (cancelled) {
                return;
            }
            cancelled = true;
            s = stop;
        }
        if (s != null) {
            s.run();
        }
    }

    /** Whether {@link #cancel()} was called. */
    public synchronized boolean cancelled() {
        return cancelled;
    }

    /** Attaches what stops the running query (it must not throw); runs it at once when already cancelled. */
    public void attach(Runnable stopAction) {
        requireNonNull(stopAction, "stopAction is null");
        boolean now;
        synchronized (this) {
            stop = stopAction;
            now = cancelled;
        }
        if (now) {
            stopAction.run();
        }
    }

    /** The query ended: nothing is left to stop. */
    public synchronized void detach() {
        stop = null;
    }
}
