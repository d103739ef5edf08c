package org.gridstack.client.frontier;

import com.google.errorprone.annotations.Immutable;
import com.google.errorprone.annotations.ThreadSafe;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.gridstack.frontier.protocol.RowStreamReader.Field;
import org.gridstack.frontier.protocol.RowType;

/**
 * A checked, decoded answer: column names and SQL type names from the header record, the rows,
 * typed accessors (rows and columns count from 0), and where the answer came from. The servlet
 * sends values as text (binary columns as bytes); the accessors convert that text according to
 * the Java type asked for. Primitive accessors throw on NULL, so check {@link #isNull} first when
 * a column may be NULL. Immutable and thread-safe.
 */
@ThreadSafe
public final class FrontierResult {
    /** Where the answer came from and how the caches treated it. */
    @Immutable
    public record Origin(URI server, URI proxy, String xCache, Long ageSeconds, int attempts, long bytes, Duration elapsed) {
        /** {@code HIT}, {@code MISS}, ... from the first word of {@code X-Cache}; null without it. */
        public String cacheStatus() {
            if (xCache == null) {
                return null;
            }
            String first = xCache.split(",")[0].trim();
            return first.contains(" ") ? first.substring(0, first.indexOf(' ')) : first;
        }

        /** "server via proxy" or "server (direct)". */
        public String describe() {
            return server + (proxy == null ? " (direct)" : " via proxy " + proxy);
        }
    }

    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd")
            .optionalStart().appendLiteral(' ').appendPattern("HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .optionalEnd()
            .toFormatter(Locale.ROOT);

    @SuppressWarnings("ThreadSafe") // the RowIndex's unmodifiable list
    private final List<String> columnNames;
    @SuppressWarnings("ThreadSafe") // the RowIndex's unmodifiable list
    private final List<String> typeNames;
    private final RowIndex rows;
    private final long fullSize;
    private final Origin origin;

    FrontierResult(RowIndex rows, long fullSize, Origin origin) {
        this.rows = Objects.requireNonNull(rows, "rows is null");
        this.columnNames = rows.columnNames();
        this.typeNames = rows.typeNames();
        this.fullSize = fullSize;
        this.origin = Objects.requireNonNull(origin, "origin is null");
    }

    public List<String> columnNames() {
        return columnNames;
    }

    /** SQL type names as the server's database reports them, e.g. {@code int8}, {@code NUMBER(10)}. */
    public List<String> typeNames() {
        return typeNames;
    }

    public int columnCount() {
        return columnNames.size();
    }

    public int rowCount() {
        return rows.rowCount();
    }

    /** Bytes of the uncompressed row stream. */
    public long fullSize() {
        return fullSize;
    }

    public Origin origin() {
        return origin;
    }

    /** The column index of a name (case-insensitive), or -1. */
    public int columnIndex(String name) {
        for (int i = 0; i < columnNames.size(); i++) {
            if (columnNames.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    private void check(int row, int column) {
        if (row < 0 || row >= rows.rowCount()) {
            throw new IndexOutOfBoundsException("row " + row + " of " + rows.rowCount());
        }
        if (column < 0 || column >= columnNames.size()) {
            throw new IndexOutOfBoundsException("column " + column + " of " + columnNames.size());
        }
    }

    private Field field(int row, int column) {
        check(row, column);
        return rows.field(row, column);
    }

    public boolean isNull(int row, int column) {
        check(row, column);
        return rows.isNull(row, column);
    }

    private Field nonNull(int row, int column, String javaType) {
        Field f = field(row, column);
        if (f.isNull()) {
            throw new IllegalStateException("column " + columnNames.get(column) + " of row " + row + " is NULL, not a " + javaType);
        }
        return f;
    }

    /** The value as text (binary values as UTF-8), null for NULL. */
    public String getString(int row, int column) {
        check(row, column);
        if (rows.isNull(row, column)) {
            return null;
        }
        // text is what the servlet sends for nearly every column: decoded straight from the row stream
        return rows.type(row, column) == RowType.ARRAY ? rows.arrayText(row, column) : String.valueOf(rows.field(row, column).value());
    }

    public long getLong(int row, int column) {
        Field f = nonNull(row, column, "long");
        if (f.value() instanceof Number n && f.type() != RowType.FLOAT && f.type() != RowType.DOUBLE) {
            return n.longValue();
        }
        String text = getString(row, column).trim();
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException notPlain) {
            try {
                // NUMBER columns may come as "12.0" or "1E+3"; only exact integers are accepted
                return new BigDecimal(text).longValueExact();
            } catch (NumberFormatException | ArithmeticException e) {
                throw conversion(row, column, text, "long", e);
            }
        }
    }

    public int getInt(int row, int column) {
        long v = getLong(row, column);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw conversion(row, column, String.valueOf(v), "int", null);
        }
        return (int) v;
    }

    public double getDouble(int row, int column) {
        Field f = nonNull(row, column, "double");
        if (f.value() instanceof Number n) {
            return n.doubleValue();
        }
        String text = getString(row, column).trim();
        try {
            // Double.parseDouble knows NaN, Infinity and -Infinity as PostgreSQL writes them
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw conversion(row, column, text, "double", e);
        }
    }

    /** Exact decimal value, null for NULL. */
    public BigDecimal getBigDecimal(int row, int column) {
        Field f = field(row, column);
        if (f.isNull()) {
            return null;
        }
        String text = getString(row, column).trim();
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            throw conversion(row, column, text, "BigDecimal", e);
        }
    }

    /**
     * The bytes of the value, null for NULL. A {@code bytea} value in PostgreSQL's text form
     * ({@code \x} + hex, as the production servlet sends it) is decoded; other values are returned
     * as sent (BLOB columns arrive as raw bytes).
     */
    public byte[] getBytes(int row, int column) {
        Field f = field(row, column);
        if (f.isNull()) {
            return null;
        }
        if (f.type() != RowType.ARRAY) {
            return String.valueOf(f.value()).getBytes(StandardCharsets.UTF_8);
        }
        byte[] raw = f.bytes();
        if ("bytea".equalsIgnoreCase(typeNames.get(column)) && isPostgresHex(raw)) {
            return HexFormat.of().parseHex(new String(raw, 2, raw.length - 2, StandardCharsets.US_ASCII));
        }
        return raw.clone();
    }

    private static boolean isPostgresHex(byte[] raw) {
        if (raw.length < 2 || raw[0] != '\\' || raw[1] != 'x' || raw.length % 2 != 0) {
            return false;
        }
        for (int i = 2; i < raw.length; i++) {
            if (Character.digit(raw[i], 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * A timestamp, null for NULL. Accepts {@code yyyy-MM-dd[ HH:mm:ss[.fraction]]} (PostgreSQL
     * {@code timestamp}/{@code date}, Oracle {@code DATE}/{@code TIMESTAMP} as the servlet
     * formats them, taken as local time like JDBC does) and type-5 time fields (epoch ms).
     */
    public Timestamp getTimestamp(int row, int column) {
        Field f = field(row, column);
        if (f.isNull()) {
            return null;
        }
        if (f.type() == RowType.TIME) {
            return new Timestamp(((Number) f.value()).longValue());
        }
        String text = getString(row, column).trim();
        try {
            var parsed = TIMESTAMP.parseBest(text, LocalDateTime::from, LocalDate::from);
            LocalDateTime t = parsed instanceof LocalDateTime ldt ? ldt : ((LocalDate) parsed).atStartOfDay();
            return Timestamp.valueOf(t);
        } catch (DateTimeParseException e) {
            throw conversion(row, column, text, "timestamp", e);
        }
    }

    /** A Java value chosen by the column's SQL type name; see {@link SqlTypes}. */
    public Object getObject(int row, int column) {
        if (isNull(row, column)) {
            return null;
        }
        return switch (SqlTypes.javaKind(typeNames.get(column))) {
            case INT -> getInt(row, column);
            case LONG -> getLong(row, column);
            case DOUBLE -> getDouble(row, column);
            case DECIMAL -> getBigDecimal(row, column);
            case TIMESTAMP -> getTimestamp(row, column);
            case BYTES -> getBytes(row, column);
            case STRING -> getString(row, column);
        };
    }

    private IllegalArgumentException conversion(int row, int column, String text, String javaType, Exception cause) {
        return new IllegalArgumentException("column " + columnNames.get(column) + " (" + typeNames.get(column) + ") of row " + row
                + ": '" + text + "' is not a " + javaType, cause);
    }
}
