package org.gridstack.grim.store.basex;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.basex.api.client.Query;
import org.basex.api.client.Session;
import org.basex.core.BaseXException;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.NativeResult;
import org.gridstack.grim.store.QueryLimits;

/**
 * The read-only XQuery pass-through, in three layers: the session belongs to a user with global
 * READ permission only (no file, process, network or database writes, and no way to raise it in a
 * nested {@code xquery:eval}); the query is parsed first and refused when BaseX reports it
 * updating; it then runs inside {@code xquery:eval} with {@code permission: read}, the timeout
 * and the memory limit (BaseX stops a query whose evaluation grows the heap beyond it), fetching
 * at most {@code maxRows + 1} items. Malformed queries answer 400 naming the syntax error,
 * refusals and exceeded limits 422. Stateless; thread-safe.
 */
@ThreadSafe
final class NativeQueryRunner {
    private static final Pattern CODE = Pattern.compile("\\[([^\\]\\s]+)\\]\\s*(.*)", Pattern.DOTALL);
    private static final Pattern POSITION = Pattern.compile("Stopped at [^,]*, (\\d+)/(\\d+):");
    private static final String WRAPPER = """
            declare variable $q external;
            declare variable $timeout external;
            declare variable $rows external;
            declare variable $memory external;
            subsequence(xquery:eval($q, map { }, map { 'permission': 'read', 'timeout': xs:integer($timeout),
              'memory': xs:integer($memory) }), 1, xs:integer($rows))
            """;

    private NativeQueryRunner() {
    }

    static NativeResult run(Session reader, String query, QueryLimits limits) throws IOException {
        long t0 = System.nanoTime();
        if (query == null || query.isBlank()) {
            throw GrimException.badRequest("the XQuery is empty");
        }
        try (Query parsed = reader.query(query)) {
            if (parsed.updating()) {
                throw GrimException.refused("the XQuery is updating (it would change the database); native queries are read-only,"
                        + " use the update API instead");
            }
        } catch (BaseXException e) {
            throw parseError(e);
        }
        long seconds = Math.max(1, (limits.timeout().toMillis() + 999) / 1000);
        List<List<Object>> rows = new ArrayList<>();
        boolean truncated = false;
        long bytes = 0;
        try (Query q = reader.query(WRAPPER)) {
            q.bind("q", query);
            q.bind("timeout", Long.toString(seconds));
            q.bind("rows", Long.toString((long) limits.maxRows() + 1));
            q.bind("memory", Integer.toString(limits.maxMemoryMb()));
            while (q.more()) {
                String item = q.next();
                if (rows.size() == limits.maxRows()) {
                    truncated = true;
                    break;
                }
                bytes += RequestCounter.utf8Length(item);
                if (bytes > limits.maxBytes()) {
                    throw GrimException.refused("the answer exceeds the limit of " + limits.maxBytes()
                            + " bytes; return fewer or smaller items (e.g. with subsequence or a narrower path)");
                }
                rows.add(List.of(item));
            }
        } catch (BaseXException e) {
            throw runError(e, seconds);
        }
        return new NativeResult("basex", "xquery", List.of("item"), rows, truncated, System.nanoTime() - t0);
    }

    private static GrimException parseError(BaseXException e) {
        String msg = e.getMessage() == null ? "" : e.getMessage();
        Matcher c = CODE.matcher(msg);
        String code = c.find() ? c.group(1) : "";
        String text = c.find(0) ? c.group(2).trim() : msg.trim();
        Matcher pos = POSITION.matcher(msg);
        String where = pos.find() ? " at line " + pos.group(1) + ", column " + pos.group(2) : "";
        if (code.endsWith(":permission")) {
            return GrimException.refused("the XQuery is refused" + where + ": [" + code + "] " + text
                    + " (native queries may only read the database)");
        }
        return GrimException.badRequest("malformed XQuery" + where + ": [" + code + "] " + text);
    }

    private static GrimException runError(BaseXException e, long seconds) {
        String msg = e.getMessage() == null ? "" : e.getMessage();
        Matcher c = CODE.matcher(msg);
        String code = c.find() ? c.group(1) : "";
        String text = c.find(0) ? c.group(2).trim() : msg.trim();
        if (code.equals("xquery:timeout")) {
            return GrimException.refused("the XQuery exceeded the time limit of " + seconds + " s; narrow it or use an indexed attribute");
        }
        if (code.endsWith(":permission") || code.equals("xquery:update") || text.contains("permission")) {
            return GrimException.refused("the XQuery is refused: [" + code + "] " + text + " (native queries may only read the database)");
        }
        if (code.equals("xquery:memory")) {
            return GrimException.refused("the XQuery needed more than the memory limit of its evaluation"
                    + " (grim.native-queries.max-memory-mb); compute less at once");
        }
        return GrimException.badRequest("the XQuery failed: [" + code + "] " + text);
    }
}
