package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.gridstack.frontier.cache.ServedUrlRegistry;
import org.gridstack.frontier.db.LastModifiedSource;
import org.gridstack.frontier.db.TableName;

/**
 * The last stop of a FroNtier request: records a URL answered without error in the
 * {@link ServedUrlRegistry}, with the tables it read (and, with row granularity, each payload's
 * SQL and binds, so that a row change purges only the URLs it can affect), so that a change to
 * those tables purges it from the registered caches. Only answers whose tables are all known are
 * recorded. An answer computed while a change to its tables was seen (more changes now than when
 * it was planned) is handed to the registry's late-answer handler, which purges it again once the
 * cache has stored it.
 *
 * <p>Thread-safe: the registry is.
 */
@ThreadSafe
final class InvalidationRecorder {
    private final ServedUrlRegistry servedUrls;
    private final LastModifiedSource lastModified;

    InvalidationRecorder(ServedUrlRegistry servedUrls, LastModifiedSource lastModified) {
        this.servedUrls = Objects.requireNonNull(servedUrls, "servedUrls is null");
        this.lastModified = Objects.requireNonNull(lastModified, "lastModified is null");
    }

    /** Records {@code req}'s URL as answered by {@code plan} (call only for answers sent without error). */
    void answered(HttpServletRequest req, RequestPlan plan) {
        plan.tables().ifPresent(resolved -> {
            String target = req.getRequestURI() + (req.getQueryString() == null ? "" : "?" + req.getQueryString());
            record(target, plan.payloads(), resolved);
            servedUrls.answered(target, resolved, plan.changesBefore());
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
}
