package org.gridstack.client.frontier;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridstack.frontier.protocol.http.HttpResponseReader;
import org.gridstack.frontier.protocol.AnswerDecoder;
import org.gridstack.frontier.protocol.AnswerDecoderSettings;
import org.gridstack.frontier.protocol.BlobEncoding;
import org.gridstack.frontier.protocol.DecodedAnswer;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.Ttl;
import org.gridstack.frontier.protocol.zlib.Libdeflate;

/**
 * A FroNtier client with the C client's fail-over: servers and proxies from a
 * {@link FrontierClientConfig}, every answer checked (HTTP status, global_error, md5, zlib,
 * full_size, record count) before any row is returned, and on a bad answer a soft refresh, then a
 * hard refresh on the same proxy/server, then the next proxy, then the next server. It speaks to
 * this project's servlet and to the production FroNtier servlet alike. Answers are decoded while
 * they arrive (Base64, MD5, zlib in one pass) over kept-alive connections (unless
 * {@code persistentconnections=no}). Zipped answers are inflated by libdeflate when it loads (see
 * {@link FrontierClientConfig#libdeflateInflate()}), else by the JDK's zlib; {@link #inflater()}
 * says which. Thread-safe; {@link #close()} releases the idle connections.
 */
@ThreadSafe
public final class FrontierClient implements AutoCloseable {
    private static final Pattern TABLE_REFERENCE = Pattern.compile("\\b(?:from|join)\\s+([A-Za-z_][\\w$]*(?:\\.[A-Za-z_][\\w$]*)?)",
            Pattern.CASE_INSENSITIVE);

    private final FrontierClientConfig config;
    private final HttpGet http;
    // unmodifiable lists (the config's List.copyOf, or a rotated List.copyOf)
    @SuppressWarnings("ThreadSafe")
    private final List<URI> proxies;
    @SuppressWarnings("ThreadSafe")
    private final List<URI> servers;
    private final Libdeflate libdeflate; // null: java.util.zip inflates
    private final String inflater;

    public FrontierClient(FrontierClientConfig config) {
        this(config, new Random());
    }

    /** With the random source that picks where load balancing starts (tests). */
    FrontierClient(FrontierClientConfig config, Random random) {
        this.config = Objects.requireNonNull(config, "config is null");
        Objects.requireNonNull(random, "random is null");
        this.http = new HttpGet(config.connectTimeout(), config.readTimeout(), config.persistentConnections());
        this.proxies = config.balanceProxies() ? rotated(config.proxies(), random) : config.proxies();
        this.servers = config.balanceServers() ? rotated(config.servers(), random) : config.servers();
        if (config.libdeflateInflate()) {
            SharedLibdeflate shared = SharedLibdeflate.get();
            this.libdeflate = shared.library().orElse(null);
            this.inflater = shared.description();
        } else {
            this.libdeflate = null;
            this.inflater = "java.util.zip (libdeflateinflate=no)";
        }
    }

    /** What inflates zipped answers: libdeflate and where it was loaded from, or java.util.zip and why. */
    public String inflater() {
        return inflater;
    }

    /** The list from a random element on, wrapping around: the C client's loadbalance. */
    private static List<URI> rotated(List<URI> list, Random random) {
        if (list.size() < 2) {
            return list;
        }
        List<URI> r = new ArrayList<>(list);
        Collections.rotate(r, -random.nextInt(list.size()));
        return List.copyOf(r);
    }

    /**
     * One server, no proxy.
     *
     * @param server the server URL as FroNtier clients are configured with it, e.g.
     *     {@code http://host:8000/Frontier} (requests go to {@code <server>/Frontier/type=...})
     * @param zipLevel retrieve zip level 0..9 (0 = plain BLOB), 5 in the C client
     */
    public FrontierClient(URI server, int zipLevel) {
        this(FrontierClientConfig.builder().server(Objects.requireNonNull(server, "server is null")).zipLevel(zipLevel).build());
    }

    public FrontierClientConfig config() {
        return config;
    }

    /** The request URL for a query to the first server, in the slash form Squid caches. */
    public URI url(String sql, Ttl ttl) {
        return url(config.servers().get(0), sql, ttl);
    }

    /** The request URL for a query to a server: byte-identical to the C client's for the same SQL. */
    public URI url(URI server, String sql, Ttl ttl) {
        return url(server, List.of(Objects.requireNonNull(sql, "sql is null")), ttl);
    }

    /** The request URL for several queries in one request (one payload each, in order). */
    public URI url(URI server, List<String> sqls, Ttl ttl) {
        Objects.requireNonNull(server, "server is null");
        Objects.requireNonNull(ttl, "ttl is null");
        StringBuilder u = new StringBuilder(server.toString().replaceAll("/+$", "")).append("/Frontier/");
        String encoding = BlobEncoding.forClientZipLevel(config.zipLevel());
        for (int i = 0; i < sqls.size(); i++) {
            u.append(i == 0 ? "" : "&").append("type=frontier_request:1:DEFAULT&encoding=").append(encoding)
                    .append("&p1=").append(P1Codec.encode(Objects.requireNonNull(sqls.get(i), "sql is null")));
        }
        return URI.create(u.append(ttl == Ttl.LONG ? "" : "&ttl=" + ttl.urlValue()).toString());
    }

    /** Runs a query with the default TTL (long) and no refresh beyond what the configuration asks. */
    public FrontierResult query(String sql) throws FrontierException {
        return query(sql, QueryOptions.DEFAULT);
    }

    /**
     * Runs a query. Never returns rows from an answer that failed a check.
     *
     * @throws FrontierException when the server reports an SQL error (after a hard refresh proved
     *     it is not an old cached error) or when every proxy/server combination failed; the
     *     message names every attempt
     */
    public FrontierResult query(String sql, QueryOptions options) throws FrontierException {
        return queryAll(List.of(Objects.requireNonNull(sql, "sql is null")), options).get(0);
    }

    /**
     * Runs several queries in one request (one URL, one payload per query, as the C client's
     * multi-payload requests do), so one cache entry holds them all. The answers come back in
     * order; the whole answer is checked, refreshed and failed over as one.
     *
     * @throws FrontierException as {@link #query(String, QueryOptions)}; an SQL error in any
     *     payload fails the request
     */
    public List<FrontierResult> queryAll(List<String> sqls, QueryOptions options) throws FrontierException {
        Objects.requireNonNull(sqls, "sqls is null");
        Objects.requireNonNull(options, "options is null");
        if (sqls.isEmpty()) {
            throw new IllegalArgumentException("no query given");
        }
        List<String> queries = List.copyOf(sqls);
        long started = System.nanoTime();
        RefreshPolicy start = startingRefresh(queries, options);
        List<Attempt> attempts = new ArrayList<>();
        routes:
        for (Route route : routes()) {
            RefreshPolicy refresh = start;
            while (refresh != null) {
                Answer answer = attempt(route, queries, options.ttl(), refresh, started, attempts.size() + 1);
                attempts.add(answer.attempt());
                Attempt.Outcome outcome = answer.attempt().outcome();
                if (outcome == Attempt.Outcome.OK) {
                    return answer.results();
                }
                if (outcome == Attempt.Outcome.UNREACHABLE) {
                    continue routes; // refreshing cannot help a peer that does not answer
                }
                if (outcome == Attempt.Outcome.SQL_ERROR && refresh == RefreshPolicy.HARD) {
                    // a hard refresh reached the server itself: the error is real, not an old cached one
                    throw new FrontierException("the server could not run the query: " + answer.attempt().detail()
                            + "; attempts: " + describe(attempts), attempts, null);
                }
                refresh = refresh.stronger();
            }
        }
        throw new FrontierException("no usable answer after " + attempts.size() + " attempts: " + describe(attempts), attempts, null);
    }

    private static String describe(List<Attempt> attempts) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < attempts.size(); i++) {
            s.append(i == 0 ? "" : "; ").append('[').append(i + 1).append("] ").append(attempts.get(i));
        }
        return s.toString();
    }

    /** The query's own refresh, raised by forcereload for its TTL and by the table map. */
    private RefreshPolicy startingRefresh(List<String> sqls, QueryOptions options) {
        RefreshPolicy p = options.refresh().max(config.forceReload().policyFor(options.ttl()));
        if (!config.tableRefresh().isEmpty()) {
            for (String sql : sqls) {
                Matcher m = TABLE_REFERENCE.matcher(sql);
                while (m.find()) {
                    p = p.max(config.refreshPolicyFor(m.group(1)));
                }
            }
        }
        return p;
    }

    /** A proxy (null = direct) and a server. */
    private record Route(URI proxy, URI server) {
    }

    /**
     * Servers in order, each through every proxy in order; then, unless disabled, each server
     * directly. With load balancing the lists start at this client's random element.
     */
    private List<Route> routes() {
        List<Route> routes = new ArrayList<>();
        for (URI server : servers) {
            for (URI proxy : proxies) {
                routes.add(new Route(proxy, server));
            }
        }
        if (proxies.isEmpty() || config.failoverToServer()) {
            for (URI server : servers) {
                routes.add(new Route(null, server));
            }
        }
        return routes;
    }

    private record Answer(Attempt attempt, List<FrontierResult> results) {
    }

    private Answer attempt(Route route, List<String> sqls, Ttl ttl, RefreshPolicy refresh, long started, int attemptNumber) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Frontier-Id", config.frontierId());
        headers.put("Cache-Control", refresh.cacheControl());
        HttpGet.Exchange<DecodedAnswer> exchange;
        try {
            exchange = http.get(url(route.server(), sqls, ttl), route.proxy(), headers, this::decode);
        } catch (HttpConnection.UnreachableException e) {
            return failed(route, refresh, Attempt.Outcome.UNREACHABLE, e.getMessage());
        } catch (IOException | FrontierProtocolException e) {
            return failed(route, refresh, Attempt.Outcome.BAD_ANSWER, e.getMessage());
        }
        HttpResponseReader.Head head = exchange.head();
        DecodedAnswer answer = exchange.value();
        if (answer.globalError() != null) {
            return failed(route, refresh, Attempt.Outcome.BAD_ANSWER, "global_error: " + answer.globalError() + " (HTTP " + head.status() + ")");
        }
        if (head.status() != 200) {
            return failed(route, refresh, Attempt.Outcome.BAD_ANSWER, "HTTP " + head.status() + " instead of 200");
        }
        if (answer.payloads().size() != sqls.size()) {
            return failed(route, refresh, Attempt.Outcome.BAD_ANSWER, answer.payloads().size() + " payloads to " + sqls.size()
                    + (sqls.size() == 1 ? " query" : " queries"));
        }
        for (int i = 0; i < sqls.size(); i++) {
            DecodedPayload p = answer.payloads().get(i);
            if (p.error() != 0) {
                return failed(route, refresh, Attempt.Outcome.SQL_ERROR, (sqls.size() == 1 ? "" : "query " + (i + 1) + ": ") + p.message());
            }
        }
        Long age = parseAge(head.header("Age"));
        List<FrontierResult> results = new ArrayList<>(sqls.size());
        for (int i = 0; i < sqls.size(); i++) {
            DecodedPayload p = answer.payloads().get(i);
            String which = sqls.size() == 1 ? "" : " (query " + (i + 1) + ")";
            if (p.dataError() != null) {
                return failed(route, refresh, Attempt.Outcome.BAD_ANSWER, "corrupt payload" + which + ": " + p.dataError());
            }
            RowIndex rows;
            try {
                rows = RowIndex.build(p.rowStreamBuffer(), p.rowStreamLength());
            } catch (FrontierProtocolException e) {
                return failed(route, refresh, Attempt.Outcome.BAD_ANSWER, "corrupt payload" + which + ": " + e.getMessage());
            }
            if (p.records() >= 0 && rows.rowCount() != p.records()) {
                return failed(route, refresh, Attempt.Outcome.BAD_ANSWER, "records=" + p.records() + " but " + rows.rowCount() + " rows arrived" + which);
            }
            if (p.maxAge() > 0 && age != null && age > p.maxAge() && refresh != RefreshPolicy.HARD) {
                // the payload asked to be refetched after max_age seconds and the cache kept it longer
                return failed(route, refresh, Attempt.Outcome.STALE, "max_age " + p.maxAge() + " s expired (Age " + age + " s)" + which);
            }
            FrontierResult.Origin origin = new FrontierResult.Origin(route.server(), route.proxy(), head.header("X-Cache"), age,
                    attemptNumber, answer.bodyBytes(), Duration.ofNanos(System.nanoTime() - started));
            results.add(new FrontierResult(rows, p.fullSize(), origin));
        }
        return new Answer(new Attempt(route.proxy(), route.server(), refresh, Attempt.Outcome.OK, ""), List.copyOf(results));
    }

    /**
     * Decodes a body while it arrives, with a decoder of its own (so the row stream arrays are
     * this answer's to keep); a broken one is reported with the HTTP status it came with.
     */
    private DecodedAnswer decode(HttpResponseReader.Head head, InputStream body) throws IOException, FrontierProtocolException {
        long length = -1;
        String cl = head.header("content-length");
        if (cl != null) {
            try {
                length = Long.parseLong(cl.trim());
            } catch (NumberFormatException ignored) {
                // the framing code reports a bad Content-Length
            }
        }
        try (AnswerDecoder decoder = new AnswerDecoder(AnswerDecoderSettings.defaults(), libdeflate)) {
            return decoder.decode(body, length);
        } catch (FrontierProtocolException e) {
            throw new FrontierProtocolException("broken answer: " + e.getMessage() + " (HTTP " + head.status() + ")", e);
        }
    }

    private static Long parseAge(String age) {
        if (age == null) {
            return null;
        }
        try {
            return Long.parseLong(age.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Answer failed(Route route, RefreshPolicy refresh, Attempt.Outcome outcome, String detail) {
        return new Answer(new Attempt(route.proxy(), route.server(), refresh, outcome, detail == null ? "" : detail), null);
    }

    /**
     * Closes the idle connections this client keeps for reuse. The client stays usable (later
     * queries open connections again); call it when the client is no longer needed.
     */
    @Override
    public void close() {
        http.close(); // the libdeflate binding is the process's (SharedLibdeflate), not closed here
    }

    /** Idle keep-alive connections held now (for tests and diagnostics). */
    int idleConnections() {
        return http.idleConnections();
    }

    @Override
    public String toString() {
        return "FrontierClient" + config;
    }
}
