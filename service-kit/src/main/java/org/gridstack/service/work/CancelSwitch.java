package org.gridstack.service.work;

import static java.util.Objects.requireNonNull;

import java.sql.SQLException;
import java.sql.Statement;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;

/**
 * The cancel switch of one piece of running work, usually a database query: the code running it
 * attaches what stops it while it runs ({@link #attach(Runnable)}; for JDBC
 * {@link #attach(Statement)}, which asks the server to cancel the statement) and detaches it when
 * the work ends; another thread (the one that finds the client gone) pulls the switch, so the
 * database does no more work for nobody. A cancel that comes before anything is attached stops
 * the work as soon as it is attached; cancelling more than once, or after the work ended, does
 * nothing.
 *
 * <p>Thread-safe; the stop action runs on the thread that pulls the switch (or attaches after a
 * cancel), outside this object's lock, and must not throw.
 */
@ThreadSafe
public final class CancelSwitch {
    @GuardedBy("this")
    private Runnable stop;
    @GuardedBy("this")
    private boolean cancelled;

    /** Stops the work (now, or as soon as something is attached); more than once is fine. */
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

    /** Attaches what stops the running work (it must not throw); runs it at once when already cancelled. */
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

    /**
     * Attaches a running JDBC statement: a cancel calls {@link Statement#cancel()}, ignoring the
     * error of a statement that ended meanwhile or whose connection is gone.
     */
    public void attach(Statement statement) {
        requireNonNull(statement, "statement is null");
        attach(() -> {
            try {
                statement.cancel();
            } catch (SQLException ignored) {
                // the statement ended meanwhile, or the connection is gone: nothing left to cancel
            }
        });
    }

    /** The work ended: nothing is left to stop. */
    public synchronized void detach() {
        stop = null;
    }
}
