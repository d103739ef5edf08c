package org.gridstack.dqp.dataservice;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;

/**
 * A {@link ScanRequest} checked against a {@link TableCatalog} and turned into one parameterised
 * SELECT: identifiers come from the catalog (quoted), values are bind parameters converted to the
 * column's type, so no caller text reaches the SQL. Immutable.
 */
@ThreadSafe
public final class ScanStatement {
    private final String sql;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf) of immutable bind values (String, Number, Boolean, java.time, ByteString)
    private final List<Object> parameters;
    private final BlockSchema resultSchema;

    private ScanStatement(String sql, List<Object> parameters, BlockSchema resultSchema) {
        this.sql = sql;
        this.parameters = parameters;
        this.resultSchema = resultSchema;
    }

    /**
     * Checks {@code request} against {@code catalog}.
     *
     * @throws IllegalArgumentException naming the unknown table (and the known ones), the unknown
     *         column (and the table's columns) or the value that does not fit its column
     */
    public static ScanStatement of(ScanRequest request, TableCatalog catalog) {
        requireNonNull(request, "request is null");
        requireNonNull(catalog, "catalog is null");
        TableDescription table = catalog.table(request.table()).orElseThrow(() -> new IllegalArgumentException(
                "unknown table '" + request.table() + "'; this data service has "
                        + catalog.tables().stream().map(TableDescription::name).collect(Collectors.joining(", "))));
        if (!request.joins().isEmpty()) {
            return joined(request, table, catalog);
        }
        List<Column> selected = new ArrayList<>();
        if (request.columns().isEmpty()) {
            selected.addAll(table.schema().columns());
        } else {
            for (String name : request.columns()) {
                selected.add(column(table, name));
            }
        }
        List<String> items = new ArrayList<>(selected.stream().map(c -> quote(c.name())).toList());
        List<Column> resultColumns = new ArrayList<>(selected);
        boolean aggregating = !request.aggregates().isEmpty();
        if (aggregating && request.columns().isEmpty()) {
            // no group columns: one row of aggregates
            items.clear();
            resultColumns.clear();
        }
        for (ScanAggregate a : request.aggregates()) {
            Column argument = a.column() == null ? null : column(table, a.column());
            items.add(a.function() + "(" + (a.distinct() ? "DISTINCT " : "") + (argument == null ? "*" : quote(argument.name())) + ")");
            resultColumns.add(new Column(a.function().toLowerCase(Locale.ROOT) + "_" + resultColumns.size(), aggregateType(a.function(), argument), true));
        }
        StringBuilder sql = new StringBuilder("SELECT ");
        sql.append(String.join(", ", items));
        sql.append(" FROM ").append(quote(table.name()));
        List<Object> parameters = new ArrayList<>();
        String glue = " WHERE ";
        for (ScanFilter f : request.filters()) {
            Column c = column(table, f.column());
            sql.append(glue).append(quote(c.name())).append(' ').append(f.op().sql());
            if (f.op().takesValue()) {
                if (f.op() == FilterOperator.LIKE && c.type() != ColumnType.VARCHAR) {
                    throw new IllegalArgumentException("LIKE needs a text column; " + c.name() + " is " + c.type());
                }
                sql.append(" ?");
                parameters.add(convert(f.value(), c));
            }
            glue = " AND ";
        }
        if (aggregating && !request.columns().isEmpty()) {
            sql.append(" GROUP BY ").append(selected.stream().map(c -> quote(c.name())).collect(Collectors.joining(", ")));
        }
        return new ScanStatement(sql.toString(), List.copyOf(parameters), new BlockSchema(resultColumns));
    }

    /*
     * SELECT t0.<columns>, t1.<columns>, ... [, <aggregates>]
     * FROM (SELECT * FROM <table> WHERE <its filters>) AS t0 <TYPE> JOIN (SELECT * FROM <table 1> WHERE ...) AS t1 ON t0.k = t1.k ...
     * [GROUP BY <the columns>]
     * Each table's filters go into a sub-select of it so that an outer join keeps them below itself.
     */
    private static ScanStatement joined(ScanRequest request, TableDescription first, TableCatalog catalog) {
        List<TableDescription> tables = new ArrayList<>();
        tables.add(first);
        for (ScanJoin join : request.joins()) {
            tables.add(catalog.table(join.table()).orElseThrow(() -> new IllegalArgumentException(
                    "unknown table '" + join.table() + "'; this data service has "
                            + catalog.tables().stream().map(TableDescription::name).collect(Collectors.joining(", ")))));
        }
        List<String> items = new ArrayList<>();
        List<Column> resultColumns = new ArrayList<>();
        selectExactly(first, "t0", request.columns(), items, resultColumns);
        for (int i = 0; i < request.joins().size(); i++) {
            selectExactly(tables.get(i + 1), "t" + (i + 1), request.joins().get(i).columns(), items, resultColumns);
        }
        List<String> groups = List.copyOf(items);
        for (ScanAggregate a : request.aggregates()) {
            if (a.table() >= tables.size()) {
                throw new IllegalArgumentException("aggregate " + a + " names table position " + a.table() + "; the request joins "
                        + tables.size() + " tables");
            }
            Column argument = a.column() == null ? null : column(tables.get(a.table()), a.column());
            items.add(a.function() + "(" + (a.distinct() ? "DISTINCT " : "") + (argument == null ? "*" : "t" + a.table() + "." + quote(argument.name()))
                    + ")");
            resultColumns.add(new Column(a.function().toLowerCase(Locale.ROOT) + "_" + resultColumns.size(), aggregateType(a.function(), argument),
                    true));
        }
        if (items.isEmpty()) {
            throw new IllegalArgumentException("a joined scan must return at least one column or aggregate");
        }
        List<Object> parameters = new ArrayList<>();
        StringBuilder sql = new StringBuilder("SELECT ").append(String.join(", ", items));
        sql.append(" FROM ");
        filtered(first, request.filters(), List.of(), sql, parameters);
        sql.append(" AS t0");
        for (int i = 0; i < request.joins().size(); i++) {
            ScanJoin join = request.joins().get(i);
            TableDescription table = tables.get(i + 1);
            String alias = "t" + (i + 1);
            sql.append(' ').append(join.type().name()).append(" JOIN ");
            filtered(table, join.filters(), join.distinctOn(), sql, parameters);
            sql.append(" AS ").append(alias).append(" ON ");
            if (join.leftKeys().isEmpty()) {
                sql.append("TRUE");
            }
            for (int k = 0; k < join.leftKeys().size(); k++) {
                ScanColumn leftKey = join.leftKeys().get(k);
                if (leftKey.table() > i) {
                    throw new IllegalArgumentException("join " + (i + 1) + " (" + table.name() + ") has a left key of table position "
                            + leftKey.table() + ", which is not joined before it");
                }
                Column l = column(tables.get(leftKey.table()), leftKey.column());
                Column r = column(table, join.rightKeys().get(k));
                if (l.type() != r.type()) {
                    throw new IllegalArgumentException("join keys " + l.name() + " (" + l.type() + ") and " + r.name() + " (" + r.type()
                            + ") are not of one type");
                }
                sql.append(k == 0 ? "" : " AND ").append('t').append(leftKey.table()).append('.').append(quote(l.name()))
                        .append(" = ").append(alias).append('.').append(quote(r.name()));
            }
        }
        if (!request.aggregates().isEmpty() && !groups.isEmpty()) {
            sql.append(" GROUP BY ").append(String.join(", ", groups));
        }
        return new ScanStatement(sql.toString(), List.copyOf(parameters), new BlockSchema(resultColumns));
    }

    // the table, or a sub-select of its (distinct) rows that pass the filters
    private static void filtered(TableDescription table, List<ScanFilter> filters, List<String> distinctOn, StringBuilder sql,
            List<Object> parameters) {
        if (filters.isEmpty() && distinctOn.isEmpty()) {
            sql.append(quote(table.name()));
            return;
        }
        sql.append("(SELECT ").append(distinctOn.isEmpty() ? "*"
                : "DISTINCT " + distinctOn.stream().map(c -> quote(column(table, c).name())).collect(Collectors.joining(", ")));
        sql.append(" FROM ").append(quote(table.name()));
        where(table, quote(table.name()), filters, sql, parameters, " WHERE ");
        sql.append(')');
    }

    // the named columns (none when the list is empty), each nullable: an outer join may leave it NULL
    private static void selectExactly(TableDescription table, String alias, List<String> names, List<String> items, List<Column> columns) {
        for (String name : names) {
            Column c = column(table, name);
            items.add(alias + "." + quote(c.name()));
            columns.add(new Column(c.name(), c.type(), true));
        }
    }

    private static String where(TableDescription table, String alias, List<ScanFilter> filters, StringBuilder sql, List<Object> parameters,
            String glue) {
        String next = glue;
        for (ScanFilter f : filters) {
            Column c = column(table, f.column());
            sql.append(next).append(alias).append('.').append(quote(c.name())).append(' ').append(f.op().sql());
            if (f.op().takesValue()) {
                if (f.op() == FilterOperator.LIKE && c.type() != ColumnType.VARCHAR) {
                    throw new IllegalArgumentException("LIKE needs a text column; " + c.name() + " is " + c.type());
                }
                sql.append(" ?");
                parameters.add(convert(f.value(), c));
            }
            next = " AND ";
        }
        return next;
    }

    /** PostgreSQL's result type of {@code function} over {@code argument} (null: COUNT(*)). */
    static ColumnType aggregateType(String function, Column argument) {
        if (function.equals("COUNT")) {
            return ColumnType.BIGINT;
        }
        ColumnType t = argument.type();
        if (function.equals("MIN") || function.equals("MAX")) {
            return t;
        }
        boolean sum = function.equals("SUM");
        return switch (t) {
            case SMALLINT, INTEGER -> sum ? ColumnType.BIGINT : ColumnType.DECIMAL;
            case BIGINT, DECIMAL -> ColumnType.DECIMAL;
            case REAL -> sum ? ColumnType.REAL : ColumnType.DOUBLE;
            case DOUBLE -> ColumnType.DOUBLE;
            default -> throw new IllegalArgumentException(function + " needs a number column; " + argument.name() + " is " + t);
        };
    }

    private static Column column(TableDescription table, String name) {
        for (Column c : table.schema().columns()) {
            if (c.name().equalsIgnoreCase(name)) {
                return c;
            }
        }
        throw new IllegalArgumentException("table " + table.name() + " has no column '" + name + "'; its columns: "
                + String.join(", ", table.schema().names()));
    }

    private static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    private static Object convert(Object value, Column column) {
        try {
            return switch (column.type()) {
                case VARCHAR -> value.toString();
                case INTEGER -> value instanceof Number n ? new BigDecimal(n.toString()).intValueExact()
                        : Integer.valueOf(value.toString().trim());
                case BIGINT -> value instanceof Number n ? new BigDecimal(n.toString()).longValueExact()
                        : Long.valueOf(value.toString().trim());
                case DOUBLE -> value instanceof Number n ? n.doubleValue() : Double.valueOf(value.toString().trim());
                case BOOLEAN -> value instanceof Boolean b ? b : column.type().parse(value.toString().toLowerCase(Locale.ROOT));
                case SMALLINT -> value instanceof Number n ? new BigDecimal(n.toString()).shortValueExact()
                        : Short.valueOf(value.toString().trim());
                case REAL -> value instanceof Number n ? n.floatValue() : Float.valueOf(value.toString().trim());
                case DECIMAL -> value instanceof Number n ? new BigDecimal(n.toString()) : new BigDecimal(value.toString().trim());
                // the other types' filters are sent as their text form and read by PostgreSQL's own input function
                case DATE, TIME, TIMESTAMP, TIMESTAMPTZ, BYTEA -> column.type().parse(value.toString());
            };
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("filter value '" + value + "' does not fit column " + column.name()
                    + " of type " + column.type(), e);
        }
    }

    /** The SELECT, with {@code ?} for each parameter. */
    public String sql() {
        return sql;
    }

    /** The bind parameters, in order. */
    public List<Object> parameters() {
        return parameters;
    }

    /** The columns of the rows the SELECT returns. */
    public BlockSchema resultSchema() {
        return resultSchema;
    }
}
