package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;
import org.gridstack.frontier.db.TableName;
import org.gridstack.frontier.protocol.PayloadRequest;

/**
 * What one payload will run, or why it cannot: the guarded SQL, the values for its {@code ?}
 * markers and the tables it reads as the database names them ({@code null} when the guard could
 * not list them all), or the payload error to answer instead ({@code error} non-null).
 * Immutable.
 */
@ThreadSafe
record PayloadPlan(
        // frontier-protocol's record of strings, a BlobEncoding record and an unmodifiable list of immutable entries
        @SuppressWarnings("ThreadSafe") PayloadRequest request,
        String sql,
        @SuppressWarnings("ThreadSafe") List<String> binds, // an unmodifiable copy (List.copyOf)
        @SuppressWarnings("ThreadSafe") List<TableName> tables, // an unmodifiable copy (List.copyOf), or null
        String error) {
    PayloadPlan {
        binds = List.copyOf(binds);
        tables = tables == null ? null : List.copyOf(tables);
    }

    static PayloadPlan refused(PayloadRequest request, String sql, List<String> binds, String error) {
        return new PayloadPlan(request, sql, binds, null, error);
    }

    /** Whether the payload's query runs (no error found while planning). */
    boolean runs() {
        return error == null;
    }

    /** Whether the payload asked for an encoding the server knows (its data holds a stream even on error). */
    boolean hasEncoder() {
        return request.encoding() != null;
    }
}
