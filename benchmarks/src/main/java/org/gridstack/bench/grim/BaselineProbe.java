package org.gridstack.bench.grim;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One closed-loop thread repeating the seed's baseline query ({@code nonScoped}) over HTTP while
 * something else loads the service; keeps the client-side QRTs (request sent to last byte) and the
 * service-reported QRTs. Start, then {@link #stop()} for the summary.
 */
final class BaselineProbe implements Runnable {
    record Summary(QrtSummary client, QrtSummary server, long errors) {
    }

    private final ServiceClient client;
    private final String backend;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;
    private long[] clientNanos = new long[1024];
    private long[] serverNanos = new long[1024];
    private int n;
    private long errors;

    BaselineProbe(ServiceClient client, String backend) {
        this.client = client;
        this.backend = backend;
        this.thread = new Thread(this, "grim-baseline-probe");
        thread.setDaemon(true);
    }

    BaselineProbe start() {
        thread.start();
        return this;
    }

    @Override
    public void run() {
        while (running.get()) {
            try {
                ServiceClient.Answer a = client.operation("nonScoped", backend, Map.of());
                if (a.status() != 200) {
                    errors++;
                    continue;
                }
                if (n == clientNanos.length) {
                    clientNanos = Arrays.copyOf(clientNanos, n * 2);
                    serverNanos = Arrays.copyOf(serverNanos, n * 2);
                }
                clientNanos[n] = a.clientNanos();
                serverNanos[n] = Math.round(a.body().path("qrtMillis").asDouble() * 1e6);
                n++;
            } catch (Exception e) {
                errors++;
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
            }
        }
    }

    Summary stop() throws InterruptedException {
        running.set(false);
        thread.join(120_000);
        return new Summary(QrtSummary.ofNanos(Arrays.copyOf(clientNanos, n)), QrtSummary.ofNanos(Arrays.copyOf(serverNanos, n)), errors);
    }
}
