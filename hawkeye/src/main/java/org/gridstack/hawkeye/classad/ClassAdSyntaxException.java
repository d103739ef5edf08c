package org.gridstack.hawkeye.classad;

/**
 * A ClassAd text (expression, ad, JSON) that does not parse: the message names the line and
 * column (both from 1) of the first problem and what was expected there.
 */
public final class ClassAdSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;
    private final String problem;

    public ClassAdSyntaxException(int line, int column, String problem) {
        super("line " + line + ":" + column + ": " + problem);
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    /** The line of the problem, from 1. */
    public int line() {
        return line;
    }

    /** The column of the problem, from 1. */
    public int column() {
        return column;
    }

    /** What was wrong, without the position. */
    public String problem() {
        return problem;
    }

    /** The same problem, with its line moved down by {@code lines} (for a line cut from a longer text). */
    ClassAdSyntaxException shiftedBy(int lines) {
        return new ClassAdSyntaxException(line + lines, column, problem);
    }
}
