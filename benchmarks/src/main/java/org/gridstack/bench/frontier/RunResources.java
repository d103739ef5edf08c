package org.gridstack.bench.frontier;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.gridstack.bench.kit.HostMonitor;

/**
 * The processes a run starts (PostgreSQL, the servlet, a peer servlet) and its host monitor, stopped exactly once: by {@link #close()}
 * on the normal and the failure path, or by a shutdown hook when the JVM is ended (Ctrl-C, Maven
 * killed), so neither is left running. Thread-safe.
 */
final class RunResources implements AutoCloseable {
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicReference<BenchmarkDatabase> database = new AtomicReference<>();
    private final AtomicReference<ServletProcess> servlet = new AtomicReference<>();
    private final AtomicReference<PeerServlet> peer = new AtomicReference<>();
    private final AtomicReference<HostMonitor> monitor = new AtomicReference<>();
    private final Thread hook = new Thread(this::stopAll, "bench-cleanup");

    RunResources() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    BenchmarkDatabase database(BenchmarkDatabase db) {
        database.set(db);
        if (stopping.get()) {
            stopAll(); // the hook ran while PostgreSQL was starting
        }
        return db;
    }

    ServletProcess servlet(ServletProcess s) {
        servlet.set(s);
        if (stopping.get()) {
            stopAll();
        }
        return s;
    }

    PeerServlet peer(PeerServlet p) {
        peer.set(p);
        if (stopping.get()) {
            stopAll();
        }
        return p;
    }

    HostMonitor monitor(HostMonitor m) {
        monitor.set(m);
        if (stopping.get()) {
            stopAll();
        }
        return m;
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to; it finds nothing left to stop
        }
    }

    private void stopAll() {
        stopping.set(true);
        HostMonitor m = monitor.getAndSet(null);
        if (m != null) {
            m.stop();
        }
        ServletProcess s = servlet.getAndSet(null);
        if (s != null) {
            s.close(); // first: it holds connections to the database
        }
        PeerServlet p = peer.getAndSet(null);
        if (p != null) {
            p.close();
        }
        BenchmarkDatabase db = database.getAndSet(null);
        if (db != null) {
            try {
                db.close();
            } catch (Exception e) {
                System.err.println("[bench] stopping PostgreSQL failed: " + e);
            }
        }
    }
}
