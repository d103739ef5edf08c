package org.gridstack.dqp.coordinator;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates random queries over the demo tables, in the spirit of SQLancer's ternary logic
 * partitioning and of sqllogictest: random expressions of every column type (with their NULLs),
 * predicates in three-valued logic (and the three partitions p, NOT p, p IS NULL of one, put back
 * together with UNION ALL), aggregates with and without groups, joins of every kind across the two
 * databases, set operations, uncorrelated sub-queries, ORDER BY with LIMIT and queries without a
 * table. Query {@code i} of seed {@code s} is the same on every run ({@link #query}), so a failure
 * is reproduced by its seed and index. Values are kept in ranges where PostgreSQL raises no error
 * (no overflow, no division by zero). Immutable; thread-safe.
 */
final class QueryGenerator {
    /** Column kinds, for type-correct expressions. */
    enum Kind { INT, SMALLINT, BIGINT, NUMERIC, REAL, DOUBLE, TEXT, BOOL, DATE, TIME, TIMESTAMP, TIMESTAMPTZ, BYTEA }

    record Col(String name, Kind kind, boolean nullable) {
    }

    record Table(String name, String alias, int weight, List<Col> columns) {
        List<Col> of(Kind... kinds) {
            List<Col> out = new ArrayList<>();
            for (Col c : columns) {
                for (Kind k : kinds) {
                    if (c.kind() == k) {
                        out.add(c);
                    }
                }
            }
            return out;
        }
    }

    static final Table MEASUREMENTS = new Table("measurements", "m", 50, List.of(
            new Col("id", Kind.INT, false), new Col("orf", Kind.TEXT, false), new Col("replicate", Kind.SMALLINT, true),
            new Col("total", Kind.BIGINT, true), new Col("ratio", Kind.REAL, true), new Col("concentration", Kind.NUMERIC, true),
            new Col("sample_day", Kind.DATE, true), new Col("start_time", Kind.TIME, true),
            new Col("taken_at", Kind.TIMESTAMP, true), new Col("logged_at", Kind.TIMESTAMPTZ, true),
            new Col("raw", Kind.BYTEA, true)));
    static final Table ANNOTATIONS = new Table("annotations", "a", 10, List.of(
            new Col("id", Kind.INT, false), new Col("orf", Kind.TEXT, false)));
    static final Table GOTERMS = new Table("goterms", "g", 15, List.of(
            new Col("id", Kind.TEXT, false), new Col("name", Kind.TEXT, false), new Col("namespace", Kind.TEXT, false),
            new Col("isobsolete", Kind.BOOL, false), new Col("definition", Kind.TEXT, true)));
    static final Table INTERACTIONS = new Table("protein_interaction", "i", 8, List.of(
            new Col("orf1", Kind.TEXT, false), new Col("orf2", Kind.TEXT, false), new Col("interactiontype", Kind.TEXT, false),
            new Col("repeats", Kind.INT, false), new Col("experimenter", Kind.TEXT, true)));
    static final Table SEQUENCES = new Table("protein_sequences", "s", 7, List.of(
            new Col("orf", Kind.TEXT, false), new Col("length", Kind.INT, false), new Col("molecularweight", Kind.DOUBLE, false),
            new Col("ismembrane", Kind.BOOL, false), new Col("description", Kind.TEXT, true)));
    static final List<Table> TABLES = List.of(MEASUREMENTS, ANNOTATIONS, GOTERMS, INTERACTIONS, SEQUENCES);
    private static final String[] ORFS = {"YAL001C", "YCL001W", "YCL005W", "YBR010W", "YPL120C", "nope"};
    private static final String[] WORDS = {"protein", "DNA", "binding", "a", "", "Uetz P", "two-hybrid", "GO:0000042"};

    private final long seed;

    QueryGenerator(long seed) {
        this.seed = seed;
    }

    /** Query number {@code index} of this generator's seed. */
    String query(long index) {
        return new One(new SplittableRandom(seed * 1_000_003L + index)).query();
    }

    /** The state of generating one query. */
    private static final class One {
        private final SplittableRandom random;
        private Table table;
        private String prefix = "";

        One(SplittableRandom random) {
            this.random = random;
        }

        String query() {
            table = table();
            int shape = random.nextInt(100);
            if (shape < 18) {
                return "select " + selectList(1 + random.nextInt(3)) + " from " + table.name() + " where " + predicate(2);
            }
            if (shape < 28) {
                Kind kind = anyKind();
                String e = expression(kind, 2);
                String p = predicate(2);
                String from = " from " + table.name() + " where ";
                return "select " + e + from + p + " union all select " + e + from + "not (" + p + ") union all select " + e + from
                        + "(" + p + ") is null";
            }
            if (shape < 43) {
                return grouped();
            }
            if (shape < 53) {
                return "select count(*), " + aggregate(NUMERIC_KINDS) + ", " + aggregate(NUMERIC_KINDS) + ", " + minMax() + " from "
                        + table.name() + " where " + predicate(2);
            }
            if (shape < 65) {
                return join();
            }
            if (shape < 73) {
                return ordered();
            }
            if (shape < 81) {
                return setOperation();
            }
            if (shape < 90) {
                return subQuery();
            }
            table = new Table("", "", 0, List.of());
            List<String> items = new ArrayList<>();
            int n = 1 + random.nextInt(4);
            for (int i = 0; i < n; i++) {
                items.add(expression(anyKind(), 3) + " as c" + i);
            }
            return "select " + String.join(", ", items);
        }

        private Table table() {
            int total = TABLES.stream().mapToInt(Table::weight).sum();
            int pick = random.nextInt(total);
            for (Table t : TABLES) {
                pick -= t.weight();
                if (pick < 0) {
                    return t;
                }
            }
            return MEASUREMENTS;
        }

        private static final Kind[] NUMERIC_KINDS = {Kind.INT, Kind.SMALLINT, Kind.BIGINT, Kind.NUMERIC, Kind.REAL, Kind.DOUBLE};
        private static final Kind[] SMALL_KINDS = {Kind.INT, Kind.SMALLINT, Kind.NUMERIC, Kind.REAL, Kind.DOUBLE};

        private Kind anyKind() {
            Kind[] kinds = {Kind.INT, Kind.SMALLINT, Kind.BIGINT, Kind.NUMERIC, Kind.REAL, Kind.DOUBLE, Kind.TEXT, Kind.TEXT, Kind.BOOL,
                Kind.DATE, Kind.TIME, Kind.TIMESTAMP, Kind.TIMESTAMPTZ};
            return kinds[random.nextInt(kinds.length)];
        }

        private String selectList(int n) {
            List<String> items = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                items.add(random.nextInt(3) == 0 ? column(table.columns()) : expression(anyKind(), 2));
            }
            return String.join(", ", items);
        }

        private String column(List<Col> columns) {
            return prefix + columns.get(random.nextInt(columns.size())).name();
        }

        /** An expression of {@code kind}; a column of the current table when it has one of that kind. */
        String expression(Kind kind, int depth) {
            List<Col> columns = table.of(kind);
            if (depth <= 0 || random.nextInt(3) == 0) {
                return !columns.isEmpty() && random.nextInt(4) != 0 ? column(columns) : literal(kind);
            }
            switch (kind) {
                case INT, SMALLINT, BIGINT, NUMERIC, REAL, DOUBLE:
                    return numeric(kind, depth);
                case TEXT:
                    return text(depth);
                case BOOL:
                    return "(" + predicate(depth - 1) + ")";
                default:
                    return temporal(kind, depth);
            }
        }

        private String numeric(Kind kind, int depth) {
            String a = expression(kind, depth - 1);
            switch (random.nextInt(14)) {
                case 0, 1: {
                    // any two numeric types; real with an integer or numeric is double precision, as in PostgreSQL
                    Kind other = NUMERIC_KINDS[random.nextInt(NUMERIC_KINDS.length)];
                    return "(" + a + " + " + expression(other, depth - 1) + ")";
                }
                case 2:
                    return "(" + a + " - " + literal(kind) + ")";
                case 3:
                    return kind == Kind.REAL && random.nextBoolean() ? "(" + a + " * cast(2 as real))" : "(" + a + " * " + smallLiteral() + ")";
                case 4:
                    return kind == Kind.REAL && random.nextBoolean() ? "(" + a + " / cast(4 as real))" : "(" + a + " / " + nonZeroLiteral() + ")";
                case 12:
                    // days between two dates (integer), seconds of a time or since the epoch (numeric)
                    if (kind == Kind.INT) {
                        return "(" + expression(Kind.DATE, depth - 1) + " - " + expression(Kind.DATE, depth - 1) + ")";
                    }
                    if (kind == Kind.NUMERIC) {
                        if (random.nextBoolean()) {
                            return "extract(epoch from " + expression(Kind.TIME, depth - 1) + ")";
                        }
                        // PostgreSQL has no time-of-day units for a date
                        boolean date = random.nextBoolean();
                        return "extract(" + new String[] {"epoch", "day", "doy", "second"}[random.nextInt(date ? 3 : 4)] + " from "
                                + expression(date ? Kind.DATE : Kind.TIMESTAMP, depth - 1) + ")";
                    }
                    return "(" + a + " - " + expression(Kind.REAL, depth - 1) + ")";
                case 13: {
                    if (kind != Kind.NUMERIC) {
                        return "(" + a + " * " + smallLiteral() + ")";
                    }
                    // an integer with a numeric of a declared scale: PostgreSQL's common type keeps each value's scale
                    String integer = expression(random.nextBoolean() ? Kind.INT : Kind.SMALLINT, depth - 1);
                    String declared = random.nextBoolean() ? literal(Kind.NUMERIC) : "cast(" + literal(Kind.INT) + " as numeric(10,2))";
                    return random.nextBoolean() ? "case when " + predicate(depth - 1) + " then " + integer + " else " + declared + " end"
                            : "coalesce(" + integer + ", " + declared + ")";
                }
                case 5:
                    return "abs(" + a + ")";
                case 6:
                    return "case when " + predicate(depth - 1) + " then " + a + " else " + expression(kind, depth - 1) + " end";
                case 7:
                    return "coalesce(" + a + ", " + literal(kind) + ")";
                case 8:
                    return kind == Kind.NUMERIC || kind == Kind.DOUBLE || kind == Kind.REAL
                            ? (random.nextBoolean() ? "round(" + a + ")" : random.nextBoolean() ? "floor(" + a + ")" : "ceil(" + a + ")")
                            : "(" + a + " % " + (2 + random.nextInt(5)) + ")";
                case 9:
                    // small values only, so that no cast overflows
                    return "cast(" + literal(SMALL_KINDS[random.nextInt(SMALL_KINDS.length)]) + " as "
                            + new String[] {"integer", "bigint", "numeric(10,2)", "double precision", "real", "smallint", "numeric"}[
                                    random.nextInt(7)] + ")";
                case 10:
                    return "-(" + a + ")";
                default:
                    return "nullif(" + a + ", " + literal(kind) + ")";
            }
        }

        private String text(int depth) {
            String a = expression(Kind.TEXT, depth - 1);
            switch (random.nextInt(9)) {
                case 0:
                    return "upper(" + a + ")";
                case 1:
                    return "lower(" + a + ")";
                case 2:
                    return "(" + a + " || " + expression(Kind.TEXT, depth - 1) + ")";
                case 3:
                    return "substring(" + a + " from " + (random.nextInt(5) - 1) + " for " + random.nextInt(6) + ")";
                case 4:
                    return "trim(" + a + ")";
                case 5:
                    return "case when " + predicate(depth - 1) + " then " + a + " else " + literal(Kind.TEXT) + " end";
                case 6:
                    return "coalesce(" + a + ", " + literal(Kind.TEXT) + ")";
                case 7:
                    return "replace(" + a + ", 'Y', 'y')";
                default:
                    return "cast(" + expression(new Kind[] {Kind.INT, Kind.NUMERIC, Kind.BOOL, Kind.DATE}[random.nextInt(4)], depth - 1)
                            + " as varchar)";
            }
        }

        private String temporal(Kind kind, int depth) {
            String a = expression(kind, depth - 1);
            switch (random.nextInt(kind == Kind.DATE ? 5 : 3)) {
                case 3:
                    // date + integer and integer + date (days); smallint converts to integer as in PostgreSQL
                    String days = random.nextBoolean() ? Integer.toString(random.nextInt(-400, 400)) : expression(Kind.SMALLINT, depth - 1);
                    return random.nextBoolean() ? "(" + a + " + " + days + ")" : "(" + days + " + " + a + ")";
                case 4:
                    return "(" + a + " - " + (random.nextBoolean() ? Integer.toString(random.nextInt(-400, 400)) : expression(Kind.INT, 0)) + ")";
                case 0:
                    return "case when " + predicate(depth - 1) + " then " + a + " else " + literal(kind) + " end";
                case 1:
                    return "coalesce(" + a + ", " + literal(kind) + ")";
                default:
                    return kind == Kind.DATE && !table.of(Kind.TIMESTAMP).isEmpty() ? "cast(" + column(table.of(Kind.TIMESTAMP)) + " as date)" : a;
            }
        }

        String literal(Kind kind) {
            int r = random.nextInt(20);
            if (r == 0 && kind != Kind.BOOL) {
                return "cast(null as " + sqlType(kind) + ")";
            }
            return switch (kind) {
                case INT -> Integer.toString(random.nextInt(-20, 200));
                case SMALLINT -> "cast(" + random.nextInt(-5, 8) + " as smallint)";
                case BIGINT -> "cast(" + random.nextLong(-3_000_000_000L, 9_000_000_000_000L) + " as bigint)";
                case NUMERIC -> (random.nextBoolean() ? "" : "-") + random.nextInt(0, 5000) + "." + String.format("%03d", random.nextInt(1000));
                case REAL -> "cast(" + (random.nextInt(-800, 800) / 4.0) + " as real)";
                case DOUBLE -> (random.nextInt(-1000, 1000) / 8.0) + "e0";
                case TEXT -> random.nextBoolean() ? "'" + ORFS[random.nextInt(ORFS.length)] + "'" : "'" + WORDS[random.nextInt(WORDS.length)] + "'";
                case BOOL -> random.nextBoolean() ? "true" : "false";
                case DATE -> "date '" + (2024 + random.nextInt(3)) + "-" + String.format("%02d", 1 + random.nextInt(12)) + "-"
                        + String.format("%02d", 1 + random.nextInt(28)) + "'";
                case TIME -> "time '" + String.format("%02d:%02d:%02d", random.nextInt(24), random.nextInt(60), random.nextInt(60)) + "'";
                case TIMESTAMP, TIMESTAMPTZ -> "timestamp '" + (2024 + random.nextInt(3)) + "-" + String.format("%02d", 1 + random.nextInt(12))
                        + "-" + String.format("%02d", 1 + random.nextInt(28)) + " " + String.format("%02d:%02d:00", random.nextInt(24),
                        random.nextInt(60)) + "'";
                case BYTEA -> "cast(null as bytea)";
            };
        }

        private static String sqlType(Kind kind) {
            return switch (kind) {
                case INT -> "integer";
                case SMALLINT -> "smallint";
                case BIGINT -> "bigint";
                case NUMERIC -> "numeric";
                case REAL -> "real";
                case DOUBLE -> "double precision";
                case TEXT -> "varchar";
                case BOOL -> "boolean";
                case DATE -> "date";
                case TIME -> "time";
                case TIMESTAMP, TIMESTAMPTZ -> "timestamp";
                case BYTEA -> "bytea";
            };
        }

        private String smallLiteral() {
            return random.nextBoolean() ? Integer.toString(random.nextInt(-3, 4)) : "1.5";
        }

        private String nonZeroLiteral() {
            return new String[] {"2", "3", "-7", "0.5", "4.0", "2.5e0", "3"}[random.nextInt(7)];
        }

        /** A boolean expression in three-valued logic. */
        String predicate(int depth) {
            int r = random.nextInt(depth <= 0 ? 6 : 10);
            switch (r) {
                case 0, 1: {
                    Kind kind = comparableKind();
                    return expression(kind, depth - 1) + " " + comparison() + " " + expression(kind, depth - 1);
                }
                case 2:
                    return expression(anyKind(), depth - 1) + (random.nextBoolean() ? " is null" : " is not null");
                case 3: {
                    Kind kind = random.nextBoolean() ? Kind.INT : Kind.NUMERIC;
                    return expression(kind, depth - 1) + (random.nextBoolean() ? " between " : " not between ") + literal(kind)
                            + " and " + literal(kind);
                }
                case 4: {
                    Kind kind = random.nextBoolean() ? Kind.TEXT : Kind.INT;
                    List<String> list = new ArrayList<>();
                    for (int i = 1 + random.nextInt(4); i > 0; i--) {
                        list.add(literal(kind));
                    }
                    return expression(kind, depth - 1) + (random.nextBoolean() ? " in (" : " not in (") + String.join(", ", list) + ")";
                }
                case 5: {
                    List<Col> bools = table.of(Kind.BOOL);
                    if (!bools.isEmpty() && random.nextBoolean()) {
                        return column(bools);
                    }
                    return expression(Kind.TEXT, depth - 1) + (random.nextBoolean() ? " like " : " not like ")
                            + new String[] {"'Y%'", "'%1%'", "'YC_0%'", "'%'", "'GO:00%'", "'%in%'"}[random.nextInt(6)];
                }
                case 6:
                    return "(" + predicate(depth - 1) + " and " + predicate(depth - 1) + ")";
                case 7:
                    return "(" + predicate(depth - 1) + " or " + predicate(depth - 1) + ")";
                case 8:
                    return "not (" + predicate(depth - 1) + ")";
                default:
                    return "(" + predicate(depth - 1) + ") is " + (random.nextBoolean() ? "" : "not ")
                            + (random.nextBoolean() ? "true" : "false");
            }
        }

        private Kind comparableKind() {
            Kind[] kinds = {Kind.INT, Kind.SMALLINT, Kind.BIGINT, Kind.NUMERIC, Kind.REAL, Kind.DOUBLE, Kind.TEXT, Kind.TEXT, Kind.DATE,
                Kind.TIME, Kind.TIMESTAMP};
            return kinds[random.nextInt(kinds.length)];
        }

        private String comparison() {
            return new String[] {"=", "<>", "<", "<=", ">", ">=", "!="}[random.nextInt(7)];
        }

        private String aggregate(Kind[] kinds) {
            Kind kind = kinds[random.nextInt(kinds.length)];
            String e = expression(kind, 1);
            return switch (random.nextInt(6)) {
                case 0 -> "sum(" + e + ")";
                case 1 -> "avg(" + e + ")";
                case 2 -> "count(" + e + ")";
                case 3 -> "count(distinct " + e + ")";
                case 4 -> "min(" + e + ")";
                default -> "max(" + e + ")";
            };
        }

        private String minMax() {
            Kind kind = comparableKind();
            return (random.nextBoolean() ? "min(" : "max(") + expression(kind, 1) + ")";
        }

        private String grouped() {
            List<Col> groupable = table.of(Kind.TEXT, Kind.INT, Kind.SMALLINT, Kind.BOOL, Kind.DATE, Kind.NUMERIC);
            String key = column(groupable);
            if (random.nextInt(3) == 0 && !table.of(Kind.TEXT).isEmpty()) {
                key = random.nextBoolean() ? "upper(" + column(table.of(Kind.TEXT)) + ")" : "coalesce(" + column(table.of(Kind.TEXT)) + ", 'x')";
            }
            String sql = "select " + key + ", count(*), " + aggregate(NUMERIC_KINDS) + ", " + minMax() + " from " + table.name()
                    + " where " + predicate(1) + " group by " + key;
            if (random.nextInt(3) == 0) {
                sql += " having count(*) > " + random.nextInt(3);
            }
            return sql;
        }

        private String join() {
            String[] types = {"join", "left join", "right join", "full join", "join"};
            String type = types[random.nextInt(types.length)];
            Table left = MEASUREMENTS;
            Table right = random.nextInt(3) == 0 ? INTERACTIONS : ANNOTATIONS;
            String on = right == INTERACTIONS ? "m.orf = i.orf1" : random.nextBoolean() ? "m.orf = a.orf" : "m.id = a.id";
            if (random.nextInt(4) == 0) {
                on += " and " + (right == INTERACTIONS ? "i.repeats > " + random.nextInt(4) : "a.id < " + random.nextInt(60));
            }
            table = left;
            prefix = "m.";
            String leftItems = selectList(1 + random.nextInt(2));
            String leftPredicate = predicate(1);
            table = right;
            prefix = right.alias() + ".";
            String rightItems = column(right.columns());
            String rightPredicate = predicate(1);
            String where = random.nextBoolean() ? leftPredicate : "(" + leftPredicate + " or " + rightPredicate + ")";
            if (random.nextInt(3) == 0) {
                // an aggregate over the join
                return "select count(*), count(" + rightItems + "), " + (random.nextBoolean() ? "sum(m.total)" : "max(m.concentration)")
                        + " from measurements m " + type + " " + right.name() + " " + right.alias() + " on " + on + " where " + where;
            }
            return "select " + leftItems + ", " + rightItems + " from measurements m " + type + " " + right.name() + " " + right.alias()
                    + " on " + on + " where " + where;
        }

        private String ordered() {
            List<Col> columns = table.of(Kind.TEXT, Kind.INT, Kind.SMALLINT, Kind.BIGINT, Kind.NUMERIC, Kind.DATE, Kind.BOOL);
            List<String> items = new ArrayList<>();
            for (int i = 1 + random.nextInt(2); i > 0; i--) {
                items.add(column(columns));
            }
            // every output column is a sort key, so PostgreSQL's order is the only one
            List<String> keys = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                keys.add((i + 1) + (random.nextBoolean() ? " desc" : ""));
            }
            return "select " + String.join(", ", items) + " from " + table.name() + " where " + predicate(2) + " order by "
                    + String.join(", ", keys) + " limit " + (1 + random.nextInt(30)) + (random.nextBoolean() ? "" : " offset " + random.nextInt(5));
        }

        private String setOperation() {
            String[] ops = {"union", "union all", "intersect", "intersect all", "except", "except all"};
            String op = ops[random.nextInt(ops.length)];
            if (random.nextBoolean()) {
                table = MEASUREMENTS;
                String left = "select orf, id from measurements where " + predicate(1);
                table = ANNOTATIONS;
                return left + " " + op + " select orf, id from annotations where " + predicate(1);
            }
            table = MEASUREMENTS;
            String left = "select replicate from measurements where " + predicate(1);
            String right = "select replicate from measurements where " + predicate(1);
            return left + " " + op + " " + right;
        }

        private String subQuery() {
            table = MEASUREMENTS;
            String outer = "select id, orf, total from measurements where ";
            switch (random.nextInt(5)) {
                case 0: {
                    String p = predicate(1);
                    table = ANNOTATIONS;
                    return outer + "orf in (select orf from annotations where " + predicate(1) + ") and " + p;
                }
                case 1: {
                    table = ANNOTATIONS;
                    return outer + "id not in (select id from annotations where " + predicate(1) + ")";
                }
                case 2: {
                    table = ANNOTATIONS;
                    return outer + (random.nextBoolean() ? "" : "not ") + "exists (select 1 from annotations where " + predicate(1) + ")";
                }
                case 3:
                    return outer + "total > (select avg(total) from measurements where " + predicate(1) + ")";
                default:
                    return "select count(*), (select max(id) from annotations) from measurements where " + predicate(2);
            }
        }
    }
}
