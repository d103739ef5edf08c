package org.gridstack.grim.store.postgres;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gridstack.grim.store.GrimException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Phrases PostgreSQL's unique and foreign-key violations (SQL states 23505, 23503) as 409s in the
 * request's terms (collection, attribute, key), the way the other backends phrase them, instead
 * of the server's table and constraint names. Stateless.
 */
final class PostgresConflicts {
    private static final Pattern DUPLICATE = Pattern.compile("Key \\((.+?)\\)=\\((.*)\\) already exists");
    private static final Pattern MISSING = Pattern.compile("Key \\((.+?)\\)=\\((.*)\\) is not present in table \"([a-z_]+)\"");
    private static final Pattern REFERENCED = Pattern.compile("Key \\((.+?)\\)=\\((.*)\\) is still referenced from table \"([a-z_]+)\"");
    private static final Pattern DELETED_FROM = Pattern.compile("on table \"([a-z_]+)\"");
    private static final String NOTHING = "; nothing of this batch was written";

    private PostgresConflicts() {
    }

    /** The 409 for a unique (23505) or foreign-key (23503) violation, described by {@code m} (may be null). */
    static GrimException conflict(String state, ServerErrorMessage m) {
        String detail = m == null || m.getDetail() == null ? "" : m.getDetail();
        String table = m == null || m.getTable() == null ? "an object" : m.getTable();
        Matcher d = DUPLICATE.matcher(detail);
        if ("23505".equals(state)) {
            return GrimException.conflict((d.find() ? table + " " + d.group(2).replace(", ", "+") : "an object of the batch") + " already exists" + NOTHING);
        }
        Matcher missing = MISSING.matcher(detail);
        if (missing.find()) {
            return GrimException.conflict(table + "." + missing.group(1) + " names " + missing.group(3) + " '" + missing.group(2)
                    + "', which does not exist" + NOTHING);
        }
        Matcher referenced = REFERENCED.matcher(detail);
        if (referenced.find()) {
            Matcher from = DELETED_FROM.matcher(m.getMessage() == null ? "" : m.getMessage());
            String target = from.find() ? from.group(1) : "the object";
            return GrimException.conflict(target + " " + referenced.group(2) + " is still referenced by " + referenced.group(3) + " ("
                    + referenced.group(1) + "); delete or change that first" + NOTHING);
        }
        return GrimException.conflict("a reference between objects of the batch does not hold" + NOTHING);
    }
}
