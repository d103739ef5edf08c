package org.gridstack.grim.store;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.service.work.CancelSwitch;

/**
 * One storage platform of GRIM (PostgreSQL, BaseX, LDAP). Implementations are thread-safe: the
 * service and the scenarios call them from many threads at once.
 */
@ThreadSafe
public interface GrimBackend extends AutoCloseable {
    /** {@code postgres}, {@code basex} or {@code ldap}. */
    String name();

    /** Replaces the stored objects with {@code data} (indexes as the model says). */
    void load(Dataset data);

    /** Objects per collection, in model order. */
    Map<String, Long> counts();

    /** Every stored object, for the check that all backends hold the same objects. */
    Dataset snapshot();

    /**
     * Runs {@code params.operation()} in {@code mode}; {@code params} are validated, typed and
     * defaulted where they entered. Counts requests and bytes, measures QRT (implementations run
     * it through {@link OperationTemplate}).
     */
    OperationResult execute(OperationParameters params, Mode mode);

    /**
     * Runs {@code op} in {@code mode} with {@code params} (every parameter of the operation, String
     * or Long); 400 naming a missing, unknown or mistyped one ({@link OperationParameters#of}).
     */
    default OperationResult execute(Operation op, Mode mode, Map<String, ?> params) {
        return execute(OperationParameters.of(op, params), mode);
    }

    /** Applies validated updates all or nothing (see {@link Update} for the rules); returns objects changed. */
    int apply(List<Update> batch);

    /** Runs a read-only native query (SQL, XQuery, LDAP filter) within {@code limits}; refuses writes (422). */
    NativeResult nativeQuery(String query, QueryLimits limits);

    /**
     * As {@link #nativeQuery(String, QueryLimits)}, stopped early when {@code cancel} is pulled
     * (the client hung up) where the backend can stop a running query; the others run on to their
     * limits.
     */
    default NativeResult nativeQuery(String query, QueryLimits limits, CancelSwitch cancel) {
        return nativeQuery(query, limits);
    }

    @Override
    void close();
}
