package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToLongFunction;
import org.gridstack.frontier.db.LastModifiedSource;
import org.gridstack.frontier.db.TableName;
import org.gridstack.frontier.protocol.FrontierCommand;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.PayloadRequest;
import org.gridstack.frontier.protocol.SqlBudget;
import org.gridstack.frontier.protocol.SqlBudgetExceededException;
import org.gridstack.sqlguard.CheckedQuery;
import org.gridstack.sqlguard.Dialect;
import org.gridstack.sqlguard.ReadOnlyGuard;
import org.gridstack.sqlguard.StatementRejectedException;
import org.gridstack.sqlguard.TableReference;

/**
 * The second stop of a FroNtier request: turns an admitted command into a {@link RequestPlan}
 * without touching the database. Per payload, in order: the object is {@code frontier_request:1}
 * with a known encoding, {@code p1} inflates within the request's SQL budget
 * ({@code frontier.max-request-sql-bytes}, summed over the payloads, see {@link SqlBudget}),
 * bind values are split off as the production servlet splits them ({@code stmt:value1:value2}
 * when the statement has {@code ?} markers), and the statement passes sql-guard's
 * {@link ReadOnlyGuard}. A payload that fails gets a payload error in its plan; a request over the
 * SQL budget is refused whole ({@link SqlBudgetExceededException}).
 *
 * <p>The tables a statement reads are named as the database resolves them, by sql-guard's
 * {@link TableReference} folding (PostgreSQL folds only ASCII letters of an unquoted name, Oracle
 * upper-cases it; quoted names are exact), so that Last-Modified, {@code If-Modified-Since} and
 * invalidation follow the table the query really read. The plan also holds those tables' last
 * change (from memory) and how many changes to them had been seen so far.
 *
 * <p>Thread-safe: immutable; the sources it reads are thread-safe.
 */
@ThreadSafe
final class PayloadPlanner {
    private final long maxRequestSqlBytes;
    private final boolean upperCaseUnquoted;
    private final LastModifiedSource lastModified;
    @SuppressWarnings("ThreadSafe") // ServedUrlRegistry::changesSeen (synchronized), or null
    private final ToLongFunction<Set<TableName>> changesSeen;
    private final FrontierMeters meters;

    /**
     * @param upperCaseUnquoted the database folds unquoted names to upper case (Oracle); else to
     *     lower case (PostgreSQL)
     * @param changesSeen changes seen so far to these schema-qualified tables, for invalidation;
     *     {@code null} when invalidation is off (the tables are then not resolved)
     */
    PayloadPlanner(long maxRequestSqlBytes, boolean upperCaseUnquoted, LastModifiedSource lastModified,
                   ToLongFunction<Set<TableName>> changesSeen, FrontierMeters meters) {
        this.maxRequestSqlBytes = maxRequestSqlBytes;
        this.upperCaseUnquoted = upperCaseUnquoted;
        this.lastModified = Objects.requireNonNull(lastModified, "lastModified is null");
        this.changesSeen = changesSeen;
        this.meters = Objects.requireNonNull(meters, "meters is null");
    }

    /**
     * Plans every payload of {@code command}.
     *
     * @throws SqlBudgetExceededException the payloads' SQL inflates to more than the request may
     *     have; later payloads were neither inflated nor checked
     */
    RequestPlan plan(FrontierCommand command) throws SqlBudgetExceededException {
        SqlBudget sqlBudget = new SqlBudget(maxRequestSqlBytes, "frontier.max-request-sql-bytes");
        List<PayloadPlan> plans = new ArrayList<>();
        try {
            for (PayloadRequest p : command.payloads()) {
                plans.add(plan(p, plans.size() + 1, sqlBudget));
            }
        } finally {
            meters.requestSql(sqlBudget.used());
        }
        Set<TableName> read = tablesRead(plans);
        Instant changed = null;
        Set<TableName> resolved = null;
        long changesBefore = 0;
        if (read != null) {
            changed = plans.stream().allMatch(PayloadPlan::runs) ? lastModified.lastModified(read).orElse(null) : null;
            resolved = changesSeen == null ? null : lastModified.resolve(read).orElse(null);
            if (resolved != null) {
                changesBefore = changesSeen.applyAsLong(resolved);
            }
        }
        return new RequestPlan(plans, command.ttl(), changed, resolved, changesBefore);
    }

    /** The tables all payloads read, or {@code null} when one of them is not known. */
    private static Set<TableName> tablesRead(List<PayloadPlan> plans) {
        Set<TableName> tables = new LinkedHashSet<>();
        for (PayloadPlan p : plans) {
            if (p.tables() == null || p.tables().isEmpty()) {
                return null;
            }
            tables.addAll(p.tables());
        }
        return tables;
    }

    private PayloadPlan plan(PayloadRequest p, int index, SqlBudget sqlBudget) throws SqlBudgetExceededException {
        if (!p.isSqlRequest()) {
            return PayloadPlan.refused(p, null, List.of(), "Unsupported object " + p.objectName() + ":" + p.version()
                    + " in payload " + index + "; this server answers frontier_request:1");
        }
        if (p.encodingError() != null) {
            return PayloadPlan.refused(p, null, List.of(), p.encodingError());
        }
        String p1 = p.param("p1");
        if (p1 == null) {
            return PayloadPlan.refused(p, null, List.of(), "Payload " + index + " has no p1 parameter (the encoded SQL)");
        }
        String text;
        try {
            text = P1Codec.decode(p1, sqlBudget, index);
        } catch (SqlBudgetExceededException e) {
            throw e; // the whole request is refused, not this payload
        } catch (FrontierProtocolException e) {
            return PayloadPlan.refused(p, null, List.of(), "Bad p1 in payload " + index + ": " + e.getMessage());
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
            checked = ReadOnlyGuard.check(sql, upperCaseUnquoted ? Dialect.ORACLE : Dialect.POSTGRESQL, binds.size());
        } catch (StatementRejectedException e) {
            return PayloadPlan.refused(p, sql, binds, "Query rejected: " + e.getMessage());
        }
        List<TableName> tables = null;
        if (checked.tablesComplete()) {
            tables = new ArrayList<>();
            for (TableReference t : checked.tables()) {
                tables.add(new TableName(t.foldedSchema(upperCaseUnquoted), t.foldedName(upperCaseUnquoted)));
            }
        }
        return new PayloadPlan(p, checked.sql(), binds, tables, null);
    }
}
