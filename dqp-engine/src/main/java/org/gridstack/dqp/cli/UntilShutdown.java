package org.gridstack.dqp.cli;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Keeps a command's services running until the JVM is asked to stop (Ctrl-C, SIGTERM), then closes
 * them in reverse order. Thread-safe.
 */
@ThreadSafe
final class UntilShutdown {
    @SuppressWarnings("ThreadSafe") // a synchronized list (Collections.synchronizedList), copied through its synchronized toArray
    private final List<AutoCloseable> resources = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch stopped = new CountDownLatch(1);

    UntilShutdown() {
        Runtime.getRuntime().addShutdownHook(new Thread(this::closeAll, "dqp-shutdown"));
    }

    /** Closes {@code resource} at shutdown (after those added later). */
    <T extends AutoCloseable> T add(T resource) {
        resources.add(requireNonNull(resource, "resource is null"));
        return resource;
    }

    /** Blocks until shutdown; returns the exit code 0. */
    int await() throws InterruptedException {
        stopped.await();
        return 0;
    }

    private void closeAll() {
        List<AutoCloseable> copy = new ArrayList<>(resources);
        Collections.reverse(copy);
        for (AutoCloseable c : copy) {
            try {
                c.close();
            } catch (Exception e) {
                System.err.println("stopping " + c + " failed: " + e);
            }
        }
        stopped.countDown();
    }
}
