package org.gridstack.grim.store.basex;

import java.util.Collection;
import java.util.StringJoiner;

import org.gridstack.grim.model.CollectionDef;

/**
 * Builds XQuery source text from values. Parameters are written as literals (not bound) so a
 * request is one self-contained command, as the seed's XPath requests were; the escaping below
 * is complete for XQuery string literals ({@code "} doubled, {@code &} as an entity), so values
 * cannot change the query's structure. Stateless.
 */
final class XQueryText {
    private XQueryText() {
    }

    /** A string literal. */
    static String str(String value) {
        return '"' + value.replace("&", "&amp;").replace("\"", "\"\"") + '"';
    }

    /**
     * A literal for a String or Long parameter value. Negative integers are written as
     * {@code xs:integer("-n")}: XQuery reads {@code -n} as minus applied to {@code n}, which
     * overflows for the smallest long.
     */
    static String literal(Object value) {
        if (value instanceof Long || value instanceof Integer) {
            return ((Number) value).longValue() < 0 ? "xs:integer(\"" + value + "\")" : value.toString();
        }
        return str(value.toString());
    }

    /** A parenthesised sequence of string literals (empty: {@code ()}). */
    static String strs(Collection<String> values) {
        StringJoiner j = new StringJoiner(", ", "(", ")");
        for (String v : values) {
            j.add(str(v));
        }
        return j.toString();
    }

    /** {@code db:get("grim", "host")/*\/GlueHost}: every object element of {@code def}. */
    static String objects(String database, CollectionDef def) {
        return "db:get(" + str(database) + ", " + str(XmlLayout.collectionPath(def)) + ")/*/" + def.glueName();
    }

    /** The object elements of one document (a scope) of {@code def}. */
    static String objectsIn(String database, String documentPath, CollectionDef def) {
        return "db:get(" + str(database) + ", " + str(documentPath) + ")/*/" + def.glueName();
    }

    /** {@code [@GlueName = value]}; value a literal or sequence expression. */
    static String where(CollectionDef def, String column, String valueExpr) {
        return "[@" + def.column(column).orElseThrow().glueName() + " = " + valueExpr + "]";
    }

    /** The attribute step of a column: {@code @GlueHostUniqueID}. */
    static String attr(CollectionDef def, String column) {
        return "@" + def.column(column).orElseThrow(() -> new IllegalArgumentException(def.name() + " has no column " + column)).glueName();
    }
}
