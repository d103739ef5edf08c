package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import org.gridstack.frontier.protocol.SqlBudgetExceededException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The FroNtier servlet: answers {@code GET .../Frontier/type=...&encoding=...&p1=...} (or the same
 * command in the query string) with the XML envelope holding one row stream per payload.
 *
 * <p>It only orchestrates; each request runs, cheapest work first, through
 * <ol>
 *   <li>{@link RequestAdmission}: method, {@code X-Frontier-Id}, grammar, {@code MaxThreads};</li>
 *   <li>{@link PayloadPlanner}: every {@code p1} inflated within the request's SQL budget and
 *   through the read-only guard, the tables read and their last change, from memory;</li>
 *   <li>{@link AnswerWriter}: 304, the client address's share of the pool, the queries through
 *   the encoder chain into a held-back body, payload errors, headers decided late;</li>
 *   <li>{@link InvalidationRecorder}: a complete answer without error is recorded for automatic
 *   invalidation (when caches are registered);</li>
 * </ol>
 * each entered once. Unexpected failures are answered here: a global error before the headers are
 * out, an abandoned answer ({@link AbortedAnswerException}) after. Thread-safe.
 */
@ThreadSafe
// HttpServlet's own fields (a lock object, a cached Allow header) are the container's, which uses
// them thread-safely (the Servlet contract for a shared servlet instance); this class's own fields
// are all final and of @ThreadSafe types
@SuppressWarnings("ThreadSafe")
public final class FrontierServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(FrontierServlet.class);

    private final transient RequestAdmission admission;
    private final transient PayloadPlanner planner;
    private final transient AnswerWriter writer;
    private final transient InvalidationRecorder recorder;
    private final transient GlobalErrors errors;
    private final transient FrontierMeters meters;
    private final AtomicInteger active = new AtomicInteger();

    /**
     * @param recorder {@code null}: no automatic invalidation
     */
    FrontierServlet(RequestAdmission admission, PayloadPlanner planner, AnswerWriter writer, InvalidationRecorder recorder,
                    GlobalErrors errors, FrontierMeters meters) {
        this.admission = Objects.requireNonNull(admission, "admission is null");
        this.planner = Objects.requireNonNull(planner, "planner is null");
        this.writer = Objects.requireNonNull(writer, "writer is null");
        this.recorder = recorder;
        this.errors = Objects.requireNonNull(errors, "errors is null");
        this.meters = Objects.requireNonNull(meters, "meters is null");
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        long start = System.nanoTime();
        meters.requestReceived();
        int now = active.incrementAndGet();
        try {
            handle(req, resp, now);
        } catch (AnswerWriter.ClientGoneException e) {
            log.debug("client went away: {}", e.getMessage());
        } catch (RuntimeException | Error e) {
            log.error("unexpected failure serving {}", req.getRequestURI(), e);
            if (!resp.isCommitted()) {
                resp.resetBuffer();
                errors.send(req, resp, HttpServletResponse.SC_OK, "internal error: " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()), false);
            } else {
                // headers of a good answer are out: the body must not end as if complete
                meters.aborted();
                throw new AbortedAnswerException("internal error: " + e.getClass().getSimpleName());
            }
        } finally {
            active.decrementAndGet();
            meters.requestEnded(System.nanoTime() - start);
        }
    }

    private void handle(HttpServletRequest req, HttpServletResponse resp, int activeNow) throws IOException {
        RequestAdmission.AdmittedRequest admitted = admission.admit(req, resp, activeNow);
        if (admitted == null) {
            return;
        }
        RequestPlan plan;
        try {
            plan = planner.plan(admitted.command());
        } catch (SqlBudgetExceededException e) {
            errors.send(req, resp, HttpServletResponse.SC_OK, "Bad request: " + e.getMessage());
            return;
        }
        boolean answeredWithoutError = writer.write(req, resp, admitted, plan);
        if (answeredWithoutError && recorder != null) {
            recorder.answered(req, plan);
        }
    }
}
