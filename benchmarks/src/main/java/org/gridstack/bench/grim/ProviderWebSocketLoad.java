package org.gridstack.bench.grim;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.Collections;

/**
 * Providers on GRIM's streaming endpoint ({@code /api/v1/updates/ws}): {@code connections}
 * persistent WebSockets, each a closed loop (send one single-attribute host update, wait for its
 * "stored" answer, send the next), as a provider per host refreshing as fast as it is allowed.
 * Counts acknowledged updates in the measuring window, their latency, and remembers the last
 * acknowledged value per host so the caller can check what the database holds.
 */
final class ProviderWebSocketLoad {
    /** What one run measured. */
    record Measurement(int connections, long acknowledged, long errors, double seconds, long[] latencyNanos, Map<String, Long> lastValues,
            List<String> errorSamples) {
        double updatesPerSecond() {
            return acknowledged / seconds;
        }
    }

    private ProviderWebSocketLoad() {
    }

    /**
     * @param hosts host keys to update; connection i updates hosts[i % n], hosts[(i + c) % n], ... so
     *              no two connections write the same host and the last value per host is known
     */
    static Measurement run(URI endpoint, String token, int connections, Duration warmup, Duration measure, List<String> hosts)
            throws InterruptedException {
        requireNonNull(endpoint, "endpoint is null");
        ExecutorService io = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "ws-load");
            t.setDaemon(true);
            return t;
        });
        HttpClient http = HttpClient.newBuilder().executor(io).connectTimeout(Duration.ofSeconds(30)).build();
        AtomicBoolean measuring = new AtomicBoolean();
        AtomicBoolean stopping = new AtomicBoolean();
        AtomicLong acked = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        long[] latencies = new long[1 << 23];
        AtomicLong latencyCount = new AtomicLong();
        Map<String, Long> lastValues = new ConcurrentHashMap<>();
        List<String> errorSamples = Collections.synchronizedList(new ArrayList<>());
        List<WebSocket> sockets = new ArrayList<>();
        List<Provider> providers = new ArrayList<>();
        int usable = Math.max(1, Math.min(connections, hosts.size()));
        for (int i = 0; i < connections; i++) {
            List<String> own = new ArrayList<>();
            for (int h = i % usable; h < hosts.size(); h += usable) {
                own.add(hosts.get(h));
            }
            if (own.isEmpty()) {
                own.add(hosts.get(i % hosts.size()));
            }
            providers.add(new Provider(own, measuring, stopping, acked, errors, latencies, latencyCount, lastValues, errorSamples));
        }
        List<CompletableFuture<WebSocket>> opening = new ArrayList<>();
        for (Provider p : providers) {
            opening.add(http.newWebSocketBuilder().header("Authorization", "Bearer " + token).buildAsync(endpoint, p));
        }
        for (CompletableFuture<WebSocket> f : opening) {
            sockets.add(f.join());
        }
        for (int i = 0; i < providers.size(); i++) {
            providers.get(i).start(sockets.get(i));
        }
        Thread.sleep(warmup.toMillis());
        long a0 = acked.get();
        long e0 = errors.get();
        long l0 = latencyCount.get();
        long t0 = System.nanoTime();
        measuring.set(true);
        Thread.sleep(measure.toMillis());
        measuring.set(false);
        long t1 = System.nanoTime();
        long a1 = acked.get();
        long e1 = errors.get();
        long l1 = Math.min(latencyCount.get(), latencies.length);
        stopping.set(true);
        // let the loops finish their outstanding request so lastValues is what was stored
        Thread.sleep(2000);
        for (WebSocket ws : sockets) {
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "done");
        }
        io.shutdown();
        io.awaitTermination(5, TimeUnit.SECONDS);
        long[] window = Arrays.copyOfRange(latencies, (int) Math.min(l0, latencies.length), (int) l1);
        return new Measurement(connections, a1 - a0, e1 - e0, (t1 - t0) / 1e9, window, Map.copyOf(lastValues), List.copyOf(errorSamples));
    }

    /** One provider: a closed loop over its own hosts. Callbacks of one WebSocket never overlap. */
    private static final class Provider implements WebSocket.Listener {
        private final List<String> hosts;
        private final AtomicBoolean measuring;
        private final AtomicBoolean stopping;
        private final AtomicLong acked;
        private final AtomicLong errors;
        private final long[] latencies;
        private final AtomicLong latencyCount;
        private final Map<String, Long> lastValues;
        private final List<String> errorSamples;
        private final StringBuilder partial = new StringBuilder();
        private WebSocket socket;
        private long sentAt;
        private long sequence;
        private String host;
        private long value;

        Provider(List<String> hosts, AtomicBoolean measuring, AtomicBoolean stopping, AtomicLong acked, AtomicLong errors, long[] latencies,
                AtomicLong latencyCount, Map<String, Long> lastValues, List<String> errorSamples) {
            this.hosts = hosts;
            this.measuring = measuring;
            this.stopping = stopping;
            this.acked = acked;
            this.errors = errors;
            this.latencies = latencies;
            this.latencyCount = latencyCount;
            this.lastValues = lastValues;
            this.errorSamples = errorSamples;
        }

        void start(WebSocket ws) {
            this.socket = ws;
            sendNext();
        }

        private void sendNext() {
            sequence++;
            host = hosts.get((int) (sequence % hosts.size()));
            value = sequence % 100_000;
            sentAt = System.nanoTime();
            socket.sendText("{\"collection\":\"host\",\"key\":\"" + host + "\",\"values\":{\"load_last_1min\":" + value + "}}", true);
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String answer = partial.toString();
                partial.setLength(0);
                long latency = System.nanoTime() - sentAt;
                if (answer.contains("\"stored\"")) {
                    lastValues.put(host, value);
                    if (measuring.get()) {
                        acked.incrementAndGet();
                        long k = latencyCount.getAndIncrement();
                        if (k < latencies.length) {
                            latencies[(int) k] = latency;
                        }
                    }
                } else {
                    errors.incrementAndGet();
                    if (errorSamples.size() < 5) {
                        errorSamples.add(answer);
                    }
                }
                if (!stopping.get()) {
                    sendNext();
                }
            }
            ws.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            errors.incrementAndGet();
            if (errorSamples.size() < 5) {
                errorSamples.add(String.valueOf(error));
            }
        }
    }
}
