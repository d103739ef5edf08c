package org.gridstack.frontier.db;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * The statement one request is running, so that another thread can cancel it: the servlet
 * cancels when it finds the client gone (a keepalive write fails) while the database still works
 * for it. A cancel that comes before the statement starts cancels it as soon as it is attached.
 * Thread-safe.
 */
public final class RunningStatement {
    private Statement statement; // guarded by this
    private boolean cancelled; // guarded by this

    /** Cancels the running statement (now, or as soon as one is attached); more than once is fine. */
    public void cancel() {
        Statement s;
        synchronized (this) {
            if (cancelled) {
                return;
            }
            cancelled = true;
            s = statement;
        }
        cancelQuietly(s);
    }

    /** Whether {@link #cancel()} was called. */
    public synchronized boolean cancelled() {
        return cancelled;
    }

    void attach(Statement s) {
        boolean cancelNow;
        synchronized (this) {
            statement = s;
            cancelNow = cancelled;
        }
        if (cancelNow) {
            cancelQuietly(s);
        }
    }

    synchronized void detach() {
        statement = null;
    }

    private static void cancelQuietly(Statement s) {
        if (s == null) {
            return;
        }
        try {
            s.cancel();
        } catch (SQLException ignored) {
            // the statement ended meanwhile, or the connection is gone: nothing left to cancel
        }
    }
}
