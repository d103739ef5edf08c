package org.gridstack.rgma.sql;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.ddl.SqlColumnDeclaration;
import org.apache.calcite.sql.ddl.SqlCreateTable;
import org.apache.calcite.sql.ddl.SqlKeyConstraint;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.ddl.SqlDdlParserImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimeString;
import org.apache.calcite.util.TimestampString;

/**
 * R-GMA's SQL subset, parsed by Apache Calcite's (DDL) parser and checked against the schema:
 * {@code CREATE TABLE} for the schema service, {@code INSERT ... VALUES} for producers,
 * single-table {@code SELECT} with a {@code WHERE} of comparisons, {@code LIKE}, {@code IN},
 * {@code BETWEEN}, {@code IS [NOT] NULL}, arithmetic and {@code AND/OR/NOT} for consumers, and a
 * producer's predicate ({@code WHERE col = literal [AND ...]}). Every refusal is an
 * {@link RgmaException} (400, or 404 for an undeclared table) saying what is wrong.
 * Unquoted identifiers are case-insensitive (folded to lower case), as R-GMA's were.
 *
 * <p>Thread-safe; it keeps only a bounded cache of checked {@code SELECT}s.
 */
@ThreadSafe
public final class RgmaSql {
    /** The column every tuple carries: when the producer published it. */
    public static final String TIMESTAMP_COLUMN = "rgmatimestamp";
    /** The longest statement accepted, in characters. */
    public static final int MAX_SQL_CHARS = 65_536;

    private static final SqlParser.Config CONFIG = SqlParser.config()
            .withParserFactory(SqlDdlParserImpl.FACTORY)
            .withUnquotedCasing(Casing.TO_LOWER)
            .withQuotedCasing(Casing.UNCHANGED)
            .withCaseSensitive(true);

    private static final Set<SqlKind> CONDITION_KINDS = EnumSet.of(SqlKind.AND, SqlKind.OR, SqlKind.NOT,
            SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN, SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN,
            SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.LIKE, SqlKind.IS_NULL, SqlKind.IS_NOT_NULL, SqlKind.IN,
            SqlKind.NOT_IN, SqlKind.BETWEEN, SqlKind.MINUS_PREFIX, SqlKind.PLUS_PREFIX, SqlKind.PLUS, SqlKind.MINUS,
            SqlKind.TIMES, SqlKind.DIVIDE);

    /** Most parsed SELECTs kept; the cache is emptied when it would grow past this. */
    static final int SELECT_CACHE_SIZE = 4096;

    @SuppressWarnings("ThreadSafe") // SchemaService::table, a ConcurrentHashMap look-up
    private final Function<String, TableDefinition> tables;
    /** Checked SELECTs by their text: tables are never altered, so a check stays true. */
    @SuppressWarnings("ThreadSafe") // SelectStatement: a record of unmodifiable lists and immutable values
    private final ConcurrentHashMap<String, SelectStatement> selects = new ConcurrentHashMap<>();

    /**
     * @param tables the schema: the definition of a table by lower-case name; it throws a 404
     *     {@link RgmaException} for an undeclared table
     */
    public RgmaSql(Function<String, TableDefinition> tables) {
        this.tables = requireNonNull(tables, "tables is null");
    }

    private static SqlNode parse(String sql) {
        requireNonNull(sql, "sql is null");
        if (sql.isBlank()) {
            throw RgmaException.badRequest("the SQL statement is empty");
        }
        if (sql.length() > MAX_SQL_CHARS) {
            throw RgmaException.badRequest("the SQL statement is longer than " + MAX_SQL_CHARS + " characters");
        }
        String text = sql.strip();
        if (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1);
        }
        try {
            return SqlParser.create(text, CONFIG).parseStmt();
        } catch (SqlParseException e) {
            String message = e.getMessage() == null ? "syntax error" : e.getMessage().lines().findFirst().orElse("syntax error");
            throw RgmaException.badRequest("malformed SQL: " + message);
        }
    }

    /** Parses and checks a {@code CREATE TABLE}; the table needs a primary key (the key of latest queries). */
    public static TableDefinition createTable(String sql) {
        SqlNode node = parse(sql);
        if (!(node instanceof SqlCreateTable create)) {
            throw RgmaException.badRequest("expected CREATE TABLE, got " + node.getKind());
        }
        if (create.query != null) {
            throw RgmaException.badRequest("CREATE TABLE ... AS SELECT is not supported; list the columns");
        }
        if (!create.name.isSimple()) {
            throw RgmaException.badRequest("table name " + create.name + " must be a simple name");
        }
        String name = create.name.getSimple();
        checkName(name, "table");
        if (create.columnList == null || create.columnList.isEmpty()) {
            throw RgmaException.badRequest("table " + name + " declares no columns");
        }
        List<ColumnDefinition> columns = new ArrayList<>();
        List<String> key = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (SqlNode element : create.columnList) {
            if (element instanceof SqlColumnDeclaration column) {
                String cname = column.name.getSimple();
                checkName(cname, "column");
                if (cname.startsWith("rgma")) {
                    throw RgmaException.badRequest("column " + cname + ": names starting with 'rgma' are R-GMA's own");
                }
                if (!seen.add(cname)) {
                    throw RgmaException.badRequest("table " + name + " declares column " + cname + " twice");
                }
                columns.add(column(cname, column.dataType));
            } else if (element instanceof SqlKeyConstraint constraint && constraint.getKind() == SqlKind.PRIMARY_KEY) {
                if (!key.isEmpty()) {
                    throw RgmaException.badRequest("table " + name + " declares two primary keys");
                }
                for (SqlNode k : (SqlNodeList) constraint.getOperandList().get(1)) {
                    key.add(((SqlIdentifier) k).getSimple());
                }
            } else {
                throw RgmaException.badRequest("table " + name + ": only column declarations and PRIMARY KEY (...) are"
                        + " supported, got " + element);
            }
        }
        if (key.isEmpty()) {
            throw RgmaException.badRequest("table " + name + " needs a PRIMARY KEY (...): latest queries return the newest"
                    + " tuple per key");
        }
        for (String k : key) {
            if (!seen.contains(k)) {
                throw RgmaException.badRequest("primary key column " + k + " is not a column of table " + name);
            }
        }
        List<ColumnDefinition> keyed = columns.stream()
                .map(c -> key.contains(c.name()) ? new ColumnDefinition(c.name(), c.type(), c.length(), true) : c).toList();
        return new TableDefinition(name, keyed, key, sql.strip());
    }

    private static ColumnDefinition column(String name, SqlDataTypeSpec spec) {
        if (!(spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic)) {
            throw RgmaException.badRequest("column " + name + ": type " + spec + " is not in R-GMA's SQL subset");
        }
        ColumnType type = ColumnType.ofSqlName(basic.getTypeName().getSimple(), name);
        int length = 0;
        if (type.hasLength()) {
            length = basic.getPrecision() < 0 ? 1 : basic.getPrecision();
            if (type == ColumnType.VARCHAR && basic.getPrecision() < 0) {
                throw RgmaException.badRequest("column " + name + ": VARCHAR needs a length, e.g. VARCHAR(255)");
            }
            if (length < 1 || length > ColumnType.MAX_LENGTH) {
                throw RgmaException.badRequest("column " + name + ": length " + length + " is not in 1.."
                        + ColumnType.MAX_LENGTH);
            }
        }
        boolean notNull = spec.getNullable() != null && !spec.getNullable();
        return new ColumnDefinition(name, type, length, notNull);
    }

    private static void checkName(String name, String what) {
        if (!name.matches("[a-z][a-z0-9_]{0,62}")) {
            throw RgmaException.badRequest(what + " name '" + name + "' must be a letter followed by letters, digits"
                    + " or '_' (at most 63)");
        }
    }

    /** Parses and checks an {@code INSERT INTO t [(cols)] VALUES (...), ...} against the schema. */
    public InsertStatement insert(String sql) {
        SqlNode node = parse(sql);
        if (!(node instanceof SqlInsert insert)) {
            throw RgmaException.badRequest("expected INSERT, got " + node.getKind());
        }
        TableDefinition table = table(insert.getTargetTable());
        List<String> names = new ArrayList<>();
        if (insert.getTargetColumnList() == null) {
            names.addAll(table.columnNames());
        } else {
            for (SqlNode c : insert.getTargetColumnList()) {
                String cname = ((SqlIdentifier) c).getSimple();
                if (table.column(cname).isEmpty()) {
                    throw RgmaException.badRequest("table " + table.name() + " has no column " + cname + "; its columns are "
                            + table.columnNames());
                }
                if (names.contains(cname)) {
                    throw RgmaException.badRequest("column " + cname + " is named twice");
                }
                names.add(cname);
            }
        }
        SqlNode source = insert.getSource();
        if (source.getKind() != SqlKind.VALUES) {
            throw RgmaException.badRequest("INSERT must give its tuples with VALUES (...)");
        }
        List<List<Object>> rows = new ArrayList<>();
        for (SqlNode r : ((SqlCall) source).getOperandList()) {
            List<SqlNode> values = r.getKind() == SqlKind.ROW ? ((SqlCall) r).getOperandList() : List.of(r);
            if (values.size() != names.size()) {
                throw RgmaException.badRequest("INSERT into " + table.name() + " gives " + values.size() + " values for "
                        + names.size() + " columns " + names);
            }
            Object[] row = new Object[table.columns().size()];
            for (int i = 0; i < values.size(); i++) {
                ColumnDefinition column = table.column(names.get(i)).orElseThrow();
                row[table.columns().indexOf(column)] = column.type().toJdbc(literal(values.get(i), column.name()), column);
            }
            for (int i = 0; i < row.length; i++) {
                ColumnDefinition column = table.columns().get(i);
                if (row[i] == null && column.notNull()) {
                    throw RgmaException.badRequest("column " + column.name() + " of " + table.name() + " may not be null");
                }
            }
            rows.add(Arrays.asList(row));
        }
        return new InsertStatement(table, rows);
    }

    private static Object literal(SqlNode node, String column) {
        if (node.getKind() == SqlKind.MINUS_PREFIX && ((SqlCall) node).operand(0) instanceof SqlNumericLiteral n) {
            return n.getValueAs(BigDecimal.class).negate();
        }
        if (!(node instanceof SqlLiteral literal)) {
            throw RgmaException.badRequest("column " + column + ": the value must be a literal, got " + node);
        }
        if (literal.getTypeName() == SqlTypeName.NULL) {
            return null;
        }
        if (literal instanceof SqlNumericLiteral) {
            return literal.getValueAs(BigDecimal.class);
        }
        if (literal instanceof SqlCharStringLiteral) {
            return literal.getValueAs(NlsString.class).getValue();
        }
        Object value = literal.getValue();
        if (value instanceof TimestampString || value instanceof DateString || value instanceof TimeString) {
            return value.toString();
        }
        throw RgmaException.badRequest("column " + column + ": literal " + literal + " is not supported");
    }

    private TableDefinition table(SqlNode node) {
        if (!(node instanceof SqlIdentifier id) || !id.isSimple()) {
            throw RgmaException.badRequest("expected one table name, got " + node);
        }
        return tables.apply(id.getSimple());
    }

    /**
     * Parses and checks a consumer's {@code SELECT} over one declared table. The same text is
     * parsed once (every producer of a consumer query checks it again; Calcite's parser is the
     * costly part of a small query): the answer is kept in a bounded cache.
     */
    public SelectStatement select(String sql) {
        SelectStatement cached = selects.get(requireNonNull(sql, "sql is null"));
        if (cached != null) {
            return cached;
        }
        SelectStatement checked = parseSelect(sql);
        if (selects.size() >= SELECT_CACHE_SIZE) {
            selects.clear();
        }
        selects.put(sql, checked);
        return checked;
    }

    private SelectStatement parseSelect(String sql) {
        SqlNode node = parse(sql);
        if (node.getKind() == SqlKind.ORDER_BY) {
            throw RgmaException.badRequest("ORDER BY, LIMIT and OFFSET are not supported in R-GMA queries");
        }
        if (!(node instanceof SqlSelect select)) {
            throw RgmaException.badRequest("expected SELECT, got " + node.getKind());
        }
        if (select.getGroup() != null || select.getHaving() != null || select.getWindowList() != null
                && !select.getWindowList().isEmpty() || select.isDistinct() || select.getFetch() != null
                || select.getOffset() != null || select.getOrderList() != null && !select.getOrderList().isEmpty()) {
            throw RgmaException.badRequest("only SELECT columns FROM table [WHERE condition] is supported");
        }
        TableDefinition table = table(select.getFrom());
        List<String> columns = new ArrayList<>();
        for (SqlNode item : select.getSelectList()) {
            if (item instanceof SqlIdentifier id && id.isStar()) {
                columns.addAll(table.columnNames());
                columns.add(TIMESTAMP_COLUMN);
            } else if (item instanceof SqlIdentifier id) {
                String cname = columnName(id, table);
                columns.add(cname);
            } else {
                throw RgmaException.badRequest("select list may only name columns, got " + item);
            }
        }
        SqlNode where = select.getWhere();
        String postgresWhere = null;
        Equalities equalities = Equalities.NONE;
        if (where != null) {
            checkCondition(where, table);
            SqlNode plain = where.accept(new Unqualify());
            postgresWhere = plain.toSqlString(PostgresqlSqlDialect.DEFAULT).getSql();
            equalities = equalities(plain);
        }
        return new SelectStatement(table, columns, postgresWhere, equalities, sql.strip());
    }

    /**
     * Parses a producer's predicate ({@code WHERE site = 'RAL' AND ...}, or empty for none) over
     * {@code table}: only a conjunction of {@code column = literal}.
     */
    public Equalities predicate(String table, String predicate) {
        if (predicate == null || predicate.isBlank()) {
            return Equalities.NONE;
        }
        String text = predicate.strip();
        if (!text.regionMatches(true, 0, "WHERE", 0, 5)) {
            text = "WHERE " + text;
        }
        SelectStatement s = select("SELECT * FROM " + table + " " + text);
        SqlNode where = ((SqlSelect) parse("SELECT * FROM " + table + " " + text)).getWhere().accept(new Unqualify());
        List<SqlNode> conjuncts = new ArrayList<>();
        flattenAnd(where, conjuncts);
        for (SqlNode c : conjuncts) {
            if (c.getKind() != SqlKind.EQUALS) {
                throw RgmaException.badRequest("a producer predicate may only be column = literal joined by AND, got " + c);
            }
        }
        if (s.equalities().values().size() != conjuncts.size()) {
            throw RgmaException.badRequest("a producer predicate may only be column = literal joined by AND, each column once");
        }
        return s.equalities();
    }

    private static String columnName(SqlIdentifier id, TableDefinition table) {
        List<String> names = id.names;
        if (names.size() > 2 || names.size() == 2 && !names.get(0).equals(table.name())) {
            throw RgmaException.badRequest("column " + id + " does not belong to table " + table.name());
        }
        String cname = names.get(names.size() - 1);
        if (table.column(cname).isEmpty() && !TIMESTAMP_COLUMN.equals(cname)) {
            throw RgmaException.badRequest("table " + table.name() + " has no column " + cname + "; its columns are "
                    + table.columnNames());
        }
        return cname;
    }

    private static void checkCondition(SqlNode node, TableDefinition table) {
        if (node instanceof SqlIdentifier id) {
            columnName(id, table);
        } else if (node instanceof SqlLiteral) {
            return;
        } else if (node instanceof SqlNodeList list) {
            for (SqlNode n : list) {
                checkCondition(n, table);
            }
        } else if (node instanceof SqlBasicCall call && CONDITION_KINDS.contains(call.getKind())) {
            for (SqlNode operand : call.getOperandList()) {
                if (operand != null) {
                    checkCondition(operand, table);
                }
            }
        } else {
            throw RgmaException.badRequest("unsupported expression in WHERE: " + node
                    + " (use comparisons, LIKE, IN, BETWEEN, IS [NOT] NULL, arithmetic, AND, OR, NOT)");
        }
    }

    private static void flattenAnd(SqlNode node, List<SqlNode> out) {
        if (node.getKind() == SqlKind.AND) {
            for (SqlNode operand : ((SqlCall) node).getOperandList()) {
                flattenAnd(operand, out);
            }
        } else {
            out.add(node);
        }
    }

    private static Equalities equalities(SqlNode where) {
        List<SqlNode> conjuncts = new ArrayList<>();
        flattenAnd(where, conjuncts);
        Map<String, String> values = new HashMap<>();
        for (SqlNode c : conjuncts) {
            if (c.getKind() != SqlKind.EQUALS) {
                continue;
            }
            SqlNode left = ((SqlCall) c).operand(0);
            SqlNode right = ((SqlCall) c).operand(1);
            if (right instanceof SqlIdentifier) {
                SqlNode t = left;
                left = right;
                right = t;
            }
            if (left instanceof SqlIdentifier id) {
                Object value;
                try {
                    value = literal(right, id.getSimple());
                } catch (RgmaException notALiteral) {
                    continue;
                }
                if (value != null) {
                    String v = Equalities.normalise(value);
                    String previous = values.putIfAbsent(id.getSimple(), v);
                    if (previous != null && !previous.equals(v)) {
                        values.put(id.getSimple(), "contradiction");
                    }
                }
            }
        }
        return new Equalities(values);
    }

    /** Drops the table qualifier of column names, so the condition applies to any relation. */
    private static final class Unqualify extends SqlShuttle {
        @Override
        public SqlNode visit(SqlIdentifier id) {
            return id.names.size() == 2 ? new SqlIdentifier(id.names.get(1), id.getParserPosition()) : id;
        }
    }
}
