package org.gridstack.bench.grim;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one benchmark call at a time on a worker thread and gives up after the cutoff (the seed's
 * "did not complete"). A call past its cutoff is interrupted and abandoned together with its
 * worker; a fresh worker takes the next call (a backend that ignores interrupts may keep a core busy
 * until its own query ends, which the report notes). Not thread-safe: one caller.
 */
final class CutoffExecutor implements AutoCloseable {
    private ExecutorService worker = newWorker();
    private int abandoned;

    /** The call's value, or empty when it did not complete within {@code cutoff}. */
    <T> Optional<T> call(Callable<T> task, Duration cutoff) throws Exception {
        Future<T> f = worker.submit(task);
        try {
            return Optional.of(f.get(cutoff.toNanos(), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            f.cancel(true);
            worker.shutdownNow();
            worker = newWorker();
            abandoned++;
            return Optional.empty();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception ex) {
                throw ex;
            }
            throw e;
        }
    }

    /** Calls given up so far. */
    int abandoned() {
        return abandoned;
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "grim-bench-call");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
