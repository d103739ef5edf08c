package org.gridstack.frontier.demo;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridstack.sqlguard.Dialect;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A schema script as {@code psql -f} reads it, loaded into the one database the demo serves.
 *
 * <p>Plain SQL runs statement by statement, split as psql splits it (quotes, {@code E''} strings,
 * quoted identifiers, dollar quotes, nested comments). What only makes sense when psql talks to a
 * whole server is mapped onto the demo's database:
 * <ul>
 *   <li>{@code CREATE DATABASE x} is skipped: the demo's database is already there and empty, and
 *       {@code \connect x} (or {@code \c x}) then means that database; the user named by
 *       {@code \connect} is ignored, everything is created by the administrator and the demo's
 *       read-only role gets SELECT on it;</li>
 *   <li>{@code DROP DATABASE [IF EXISTS] x} is skipped when {@code x} is the demo's database or one
 *       the script creates;</li>
 *   <li>{@code COPY ... FROM stdin} takes the data lines after it, up to {@code \.}, as psql does
 *       (so a plain {@code pg_dump} file loads);</li>
 *   <li>{@code \set ON_ERROR_STOP ...} is accepted (loading always stops at the first error) and
 *       {@code \echo} is logged.</li>
 * </ul>
 * Roles ({@code CREATE ROLE}, {@code GRANT}, {@code OWNER TO}) run as written. Everything else
 * psql would do differently is refused when the script is read, before anything runs, with the
 * line and what to do: other meta-commands, a meta-command inside a statement, {@code \connect}
 * to a database the script does not create, dropping another database, an unterminated quote or
 * comment. An error while running names the line of the statement.
 *
 * <p>Immutable and thread-safe once read.
 */
@ThreadSafe
public final class PsqlScript {
    private static final Logger log = LoggerFactory.getLogger(PsqlScript.class);
    private static final Pattern CREATE_DATABASE = Pattern.compile("(?is)create\\s+database\\s+(\"(?:[^\"]|\"\")+\"|[^\\s;]+).*");
    private static final Pattern DROP_DATABASE = Pattern.compile("(?is)drop\\s+database\\s+(?:if\\s+exists\\s+)?(\"(?:[^\"]|\"\")+\"|[^\\s;(]+).*");
    private static final Pattern COPY_FROM_STDIN = Pattern.compile("(?is)copy\\s.*\\sfrom\\s+stdin\\b.*");
    private static final String WHAT_TO_DO = "load such a script with psql into a PostgreSQL server of your own and point the"
            + " servlet at it (spring.datasource.url), or change the line";

    /** What one piece of the script does. */
    private enum Kind { SQL, COPY_IN, SKIPPED }

    private record Step(Kind kind, int line, String text, String copyData, String note) {
    }

    private final String source;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf) of records of immutable values
    private final List<Step> steps;

    private PsqlScript(String source, List<Step> steps) {
        this.source = source;
        this.steps = List.copyOf(steps);
    }

    /**
     * Reads a script for loading into the database named {@code database}.
     *
     * @param text     the script
     * @param source   what to call it in messages (usually the file name)
     * @param database the name of the database the demo serves
     * @throws IllegalArgumentException naming the line when the script asks for what the demo cannot do
     */
    public static PsqlScript parse(String text, String source, String database) {
        Objects.requireNonNull(text, "text is null");
        Objects.requireNonNull(source, "source is null");
        Objects.requireNonNull(database, "database is null");
        List<Step> raw = new Splitter(text, source).split();
        Set<String> created = new HashSet<>();
        created.add(database);
        for (Step s : raw) {
            Matcher m = CREATE_DATABASE.matcher(s.text());
            if (s.kind() == Kind.SQL && m.matches()) {
                created.add(identifier(m.group(1)));
            }
        }
        List<Step> steps = new ArrayList<>(raw.size());
        for (Step s : raw) {
            steps.add(map(s, created, source));
        }
        return new PsqlScript(source, steps);
    }

    private static Step map(Step s, Set<String> created, String source) {
        if (s.kind() == Kind.SKIPPED) {
            return s;
        }
        if (s.kind() == Kind.SQL && s.text().startsWith("\\")) {
            return metaCommand(s, created, source);
        }
        Matcher create = CREATE_DATABASE.matcher(s.text());
        if (s.kind() == Kind.SQL && create.matches()) {
            return new Step(Kind.SKIPPED, s.line(), s.text(), null, "CREATE DATABASE " + identifier(create.group(1))
                    + ": the demo's database is used instead");
        }
        Matcher drop = DROP_DATABASE.matcher(s.text());
        if (s.kind() == Kind.SQL && drop.matches()) {
            String name = identifier(drop.group(1));
            if (!created.contains(name)) {
                throw new IllegalArgumentException(source + " line " + s.line() + ": DROP DATABASE " + name
                        + " would drop a database the demo does not serve; " + WHAT_TO_DO);
            }
            return new Step(Kind.SKIPPED, s.line(), s.text(), null, "DROP DATABASE " + name + ": the demo's database is new and empty");
        }
        return s;
    }

    private static Step metaCommand(Step s, Set<String> created, String source) {
        String[] words = s.text().trim().split("\\s+");
        String command = words[0];
        switch (command) {
            case "\\connect", "\\c" -> {
                if (words.length < 2 || words[1].equals("-")) {
                    return new Step(Kind.SKIPPED, s.line(), s.text(), null, command + " to the same database");
                }
                String db = identifier(words[1]);
                if (db.contains("=")) {
                    throw new IllegalArgumentException(source + " line " + s.line() + ": " + command
                            + " with a connection string is not supported; name the database the script creates");
                }
                if (!created.contains(db)) {
                    throw new IllegalArgumentException(source + " line " + s.line() + ": " + command + " " + db
                            + ": the demo serves one database, so a script may connect only to the database it creates"
                            + " (CREATE DATABASE " + db + ") or the demo's own; " + WHAT_TO_DO);
                }
                return new Step(Kind.SKIPPED, s.line(), s.text(), null, command + " " + db
                        + ": the demo's database (objects are created by the administrator"
                        + (words.length > 2 ? ", not " + words[2] : "") + ")");
            }
            case "\\set" -> {
                if (words.length >= 2 && words[1].equals("ON_ERROR_STOP")) {
                    return new Step(Kind.SKIPPED, s.line(), s.text(), null, "loading always stops at the first error");
                }
            }
            case "\\echo" -> {
                return new Step(Kind.SKIPPED, s.line(), s.text(), null, "echo: " + s.text().trim().substring(command.length()).trim());
            }
            default -> {
                // refused below
            }
        }
        throw new IllegalArgumentException(source + " line " + s.line() + ": the psql meta-command " + command
                + " is not supported here (supported: \\connect to the database the script creates, \\set ON_ERROR_STOP,"
                + " \\echo, COPY ... FROM stdin data ended by \\.); " + WHAT_TO_DO);
    }

    /** The statements that will run, in order (skipped ones left out), for tests and logs. */
    public List<String> statements() {
        return steps.stream().filter(s -> s.kind() != Kind.SKIPPED).map(Step::text).toList();
    }

    /**
     * Runs the script on {@code admin} (an administrative connection to the demo's database, in
     * auto-commit mode), statement by statement, stopping at the first error.
     *
     * @throws SQLException naming the script and line of the statement that failed
     */
    public void run(Connection admin) throws SQLException {
        Objects.requireNonNull(admin, "admin is null");
        try (Statement statement = admin.createStatement()) {
            for (Step s : steps) {
                try {
                    switch (s.kind()) {
                        case SKIPPED -> log.info("{} line {}: skipped {}", source, s.line(), s.note());
                        case SQL -> statement.execute(s.text());
                        case COPY_IN -> admin.unwrap(PGConnection.class).getCopyAPI().copyIn(s.text(), new StringReader(s.copyData()));
                    }
                } catch (SQLException e) {
                    throw new SQLException(source + " line " + s.line() + ": " + e.getMessage(), e.getSQLState(), e);
                } catch (IOException e) {
                    throw new SQLException(source + " line " + s.line() + ": COPY data could not be sent: " + e.getMessage(), e);
                }
            }
        }
    }

    /** A name as PostgreSQL folds it: quoted names as written, others with their ASCII letters in lower case. */
    private static String identifier(String word) {
        if (word.length() >= 2 && word.startsWith("\"") && word.endsWith("\"")) {
            return word.substring(1, word.length() - 1).replace("\"\"", "\"");
        }
        return Dialect.POSTGRESQL.foldUnquoted(word);
    }

    /** Splits the text into statements and meta-commands the way psql's lexer does. */
    private static final class Splitter {
        private final String text;
        private final String source;
        private final List<Step> steps = new ArrayList<>();
        private final StringBuilder statement = new StringBuilder();
        private int statementLine;
        private int pos;
        private int line = 1;

        Splitter(String text, String source) {
            this.text = text;
            this.source = source;
        }

        List<Step> split() {
            int n = text.length();
            while (pos < n) {
                char c = text.charAt(pos);
                if (c == '\\') {
                    metaCommand();
                } else if (c == ';') {
                    pos++;
                    endStatement();
                } else if (c == '\'') {
                    boolean escapes = pos > 0 && (text.charAt(pos - 1) == 'E' || text.charAt(pos - 1) == 'e')
                            && (pos < 2 || !isWordChar(text.charAt(pos - 2)));
                    quoted('\'', escapes, "string");
                } else if (c == '"') {
                    quoted('"', false, "quoted identifier");
                } else if (c == '-' && at(pos + 1) == '-') {
                    while (pos < n && text.charAt(pos) != '\n') {
                        take();
                    }
                } else if (c == '/' && at(pos + 1) == '*') {
                    blockComment();
                } else if (c == '$' && (pos == 0 || !isWordChar(text.charAt(pos - 1))) && dollarTagEnd(pos) > 0) {
                    dollarQuoted();
                } else {
                    take();
                }
            }
            if (!statement.toString().isBlank()) {
                endStatement(); // psql sends what is left at the end of the file
            }
            return steps;
        }

        private void take() {
            char c = text.charAt(pos++);
            if (c == '\n') {
                line++;
            }
            if (statement.isEmpty() && Character.isWhitespace(c)) {
                return;
            }
            if (statement.isEmpty()) {
                statementLine = line;
            }
            statement.append(c);
        }

        private char at(int i) {
            return i < text.length() ? text.charAt(i) : '\0';
        }

        private static boolean isWordChar(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == '$';
        }

        private void endStatement() {
            String whole = statement.toString().strip();
            String sql = withoutLeadingComments(whole);
            statement.setLength(0);
            if (sql.isEmpty()) {
                return;
            }
            String comments = whole.substring(0, whole.length() - sql.length());
            int startLine = statementLine + (int) comments.chars().filter(ch -> ch == '\n').count();
            if (COPY_FROM_STDIN.matcher(sql).matches()) {
                steps.add(new Step(Kind.COPY_IN, startLine, sql, copyData(startLine), null));
            } else {
                steps.add(new Step(Kind.SQL, startLine, sql, null, null));
            }
        }

        /** The statement from its first word on (comments before it would hide what it is). */
        private static String withoutLeadingComments(String sql) {
            String s = sql.strip();
            while (true) {
                if (s.startsWith("--")) {
                    int end = s.indexOf('\n');
                    s = end < 0 ? "" : s.substring(end + 1).strip();
                } else if (s.startsWith("/*")) {
                    int end = blockCommentEnd(s);
                    s = end < 0 ? "" : s.substring(end).strip();
                } else {
                    return s;
                }
            }
        }

        /** The end (exclusive) of the nested block comment {@code s} starts with, or -1. */
        private static int blockCommentEnd(String s) {
            int depth = 0;
            for (int i = 0; i + 1 < s.length(); i++) {
                if (s.startsWith("/*", i)) {
                    depth++;
                    i++;
                } else if (s.startsWith("*/", i)) {
                    depth--;
                    i++;
                    if (depth == 0) {
                        return i + 1;
                    }
                }
            }
            return -1;
        }

        private static boolean onlyComments(String sql) {
            return withoutLeadingComments(sql).isEmpty();
        }

        /** The data lines after a COPY ... FROM stdin, up to the line {@code \.} (or the end). */
        private String copyData(int copyLine) {
            // the rest of the COPY statement's line belongs to psql, the data starts on the next
            int lineEnd = text.indexOf('\n', pos);
            if (lineEnd < 0) {
                throw new IllegalArgumentException(source + " line " + copyLine + ": COPY ... FROM stdin has no data lines after it");
            }
            pos = lineEnd + 1;
            line++;
            StringBuilder data = new StringBuilder();
            while (pos < text.length()) {
                int end = text.indexOf('\n', pos);
                String row = end < 0 ? text.substring(pos) : text.substring(pos, end);
                pos = end < 0 ? text.length() : end + 1;
                line++;
                if (row.equals("\\.") || row.equals("\\.\r")) {
                    return data.toString();
                }
                data.append(row).append('\n');
            }
            throw new IllegalArgumentException(source + " line " + copyLine + ": the data of COPY ... FROM stdin is not ended by a line \\.");
        }

        private void metaCommand() {
            if (!onlyComments(statement.toString())) {
                throw new IllegalArgumentException(source + " line " + line + ": a psql meta-command ("
                        + firstWord(pos) + ") inside an SQL statement is not supported; end the statement with ';' first");
            }
            statement.setLength(0);
            int end = text.indexOf('\n', pos);
            String command = (end < 0 ? text.substring(pos) : text.substring(pos, end)).strip();
            steps.add(new Step(Kind.SQL, line, command, null, null));
            pos = end < 0 ? text.length() : end; // the newline is taken by the main loop
        }

        private String firstWord(int from) {
            int i = from + 1;
            while (i < text.length() && Character.isLetter(text.charAt(i))) {
                i++;
            }
            return text.substring(from, i);
        }

        private void quoted(char quote, boolean backslashEscapes, String what) {
            int startLine = line;
            take();
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (backslashEscapes && c == '\\' && pos + 1 < text.length()) {
                    take();
                    take();
                } else if (c == quote && at(pos + 1) == quote) {
                    take();
                    take();
                } else if (c == quote) {
                    take();
                    return;
                } else {
                    take();
                }
            }
            throw new IllegalArgumentException(source + " line " + startLine + ": unterminated " + what);
        }

        private void blockComment() {
            int startLine = line;
            int depth = 0;
            while (pos < text.length()) {
                if (text.startsWith("/*", pos)) {
                    depth++;
                    take();
                    take();
                } else if (text.startsWith("*/", pos)) {
                    depth--;
                    take();
                    take();
                    if (depth == 0) {
                        return;
                    }
                } else {
                    take();
                }
            }
            throw new IllegalArgumentException(source + " line " + startLine + ": unterminated /* comment");
        }

        /** The end (exclusive) of a dollar-quote tag starting at {@code start}, or -1 when none starts there. */
        private int dollarTagEnd(int start) {
            int i = start + 1;
            if (i < text.length() && (Character.isLetter(text.charAt(i)) || text.charAt(i) == '_')) {
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
            }
            return i < text.length() && text.charAt(i) == '$' ? i + 1 : -1;
        }

        private void dollarQuoted() {
            int startLine = line;
            int tagEnd = dollarTagEnd(pos);
            String tag = text.substring(pos, tagEnd);
            int close = text.indexOf(tag, tagEnd);
            if (close < 0) {
                throw new IllegalArgumentException(source + " line " + startLine + ": unterminated dollar quote " + tag);
            }
            while (pos < close + tag.length()) {
                take();
            }
        }
    }
}
