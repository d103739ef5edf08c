package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.gridstack.frontier.cache.CachePolicy;
import org.gridstack.frontier.config.FrontierProperties;
import org.gridstack.frontier.db.QueryLimitException;
import org.gridstack.frontier.db.QueryRunner;
import org.gridstack.frontier.protocol.EnvelopeWriter;
import org.gridstack.frontier.protocol.PayloadRequest;
import org.gridstack.frontier.protocol.Ttl;
import org.gridstack.frontier.protocol.zlib.ZlibEncoderKind;
import org.gridstack.frontier.protocol.zlib.ZlibEncoders;
import org.gridstack.service.admission.AddressShare;
import org.gridstack.service.work.CancelSwitch;

/**
 * The third stop of a FroNtier request: writes the answer of a {@link RequestPlan}.
 * <ol>
 *   <li>{@code If-Modified-Since} at or after the plan's last change: 304, no connection taken.</li>
 *   <li>When a payload runs a query: a place in the client address's share of the pool
 *   ({@link RequestAdmission.AdmittedRequest#claimDatabaseShare}), or 503 at once.</li>
 *   <li>Per payload: the query ({@link QueryRunner}) into its {@link PayloadEncoder}, keepalives
 *   every {@code keepalive-seconds} while it runs (a keepalive finding the client gone cancels the
 *   statement), then its {@code quality} with MD5, records and bytes; or a payload error
 *   (SQL error without PostgreSQL's context lines, time and size limits, an empty
 *   {@code ttl=forever} result, an answer over the disk it may be spooled to).</li>
 *   <li>The share is given back once the database work is done, before the answer is sent.</li>
 * </ol>
 * The body goes through a {@link ResponseOutput}, which holds it back (in memory, then in a
 * {@link SpoolArea} file) so that the status and cache headers are decided late: an error's
 * brief max-age and {@code Last-Modified} at the epoch, or the TTL's max-age and the tables' last
 * change. An error after the headers are out cannot change them: the answer is then abandoned
 * ({@link AbortedAnswerException}), so that no cache keeps it.
 *
 * <p>Thread-safe: immutable; each call works on its own request's objects.
 */
@ThreadSafe
final class AnswerWriter {
    @SuppressWarnings("ThreadSafe") // bound and validated at start-up, then only read
    private final FrontierProperties properties;
    private final QueryRunner runner;
    private final CachePolicy cachePolicy;
    private final ScheduledExecutorService timer;
    private final ZlibEncoders zlibEncoders;
    private final Executor pipelineExecutor;
    private final ByteBudget answerMemory;
    private final SpoolArea spool;
    private final GlobalErrors errors;
    private final FrontierMeters meters;

    /** The client closed the connection before anything was sent; nothing more can be sent. */
    static final class ClientGoneException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ClientGoneException(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** What the response headers depend on, decided when the body is committed. */
    private static final class ResponseState {
        boolean error;
        long maxAge;
        Instant lastModified;
    }

    /**
     * @param pipelineExecutor where the encoders' pipeline stage runs; {@code null}: on the request thread
     * @param answerMemory memory all held-back answers share ({@code frontier.response-buffer-total-bytes})
     * @param spool disk for answers over {@code frontier.response-buffer-bytes}
     */
    AnswerWriter(FrontierProperties properties, QueryRunner runner, CachePolicy cachePolicy, ScheduledExecutorService timer,
                 ZlibEncoders zlibEncoders, Executor pipelineExecutor, ByteBudget answerMemory, SpoolArea spool, GlobalErrors errors,
                 FrontierMeters meters) {
        this.properties = Objects.requireNonNull(properties, "properties is null");
        this.runner = Objects.requireNonNull(runner, "runner is null");
        this.cachePolicy = Objects.requireNonNull(cachePolicy, "cachePolicy is null");
        this.timer = Objects.requireNonNull(timer, "timer is null");
        this.zlibEncoders = Objects.requireNonNull(zlibEncoders, "zlibEncoders is null");
        this.pipelineExecutor = pipelineExecutor;
        this.answerMemory = Objects.requireNonNull(answerMemory, "answerMemory is null");
        this.spool = Objects.requireNonNull(spool, "spool is null");
        this.errors = Objects.requireNonNull(errors, "errors is null");
        this.meters = Objects.requireNonNull(meters, "meters is null");
    }

    /**
     * Answers {@code req} by {@code plan}.
     *
     * @return true when a complete answer without error was sent (it may then be recorded for invalidation)
     * @throws AbortedAnswerException the answer was abandoned after its headers were sent
     * @throws ClientGoneException the client went away before anything was sent
     */
    boolean write(HttpServletRequest req, HttpServletResponse resp, RequestAdmission.AdmittedRequest admitted, RequestPlan plan)
            throws IOException {
        ResponseState state = new ResponseState();
        state.maxAge = cachePolicy.maxAge(plan.ttl());
        state.lastModified = plan.lastModified();
        String clientCacheControl = req.getHeader("Cache-Control");
        if (plan.notModifiedSince(ifModifiedSince(req))) {
            meters.notModified();
            resp.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
            resp.setHeader("Cache-Control", cachePolicy.cacheControl(state.maxAge, clientCacheControl));
            return false;
        }
        AddressShare.Slot slot = AddressShare.NONE;
        if (plan.runsQueries()) {
            slot = admitted.claimDatabaseShare(req, resp);
            if (slot == null) {
                return false;
            }
        }
        try {
            return answer(req, resp, admitted, plan, state, clientCacheControl, slot);
        } finally {
            slot.close();
        }
    }

    private static long ifModifiedSince(HttpServletRequest req) {
        try {
            return req.getDateHeader("If-Modified-Since");
        } catch (IllegalArgumentException e) {
            return -1; // an unparseable date is ignored, as HTTP says
        }
    }

    private boolean answer(HttpServletRequest req, HttpServletResponse resp, RequestAdmission.AdmittedRequest admitted,
                           RequestPlan plan, ResponseState state, String clientCacheControl, AddressShare.Slot slot) throws IOException {
        boolean dontCacheErrors = GlobalErrors.dontCacheErrors(req);
        ResponseOutput out = new ResponseOutput(resp, r -> {
            r.setContentType(GlobalErrors.CONTENT_TYPE);
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
        }, properties.getResponseBufferBytes(), answerMemory, spool.forClient(admitted.client()),
                TimeUnit.SECONDS.toNanos(properties.getSendTimeoutSeconds()));
        try {
            EnvelopeWriter envelope = new EnvelopeWriter(out);
            envelope.begin(properties.getProtocolVersion());
            envelope.beginTransaction(plan.payloads().size());
            for (PayloadPlan payload : plan.payloads()) {
                writePayload(payload, plan.ttl(), envelope, out, state);
            }
            slot.close(); // the database work is done; sending may take long
            envelope.endTransaction();
            envelope.end();
            out.finish();
            return !state.error;
        } catch (AbortedAnswerException e) {
            meters.aborted();
            throw e;
        } catch (IOException e) {
            if (out.committed()) {
                // whatever broke the sending (client gone, send timeout seen through the pipeline):
                // a committed answer must never end as if it were complete
                meters.aborted();
                throw new AbortedAnswerException("sending failed: " + e.getMessage());
            }
            throw new ClientGoneException(e);
        } finally {
            out.release();
            meters.bytesOut(out.bytesOut());
        }
    }

    private void writePayload(PayloadPlan plan, Ttl ttl, EnvelopeWriter envelope, ResponseOutput out, ResponseState state)
            throws IOException {
        PayloadRequest p = plan.request();
        envelope.beginPayload(p.objectName(), p.version(), p.encodingText());
        if (!plan.runs()) {
            payloadError(plan, envelope, out, -1, state, plan.error());
            return;
        }
        long mark = out.mark();
        PayloadEncoder encoder = new PayloadEncoder(out, p.encoding(), zlibEncoders, pipelineExecutor);

        out.allowKeepalives();
        byte[] keepalive = EnvelopeWriter.keepalive();
        long period = properties.getKeepaliveSeconds();
        // keepalives while the query runs; after it, an answer still held back a period later is sent as it is produced
        ScheduledFuture<?> keepalives = timer.scheduleAtFixedRate(() -> out.tick(keepalive), period, period, TimeUnit.SECONDS);
        QueryRunner.Result result;
        long encodeStart = 0;
        // a keepalive that finds the client gone cancels the statement: no database work for nobody
        CancelSwitch running = new CancelSwitch();
        out.whenClientGone(running::cancel);
        try {
            long[] executedAt = new long[1];
            result = runner.run(plan.sql(), plan.binds(), encoder.rows(), () -> {
                out.queryReturned(TimeUnit.SECONDS.toNanos(period));
                executedAt[0] = System.nanoTime();
            }, running);
            encodeStart = executedAt[0];
            ZlibEncoderKind zipped = encoder.finish();
            if (zipped != null) {
                meters.zipped(zipped);
            }
        } catch (SQLException e) {
            encoder.abandon();
            payloadError(plan, envelope, out, mark, state, "SQL error: " + sqlMessage(e));
            return;
        } catch (QueryLimitException e) {
            encoder.abandon();
            payloadError(plan, envelope, out, mark, state, e.getMessage());
            return;
        } catch (IOException e) {
            encoder.abandon();
            throw e;
        } finally {
            keepalives.cancel(false);
            out.stopKeepalives();
        }
        if (encodeStart != 0) {
            meters.encoded(System.nanoTime() - encodeStart);
        }
        if (result.records() == 0 && ttl == Ttl.FOREVER) {
            // as the production servlet: an empty answer must not be cached for a year; the
            // header record already sent stays in <data>
            meters.payloadError();
            state.error = true;
            envelope.endData();
            envelope.quality(1, properties.getServerName() + " Empty result from query not allowed with ttl=forever",
                    0, encoder.md5Hex(), -1, 0);
            abortIfCommitted(out, "empty result with ttl=forever");
            return;
        }
        if (result.records() == 0 && properties.isExpireEmptyQueriesLikeErrors()) {
            state.maxAge = Math.min(state.maxAge, cachePolicy.errorMaxAge());
        }
        envelope.endData();
        envelope.quality(0, null, 0, encoder.md5Hex(), result.records(), result.bytes());
    }

    /**
     * Writes an error payload: the data is cut back when possible, else the error follows what was
     * sent. When the response is already committed (under a good answer's headers) the answer is
     * then abandoned: the error text is flushed for whoever reads it, and the body ends without its
     * end, so no cache stores it and clients retry.
     */
    private void payloadError(PayloadPlan plan, EnvelopeWriter envelope, ResponseOutput out, long mark,
                              ResponseState state, String message) throws IOException {
        meters.payloadError();
        state.error = true;
        String md5 = null;
        boolean clean = mark < 0 || out.resetTo(mark);
        if (clean && plan.hasEncoder()) {
            // as the production servlet: the encoder existed, so <data> holds an empty stream
            md5 = PayloadEncoder.writeEmpty(out, plan.request().encoding());
        }
        envelope.endData();
        envelope.quality(1, properties.getServerName() + " " + message, 0, md5, -1, 0);
        abortIfCommitted(out, message);
    }

    /** After an error: if the good answer's headers are already out, the answer must not end normally. */
    private static void abortIfCommitted(ResponseOutput out, String reason) throws AbortedAnswerException {
        if (out.committed()) {
            throw out.abort(reason);
        }
    }

    private String sqlMessage(SQLException e) {
        if ("57014".equals(e.getSQLState()) || e instanceof SQLTimeoutException) {
            return "the query ran longer than MaxDbExecuteSeconds (" + properties.getMaxDbExecuteSeconds()
                    + " s) and was cancelled; narrow it or ask the operator to raise frontier.max-db-execute-seconds";
        }
        if (e instanceof SQLTransientConnectionException) {
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
}
