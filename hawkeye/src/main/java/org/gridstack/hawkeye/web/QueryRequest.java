package org.gridstack.hawkeye.web;

import java.util.ArrayList;
import java.util.List;

import org.gridstack.hawkeye.classad.ClassAdParser;
import org.gridstack.hawkeye.classad.Expr;

import jakarta.servlet.http.HttpServletRequest;

/**
 * A query's parameters: {@code constraint} (a ClassAd expression; absent: every ad) and
 * {@code attrs} (comma-separated attribute names to return; absent: whole ads). Parsing throws
 * {@link org.gridstack.hawkeye.classad.ClassAdSyntaxException} with the position, or
 * {@link IllegalArgumentException} for a bad attribute name. Immutable.
 */
public record QueryRequest(String constraintText, Expr constraint, List<String> attributes) {
    /** The longest constraint accepted from the network. */
    public static final int MAX_CONSTRAINT_LENGTH = 64 << 10;
    private static final ClassAdParser PARSER = new ClassAdParser(MAX_CONSTRAINT_LENGTH);

    public static QueryRequest from(HttpServletRequest request) {
        String c = request.getParameter("constraint");
        Expr constraint = c == null || c.isBlank() ? null : PARSER.parseExpression(c);
        List<String> attrs = new ArrayList<>();
        String a = request.getParameter("attrs");
        if (a != null) {
            for (String name : a.split("[,\\s]+")) {
                if (name.isEmpty()) {
                    continue;
                }
                if (!name.matches("[A-Za-z_][A-Za-z_0-9]{0,127}")) {
                    throw new IllegalArgumentException("attrs: '" + name + "' is not an attribute name");
                }
                attrs.add(name);
            }
        }
        return new QueryRequest(c, constraint, List.copyOf(attrs));
    }
}
