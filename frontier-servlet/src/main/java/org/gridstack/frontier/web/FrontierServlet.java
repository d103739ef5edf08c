package org.gridstack.frontier.web;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.Deflater;
import org.gridstack.frontier.cache.CachePolicy;
import org.gridstack.frontier.cache.ServedUrlRegistry;
import org.gridstack.frontier.config.FrontierProperties;
import org.gridstack.frontier.db.LastModifiedSource;
import org.gridstack.frontier.db.QueryLimitException;
import org.gridstack.frontier.db.QueryRunner;
import org.gridstack.frontier.db.RunningStatement;
import org.gridstack.frontier.db.TableName;
import org.gridstack.frontier.protocol.BlobEncoding;
import org.gridstack.frontier.protocol.CommandParser;
import org.gridstack.frontier.protocol.EnvelopeWriter;
import org.gridstack.frontier.protocol.FrontierCommand;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.PayloadRequest;
import org.gridstack.frontier.protocol.PipelinedOutputStream;
import org.gridstack.frontier.protocol.RowStreamWriter;
import org.gridstack.frontier.protocol.SqlBudget;
import org.gridstack.frontier.protocol.SqlBudgetExceededException;
import org.gridstack.frontier.protocol.Ttl;
import org.gridstack.frontier.protocol.zlib.Base64LineOutputStream;
import org.gridstack.frontier.protocol.zlib.ZlibEncoderKind;
import org.gridstack.frontier.protocol.zlib.ZlibEncoders;
import org.gridstack.frontier.protocol.zlib.ZlibOutputStream;
import org.gridstack.sqlguard.CheckedQuery;
import org.gridstack.sqlguard.ReadOnlyGuard;
import org.gridstack.sqlguard.StatementRejectedException;
import org.gridstack.sqlguard.TableReference;
import org.gridstack.service.admission.AddressShare;
import org.gridstack.service.admission.ClientAddressResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The FroNtier servlet: answers {@code GET .../Frontier/type=...&encoding=...&p1=...} (or the same
 * command in the query string) with the XML envelope holding one row stream per payload.
 *
 * <p>Order of work per request, cheapest first: check the header and the grammar; answer 503
 * above {@code MaxThreads}; inflate every p1 (at most {@code frontier.max-request-sql-bytes} in
 * all, see {@link SqlBudget}) and run it through the read-only guard; answer
 * {@code If-Modified-Since} with 304 from the in-memory modification times; answer 503 above the
 * client address's share of the pool ({@link AddressShare}); only then take a connection. Answers are
 * produced into a {@link ResponseOutput}, which holds them back so that connections are released
 * before a slow client is served. Thread-safe.
 */
public final class FrontierServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(FrontierServlet.class);
    static final String CONTENT_TYPE = "text/xml;charset=US-ASCII";

    private final transient FrontierProperties properties;
    private final transient QueryRunner runner;
    private final transient LastModifiedSource lastModified;
    private final transient CachePolicy cachePolicy;
    private final transient ScheduledExecutorService timer;
    private final transient ZlibEncoders zlibEncoders;
    private final transient Executor pipelineExecutor;
    private final transient ServedUrlRegistry servedUrls;
    private static final int PIPELINE_BLOCK = 64 * 1024;
    private static final int PIPELINE_BLOCKS = 4;
    private final AtomicInteger active = new AtomicInteger();
    private final transient AnswerMemoryBudget answerMemory;
    private final transient AddressShare clientShare;
    private final transient ClientAddressResolver clientAddresses;
    private final transient Counter requests;
    private final transient Counter notModified;
    private final transient Counter overloaded;
    private final transient Counter payloadErrors;
    private final transient Counter globalErrors;
    private final transient Counter aborted;
    private final transient DistributionSummary bytesOut;
    private final transient DistributionSummary requestSql;
    private final transient Timer compressTimer;
    private final transient Timer requestTimer;
    private final transient Map<ZlibEncoderKind, Counter> zippedPayloads = new EnumMap<>(ZlibEncoderKind.class);

    public FrontierServlet(FrontierProperties properties, QueryRunner runner, LastModifiedSource lastModified,
                           CachePolicy cachePolicy, ScheduledExecutorService timer, ZlibEncoders zlibEncoders,
                           Executor pipelineExecutor, ServedUrlRegistry servedUrls,
                           MeterRegistry meters) {
        this.properties = Objects.requireNonNull(properties, "properties is null");
        this.runner = Objects.requireNonNull(runner, "runner is null");
        this.lastModified = Objects.requireNonNull(lastModified, "lastModified is null");
        this.cachePolicy = Objects.requireNonNull(cachePolicy, "cachePolicy is null");
        this.timer = Objects.requireNonNull(timer, "timer is null");
        this.zlibEncoders = Objects.requireNonNull(zlibEncoders, "zlibEncoders is null");
        this.pipelineExecutor = pipelineExecutor; // null: encode and send on the request thread
        this.servedUrls = servedUrls; // null: no automatic invalidation
        this.answerMemory = new AnswerMemoryBudget(properties.getResponseBufferTotalBytes());
        this.clientShare = AddressShare.ofCapacity(properties.getMaxActive(), properties.getClientPoolShare());
        this.clientAddresses = ClientAddressResolver.trusting(properties.getTrustedProxies());
        this.requests = Counter.builder("frontier.requests").description("Requests received").register(meters);
        this.notModified = Counter.builder("frontier.not.modified").description("Requests answered 304 before taking a connection").register(meters);
        this.overloaded = Counter.builder("frontier.overloaded").description("Requests answered 503 above MaxThreads").register(meters);
        this.payloadErrors = Counter.builder("frontier.errors").tag("kind", "payload").description("Payloads answered with an error").register(meters);
        this.globalErrors = Counter.builder("frontier.errors").tag("kind", "global").description("Requests answered with a global error").register(meters);
        this.aborted = Counter.builder("frontier.aborted").description("Answers ended without their end (connection closed) after an error found once the headers were sent").register(meters);
        this.bytesOut = DistributionSummary.builder("frontier.bytes.out").baseUnit("bytes").description("Response body bytes").register(meters);
        this.requestSql = DistributionSummary.builder("frontier.request.sql").baseUnit("bytes")
                .description("SQL bytes inflated from p1 per request (bounded by frontier.max-request-sql-bytes)").register(meters);
        this.compressTimer = Timer.builder("frontier.compress").description("Time encoding, compressing and sending row streams").register(meters);
        this.requestTimer = Timer.builder("frontier.request").description("Whole request time").register(meters);
        for (ZlibEncoderKind kind : ZlibEncoderKind.values()) {
            zippedPayloads.put(kind, Counter.builder("frontier.compression.payloads").tag("encoder", kind.displayName())
                    .description("Zipped payloads by the DEFLATE encoder that wrote them (java.util.zip writes those under "
                            + "frontier.compression-one-shot-min-bytes and past frontier.compression-one-shot-max-bytes)").register(meters));
        }
        io.micrometer.core.instrument.Gauge.builder("frontier.compression.encoder", () -> 1)
                .tag("encoder", zlibEncoders.kind().displayName())
                .description("The DEFLATE encoder of zipped answers: " + zlibEncoders.description()).register(meters);
        io.micrometer.core.instrument.Gauge.builder("frontier.answer.memory", answerMemory, AnswerMemoryBudget::used)
                .baseUnit("bytes").description("Memory held by answers produced but not yet sent").register(meters);
    }

    /** What one payload will run, or why it cannot. */
    private record PayloadPlan(PayloadRequest request, String sql, List<String> binds, List<TableName> tables, String error) {
        boolean hasEncoder() {
            return request.encoding() != null;
        }
    }

    /** What the response headers depend on, decided when the body is committed. */
    private static final class ResponseState {
        boolean error;
        long maxAge;
        Instant lastModified;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        long start = System.nanoTime();
        requests.increment();
        int now = active.incrementAndGet();
        try {
            handle(req, resp, now);
        } catch (ClientGoneException e) {
            log.debug("client went away: {}", e.getMessage());
        } catch (RuntimeException | Error e) {
            log.error("unexpected failure serving {}", req.getRequestURI(), e);
            if (!resp.isCommitted()) {
                resp.resetBuffer();
                globalError(req, resp, HttpServletResponse.SC_OK, "internal error: " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()), false);
            } else {
                // headers of a good answer are out: the body must not end as if complete
                aborted.increment();
                throw new AbortedAnswerException("internal error: " + e.getClass().getSimpleName());
            }
        } finally {
            active.decrementAndGet();
            requestTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }
    }

    private void handle(HttpServletRequest req, HttpServletResponse resp, int activeNow) throws IOException {
        if (!"GET".equals(req.getMethod())) {
            resp.setHeader("Allow", "GET");
            globalError(req, resp, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "Method " + req.getMethod() + " is not supported: FroNtier requests are GET", false);
            return;
        }
        String frontierId = req.getHeader("X-Frontier-Id");
        if (frontierId == null || frontierId.isBlank()) {
            globalError(req, resp, HttpServletResponse.SC_OK, "X-Frontier-Id header missing: every request must identify its client", false);
            return;
        }
        FrontierCommand command;
        try {
            command = CommandParser.parse(commandString(req));
        } catch (FrontierProtocolException e) {
            globalError(req, resp, HttpServletResponse.SC_OK, "Bad request: " + e.getMessage());
            return;
        }
        if (command.signed()) {
            globalError(req, resp, HttpServletResponse.SC_OK, "Signed responses (sec=sig) are not supported by this server; leave out sec=sig");
            return;
        }
        // overload first: inflating p1 and the read-only guard are the expensive part of planning
        if (activeNow > properties.getMaxThreads()) {
            overloaded.increment();
            resp.setHeader("Retry-After", "1");
            globalError(req, resp, HttpServletResponse.SC_SERVICE_UNAVAILABLE,
                    "Server busy: more than " + properties.getMaxThreads() + " requests active (MaxThreads); retry later or use another server");
            return;
        }
        SqlBudget sqlBudget = new SqlBudget(properties.getMaxRequestSqlBytes(), "frontier.max-request-sql-bytes");
        List<PayloadPlan> plans = new ArrayList<>();
        try {
            for (PayloadRequest p : command.payloads()) {
                plans.add(plan(p, plans.size() + 1, sqlBudget));
            }
        } catch (SqlBudgetExceededException e) {
            globalError(req, resp, HttpServletResponse.SC_OK, "Bad request: " + e.getMessage());
            return;
        } finally {
            requestSql.record(sqlBudget.used());
        }

        ResponseState state = new ResponseState();
        state.maxAge = cachePolicy.maxAge(command.ttl());
        state.lastModified = lastModifiedOf(plans).orElse(null);
        String clientCacheControl = req.getHeader("Cache-Control");
        if (state.lastModified != null && notModifiedSince(req, state.lastModified)) {
            notModified.increment();
            resp.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
            resp.setHeader("Cache-Control", cachePolicy.cacheControl(state.maxAge, clientCacheControl));
            return;
        }

        AddressShare.Slot slot = AddressShare.NONE;
        if (plans.stream().anyMatch(p -> p.error() == null)) {
            // keyed on the address only: X-Frontier-Id is the client's choice, and so is any
            // X-Forwarded-For not appended by a proxy listed in frontier.trusted-proxies
            slot = clientShare.tryEnter(clientAddresses.clientAddress(req));
            if (slot == null) {
                overloaded.increment();
                resp.setHeader("Retry-After", "1");
                globalError(req, resp, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "Server busy: this client address already has "
                        + clientShare.perAddress() + " queries running, its share of the database pool (frontier.client-pool-share); retry later");
                return;
            }
        }
        try {
            answer(req, resp, command, plans, state, clientCacheControl, slot);
        } finally {
            slot.close();
        }
    }

    private void answer(HttpServletRequest req, HttpServletResponse resp, FrontierCommand command, List<PayloadPlan> plans,
                        ResponseState state, String clientCacheControl, AddressShare.Slot slot) throws IOException {
        // changes to the tables seen before the query runs: one seen while it runs may purge
        // before the cache stores this answer, which is then purged again (ServedUrlRegistry.answered)
        long changesBefore = servedUrls == null ? 0 : changesSeen(plans);
        boolean dontCacheErrors = dontCacheErrors(req);
        ResponseOutput out = new ResponseOutput(resp, r -> {
            r.setContentType(CONTENT_TYPE);
            if (state.error) {
                r.setHeader("Cache-Control", dontCacheErrors ? CachePolicy.UNCACHEABLE
                        : cachePolicy.cacheControl(cachePolicy.errorMaxAge(), clientCacheControl));
                r.setDateHeader("Last-Modified", 0L);
            } else {
                r.setHeader("Cache-Control", cachePolicy.cacheControl(state.maxAge, clientCacheControl));
                if (state.lastModified != null) {
                    r.setDateHeader("Last-Modified", state.lastModified.toEpochMilli());
                }
            }
        }, properties.getResponseBufferBytes(), answerMemory, TimeUnit.SECONDS.toNanos(properties.getSendTimeoutSeconds()));
        try {
            EnvelopeWriter envelope = new EnvelopeWriter(out);
            envelope.begin(properties.getProtocolVersion());
            envelope.beginTransaction(plans.size());
            for (PayloadPlan plan : plans) {
                servePayload(plan, command.ttl(), envelope, out, state);
            }
            slot.close(); // the database work is done; sending may take long
            envelope.endTransaction();
            envelope.end();
            out.finish();
            if (servedUrls != null && !state.error) {
                remember(req, plans, changesBefore);
            }
        } catch (AbortedAnswerException e) {
            aborted.increment();
            throw e;
        } catch (IOException e) {
            if (out.committed()) {
                // whatever broke the sending (client gone, send timeout seen through the pipeline):
                // a committed answer must never end as if it were complete
                aborted.increment();
                throw new AbortedAnswerException("sending failed: " + e.getMessage());
            }
            throw new ClientGoneException(e);
        } finally {
            out.releaseMemory();
            bytesOut.record(out.bytesOut());
        }
    }

    /** The tables all payloads read, or empty when one of them is not known. */
    private static Optional<Set<TableName>> tablesOf(List<PayloadPlan> plans) {
        Set<TableName> tables = new LinkedHashSet<>();
        for (PayloadPlan p : plans) {
            if (p.tables() == null || p.tables().isEmpty()) {
                return Optional.empty();
            }
            tables.addAll(p.tables());
        }
        return Optional.of(tables);
    }

    /** Changes seen so far to the tables the payloads read (0 when they are not known: such URLs are not recorded). */
    private long changesSeen(List<PayloadPlan> plans) {
        return tablesOf(plans).flatMap(lastModified::resolve).map(servedUrls::changesSeen).orElse(0L);
    }

    /** Records the URL with the tables it read, for automatic invalidation (only when all are known). */
    private void remember(HttpServletRequest req, List<PayloadPlan> plans, long changesBefore) {
        tablesOf(plans).flatMap(lastModified::resolve).ifPresent(resolved -> {
            String target = req.getRequestURI() + (req.getQueryString() == null ? "" : "?" + req.getQueryString());
            record(target, plans, resolved);
            servedUrls.answered(target, resolved, changesBefore);
        });
    }

    /** Records a served URL: per table, or with row granularity per payload for summarising simple WHERE clauses. */
    private void record(String target, List<PayloadPlan> plans, Set<TableName> resolved) {
        if (!servedUrls.rowGranularity()) {
            servedUrls.served(target, resolved);
            return;
        }
        List<ServedUrlRegistry.Payload> payloads = new ArrayList<>(plans.size());
        for (PayloadPlan p : plans) {
            Optional<Set<TableName>> own = lastModified.resolve(p.tables());
            if (own.isEmpty()) {
                servedUrls.served(target, resolved);
                return;
            }
            payloads.add(new ServedUrlRegistry.Payload(p.sql(), p.binds(), own.get()));
        }
        servedUrls.served(target, resolved, payloads);
    }

    private PayloadPlan plan(PayloadRequest p, int index, SqlBudget sqlBudget) throws SqlBudgetExceededException {
        if (!p.isSqlRequest()) {
            return new PayloadPlan(p, null, List.of(), null, "Unsupported object " + p.objectName() + ":" + p.version()
                    + " in payload " + index + "; this server answers frontier_request:1");
        }
        if (p.encodingError() != null) {
            return new PayloadPlan(p, null, List.of(), null, p.encodingError());
        }
        String p1 = p.param("p1");
        if (p1 == null) {
            return new PayloadPlan(p, null, List.of(), null, "Payload " + index + " has no p1 parameter (the encoded SQL)");
        }
        String text;
        try {
            text = P1Codec.decode(p1, sqlBudget, index);
        } catch (SqlBudgetExceededException e) {
            throw e; // the whole request is refused, not this payload
        } catch (FrontierProtocolException e) {
            return new PayloadPlan(p, null, List.of(), null, "Bad p1 in payload " + index + ": " + e.getMessage());
        }
        // bind variables: "stmt with ? markers:value1:value2", as the production servlet splits them
        List<String> binds = new ArrayList<>();
        String sql = text;
        if (text.indexOf(':') >= 0 && text.indexOf('?') >= 0) {
            String[] parts = text.split(":", -1);
            sql = parts[0];
            binds.addAll(List.of(parts).subList(1, parts.length));
        }
        CheckedQuery checked;
        try {
            checked = ReadOnlyGuard.check(sql, runner.dialect().foldsToUpperCase()
                    ? org.gridstack.sqlguard.Dialect.ORACLE : org.gridstack.sqlguard.Dialect.POSTGRESQL, binds.size());
        } catch (StatementRejectedException e) {
            return new PayloadPlan(p, sql, binds, null, "Query rejected: " + e.getMessage());
        }
        List<TableName> tables = null;
        if (checked.tablesComplete()) {
            tables = new ArrayList<>();
            boolean upper = runner.dialect().foldsToUpperCase();
            for (TableReference t : checked.tables()) {
                tables.add(new TableName(fold(t.schema(), t.schemaQuoted(), upper), fold(t.name(), t.nameQuoted(), upper)));
            }
        }
        return new PayloadPlan(p, checked.sql(), binds, tables, null);
    }

    private static String fold(String identifier, boolean quoted, boolean upper) {
        if (identifier == null || quoted) {
            return identifier;
        }
        return upper ? identifier.toUpperCase(Locale.ROOT) : identifier.toLowerCase(Locale.ROOT);
    }

    private Optional<Instant> lastModifiedOf(List<PayloadPlan> plans) {
        Set<TableName> all = new LinkedHashSet<>();
        for (PayloadPlan p : plans) {
            if (p.error() != null || p.tables() == null || p.tables().isEmpty()) {
                return Optional.empty();
            }
            all.addAll(p.tables());
        }
        return lastModified.lastModified(all);
    }

    private static boolean notModifiedSince(HttpServletRequest req, Instant lastModified) {
        long ims;
        try {
            ims = req.getDateHeader("If-Modified-Since");
        } catch (IllegalArgumentException e) {
            return false; // an unparseable date is ignored, as HTTP says
        }
        return ims >= 0 && lastModified.getEpochSecond() <= ims / 1000;
    }

    private void servePayload(PayloadPlan plan, Ttl ttl, EnvelopeWriter envelope, ResponseOutput out, ResponseState state)
            throws IOException {
        PayloadRequest p = plan.request();
        envelope.beginPayload(p.objectName(), p.version(), p.encodingText());
        if (plan.error() != null) {
            payloadError(plan, envelope, out, -1, state, plan.error());
            return;
        }
        int mark = out.mark();
        BlobEncoding encoding = p.encoding();
        // rows -> [zlib: libdeflate in one call at the end, or java.util.zip blocks in parallel]
        // -> pipeline -> MD5 -> Base64 -> response; the pipeline runs MD5, Base64 and the socket
        // writes on another core while rows are read
        MessageDigest md5 = md5();
        Base64LineOutputStream base64 = new Base64LineOutputStream(new NonClosing(out));
        PipelinedOutputStream pipeline = new PipelinedOutputStream(new DigestOutputStream(base64, md5), pipelineExecutor,
                PIPELINE_BLOCK, PIPELINE_BLOCKS);
        ZlibOutputStream zlib = encoding.zipped() ? zlibEncoders.open(pipeline, encoding.zipLevel()) : null;
        RowStreamWriter rows = new RowStreamWriter(zlib != null ? zlib : pipeline);

        out.allowKeepalives();
        byte[] keepalive = EnvelopeWriter.keepalive();
        long period = properties.getKeepaliveSeconds();
        // keepalives while the query runs; after it, an answer still held back a period later is sent as it is produced
        ScheduledFuture<?> keepalives = timer.scheduleAtFixedRate(() -> out.tick(keepalive), period, period, TimeUnit.SECONDS);
        QueryRunner.Result result;
        long encodeStart = 0;
        // a keepalive that finds the client gone cancels the statement: no database work for nobody
        RunningStatement running = new RunningStatement();
        out.whenClientGone(running::cancel);
        try {
            long[] executedAt = new long[1];
            result = runner.run(plan.sql(), plan.binds(), rows, () -> {
                out.queryReturned(TimeUnit.SECONDS.toNanos(period));
                executedAt[0] = System.nanoTime();
            }, running);
            encodeStart = executedAt[0];
            rows.drain();
            if (zlib != null) {
                zlib.finish();
                zippedPayloads.get(zlib.encoder()).increment();
            }
            pipeline.finish();
            base64.finish();
        } catch (SQLException e) {
            abandon(zlib, pipeline, base64);
            payloadError(plan, envelope, out, mark, state, "SQL error: " + sqlMessage(e));
            return;
        } catch (QueryLimitException e) {
            abandon(zlib, pipeline, base64);
            payloadError(plan, envelope, out, mark, state, e.getMessage());
            return;
        } finally {
            keepalives.cancel(false);
            out.stopKeepalives();
        }
        if (encodeStart != 0) {
            compressTimer.record(System.nanoTime() - encodeStart, TimeUnit.NANOSECONDS);
        }
        if (result.records() == 0 && ttl == Ttl.FOREVER) {
            // as the production servlet: an empty answer must not be cached for a year; the
            // header record already sent stays in <data>
            payloadErrors.increment();
            state.error = true;
            envelope.endData();
            envelope.quality(1, properties.getServerName() + " Empty result from query not allowed with ttl=forever",
                    0, HexFormat.of().formatHex(md5.digest()), -1, 0);
            abortIfCommitted(out, "empty result with ttl=forever");
            return;
        }
        if (result.records() == 0 && properties.isExpireEmptyQueriesLikeErrors()) {
            state.maxAge = Math.min(state.maxAge, cachePolicy.errorMaxAge());
        }
        envelope.endData();
        envelope.quality(0, null, 0, HexFormat.of().formatHex(md5.digest()), result.records(), result.bytes());
    }

    /**
     * Writes an error payload: the data is cut back when possible, else the error follows what was
     * sent. When the response is already committed (under a good answer's headers) the answer is
     * then abandoned: the error text is flushed for whoever reads it, and the body ends without its
     * end, so no cache stores it and clients retry.
     */
    private void payloadError(PayloadPlan plan, EnvelopeWriter envelope, ResponseOutput out, int mark,
                              ResponseState state, String message) throws IOException {
        payloadErrors.increment();
        state.error = true;
        String md5 = null;
        boolean clean = mark < 0 || out.resetTo(mark);
        if (clean && plan.hasEncoder()) {
            // as the production servlet: the encoder existed, so <data> holds an empty stream
            byte[] empty = emptyStream(plan.request().encoding());
            Base64LineOutputStream base64 = new Base64LineOutputStream(new NonClosing(out));
            base64.write(empty);
            base64.finish();
            md5 = HexFormat.of().formatHex(md5().digest(empty));
        }
        envelope.endData();
        envelope.quality(1, properties.getServerName() + " " + message, 0, md5, -1, 0);
        abortIfCommitted(out, message);
    }

    /** After an error: if the good answer's headers are already out, the answer must not end normally. */
    private void abortIfCommitted(ResponseOutput out, String reason) throws AbortedAnswerException {
        if (out.committed()) {
            throw out.abort(reason);
        }
    }

    private static byte[] emptyStream(BlobEncoding encoding) {
        if (!encoding.zipped()) {
            return new byte[0];
        }
        Deflater d = new Deflater(encoding.zipLevel());
        try {
            d.finish();
            byte[] buf = new byte[64];
            int n = d.deflate(buf);
            return java.util.Arrays.copyOf(buf, n);
        } finally {
            d.end();
        }
    }

    /** Stops a payload's encoders; afterwards nothing more reaches the response from them. */
    private static void abandon(ZlibOutputStream zlib, PipelinedOutputStream pipeline, Base64LineOutputStream base64) {
        try {
            if (zlib != null) {
                zlib.finish();
            }
        } catch (IOException | RuntimeException ignored) {
            // the stream is being replaced by an error; its state does not matter
        }
        try {
            pipeline.finish(); // waits until the other core has written all it was given
            base64.finish();
        } catch (IOException | RuntimeException ignored) {
            // as above
        }
    }

    private String sqlMessage(SQLException e) {
        if ("57014".equals(e.getSQLState()) || e instanceof java.sql.SQLTimeoutException) {
            return "the query ran longer than MaxDbExecuteSeconds (" + properties.getMaxDbExecuteSeconds()
                    + " s) and was cancelled; narrow it or ask the operator to raise frontier.max-db-execute-seconds";
        }
        if (e instanceof java.sql.SQLTransientConnectionException) {
            return "no database connection became free within MaxDbAcquireSeconds (" + properties.getMaxDbAcquireSeconds()
                    + " s); the database is overloaded or down, retry later";
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : withoutContext(m);
    }

    /**
     * The database's message without PostgreSQL's context lines ({@code Where: ...}, which pgjdbc
     * appends last): for an error inside a server-side function they quote the function's body
     * ({@code SQL statement "..."}, {@code PL/pgSQL function ... line N}), which is the server's
     * business. The message, detail, hint and position stay.
     */
    static String withoutContext(String message) {
        int where = message.indexOf("\n  Where: ");
        return where < 0 ? message : message.substring(0, where);
    }

    private void globalError(HttpServletRequest req, HttpServletResponse resp, int status, String message) throws IOException {
        globalError(req, resp, status, message, true);
    }

    /**
     * Answers a request-level error. {@code urlDetermined}: the same URL always gets this error, so
     * caches may keep it briefly (the global-error max-age, as the production servlet); false for
     * errors that depend on something else (a header, the method, a passing failure), which must
     * not be cached: a shared cache would serve them to every client of the URL.
     */
    private void globalError(HttpServletRequest req, HttpServletResponse resp, int status, String message, boolean urlDetermined)
            throws IOException {
        globalErrors.increment();
        resp.setStatus(status);
        resp.setContentType(CONTENT_TYPE);
        resp.setHeader("Cache-Control", !urlDetermined || dontCacheErrors(req) ? CachePolicy.UNCACHEABLE
                : cachePolicy.cacheControl(cachePolicy.globalErrorMaxAge(), req.getHeader("Cache-Control")));
        byte[] body = globalErrorBody(properties.getProtocolVersion(), properties.getServerName() + " Error: " + message);
        resp.setContentLength(body.length);
        resp.getOutputStream().write(body);
    }

    /** The whole body of a request-level error. */
    static byte[] globalErrorBody(String version, String message) {
        try {
            java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream(512);
            EnvelopeWriter w = new EnvelopeWriter(b);
            w.begin(version);
            w.globalError(message);
            w.end();
            return b.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean dontCacheErrors(HttpServletRequest req) {
        var opts = req.getHeaders("X-Frontier-Opts");
        while (opts != null && opts.hasMoreElements()) {
            for (String o : opts.nextElement().split("[,\\s]+")) {
                if (o.equalsIgnoreCase("DontCacheErrors")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The command string: the query string if there is one, else the raw path after the servlet's
     * own path, with any further leading {@code /Frontier} segments removed (clients configured
     * with {@code http://host/Frontier} send {@code /Frontier/Frontier/type=...}).
     */
    static String commandString(HttpServletRequest req) {
        String query = req.getQueryString();
        if (query != null && !query.isEmpty()) {
            return query;
        }
        String uri = req.getRequestURI();
        String prefix = req.getContextPath() + req.getServletPath();
        String rest = uri.startsWith(prefix) ? uri.substring(prefix.length()) : uri;
        while (rest.equals("/Frontier") || rest.startsWith("/Frontier/")) {
            rest = rest.substring("/Frontier".length());
        }
        while (rest.startsWith("/")) {
            rest = rest.substring(1);
        }
        return rest;
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Keeps finish/close of the encoders from closing the response. */
    private static final class NonClosing extends OutputStream {
        private final OutputStream out;

        NonClosing(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() {
        }
    }

    /** The client closed the connection; nothing more can be sent. */
    private static final class ClientGoneException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ClientGoneException(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }
}
