package org.gridstack.bench.rgma;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.gridstack.bench.seed001.Design;
import org.gridstack.bench.seed001.DesignSite;
import org.gridstack.bench.seed001.DesignSites;
import org.gridstack.bench.seed001.QueryShape;
import org.gridstack.bench.seed001.SeedSet;
import org.gridstack.bench.seed001.Target;
import org.gridstack.rgma.client.PrimaryProducer;
import org.gridstack.rgma.client.ProducerOptions;
import org.gridstack.rgma.client.SecondaryProducer;

/**
 * R-GMA's side of the three-design seed 001 run, on one R-GMA server in this JVM over embedded
 * PostgreSQL with pooled producer connections ({@link RgmaSite}; rgma-seed001 has the per-query
 * connection A/B): set 1 ten latest producers handed to the consumers; set 2 sixty producers, every
 * query mediated by the registry; set 3 N producers handed to the consumers; set 4 an archiver fed
 * by N stream producers publishing once a second, asked for its latest rows. The whole query is
 * {@code SELECT *}, the two-attribute one {@code SELECT host, load1}. Every answer's row count is
 * checked. Not thread-safe.
 */
public final class Seed001RgmaSites implements DesignSites {
    /** Set 2: seed 001's 10 producers on each of 6 hosts. */
    static final int REGISTERED_PRODUCERS = 60;
    /** A user's answer later than this is an error (our R-GMA stalled at 600 users in one run). */
    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);

    private final RgmaSite site = new RgmaSite("pooled");
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private int opened;

    @Override
    public Design design() {
        return Design.RGMA;
    }

    @Override
    public DesignSite open(SeedSet set, int x, int most) throws Exception {
        String prefix = "s" + set.number() + "x" + x + "n" + opened++ + "-";
        return switch (set) {
            case INFORMATION_SERVER_USERS -> new Site(site.addProducers(10, prefix), 10, null, null);
            case DIRECTORY_USERS -> {
                site.addProducers(REGISTERED_PRODUCERS, prefix);
                yield new Site(null, REGISTERED_PRODUCERS, null, null);
            }
            case INFORMATION_SERVER_COLLECTORS -> new Site(site.addProducers(x, prefix), x, null, null);
            case AGGREGATE_SERVERS -> streams(x, prefix);
        };
    }

    private Site streams(int n, String prefix) throws Exception {
        SecondaryProducer archiver = site.archiver();
        ScheduledExecutorService publishers = Executors.newScheduledThreadPool(4, r -> {
            Thread t = new Thread(r, "seed001-stream-producers");
            t.setDaemon(true);
            return t;
        });
        List<PrimaryProducer> streams = new ArrayList<>();
        Site s = new Site(null, n, archiver, publishers);
        s.streams = streams;
        try {
            for (int i = 0; i < n; i++) {
                PrimaryProducer p = new PrimaryProducer(site.endpoint, ProducerOptions.of("cpuload").withTerminationInterval(3600));
                streams.add(p);
                String host = prefix + i;
                publishers.scheduleAtFixedRate(() -> RgmaSite.publish(p, host), 0, 1, TimeUnit.SECONDS);
            }
            s.where = " WHERE host LIKE '" + prefix + "%'";
            String path = s.path("*");
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (RgmaSeed001Benchmark.rowCount(http, site, path, ANSWER_TIMEOUT) < n) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the archiver did not receive all " + n + " stream producers in 120 s");
                }
                Thread.sleep(200);
            }
            return s;
        } catch (Exception | Error e) {
            s.close();
            throw e;
        }
    }

    /** Producers (or an archiver and its streams) ready for consumers; closing closes them. */
    private final class Site implements DesignSite {
        private final List<Long> handed;
        private final int rows;
        private final SecondaryProducer archiver;
        private final ScheduledExecutorService publishers;
        private List<PrimaryProducer> streams = List.of();
        private String where = "";

        Site(List<Long> handed, int rows, SecondaryProducer archiver, ScheduledExecutorService publishers) {
            this.handed = handed;
            this.rows = rows;
            this.archiver = archiver;
            this.publishers = publishers;
        }

        String path(String columns) {
            String select = RgmaSeed001Benchmark.enc("SELECT " + columns + " FROM cpuload" + where);
            if (archiver != null) {
                return "/rgma/consumer/query?type=latest&producer=" + archiver.id() + "&select=" + select;
            }
            String producers = handed == null ? "" : handed.stream().map(id -> "&producer=" + id).collect(Collectors.joining());
            return "/rgma/consumer/query?type=latest&select=" + select + producers;
        }

        @Override
        public Optional<Target> target(QueryShape shape) throws Exception {
            String columns = switch (shape) {
                case WHOLE -> "*";
                case TWO_ATTRIBUTES -> "host, load1";
                case ONE_PERCENT_TWO_ATTRIBUTES -> null;
            };
            if (columns == null) {
                return Optional.empty();
            }
            String path = path(columns);
            URI uri = URI.create(site.endpoint.base() + path);
            HttpResponse<String> once = http.send(HttpRequest.newBuilder(uri).timeout(ANSWER_TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (once.statusCode() != 200) {
                throw new IllegalStateException("HTTP " + once.statusCode() + " from " + uri + ": " + once.body());
            }
            int got = RgmaSeed001Benchmark.rowCount(http, site, path, ANSWER_TIMEOUT);
            if (got != rows) {
                throw new IllegalStateException("expected " + rows + " rows from " + uri + ", got " + got);
            }
            return Optional.of(new Target(index -> tally -> {
                int n = RgmaSeed001Benchmark.rowCount(http, site, path, ANSWER_TIMEOUT);
                if (n != rows) {
                    throw new IllegalStateException("expected " + rows + " rows from " + uri + ", got " + n);
                }
                tally.add(0, n);
            }, rows, once.body().length()));
        }

        @Override
        public Map<String, long[]> steps() {
            return site.steps();
        }

        @Override
        public void close() {
            if (publishers != null) {
                publishers.shutdownNow();
            }
            for (PrimaryProducer p : streams) {
                p.close();
            }
            if (archiver != null) {
                archiver.close();
            }
            site.closeProducers();
        }
    }

    @Override
    public void close() {
        site.close();
    }
}
