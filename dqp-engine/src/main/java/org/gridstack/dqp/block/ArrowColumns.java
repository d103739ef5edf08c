package org.gridstack.dqp.block;

import com.google.errorprone.annotations.ThreadSafe;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Map;

import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.calcite.avatica.util.ByteString;

/**
 * How each {@link ColumnType} is laid out in Arrow: its Arrow type, and how one value is written to
 * and read from its vector. DECIMAL travels as its exact text in a Utf8 vector (PostgreSQL's numeric
 * has a scale per value, Arrow's Decimal one per column), marked by the field metadata
 * {@value #TYPE_KEY}; times are microseconds (PostgreSQL's resolution), TIMESTAMPTZ as UTC.
 * Stateless; thread-safe.
 */
@ThreadSafe
final class ArrowColumns {
    /** Field metadata key naming the engine's type where the Arrow type alone does not. */
    static final String TYPE_KEY = "gridstack.dqp.type";

    private ArrowColumns() {
    }

    /** The Arrow field of {@code column} (not dictionary-encoded). */
    static Field field(Column column) {
        ArrowType type = switch (column.type()) {
            case VARCHAR, DECIMAL -> ArrowType.Utf8.INSTANCE;
            case SMALLINT -> new ArrowType.Int(16, true);
            case INTEGER -> new ArrowType.Int(32, true);
            case BIGINT -> new ArrowType.Int(64, true);
            case REAL -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case BOOLEAN -> ArrowType.Bool.INSTANCE;
            case DATE -> new ArrowType.Date(DateUnit.DAY);
            case TIME -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
            case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
            case TIMESTAMPTZ -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
            case BYTEA -> ArrowType.Binary.INSTANCE;
        };
        Map<String, String> metadata = column.type() == ColumnType.DECIMAL ? Map.of(TYPE_KEY, ColumnType.DECIMAL.name()) : null;
        return new Field(column.name(), new FieldType(column.nullable(), type, null, metadata), null);
    }

    /** The engine's type of an Arrow field (value type {@code t}), or null when the engine does not carry it. */
    static ColumnType typeOf(Field field, ArrowType t) {
        String marked = field.getMetadata() == null ? null : field.getMetadata().get(TYPE_KEY);
        if (ColumnType.DECIMAL.name().equals(marked) && t instanceof ArrowType.Utf8) {
            return ColumnType.DECIMAL;
        }
        if (t instanceof ArrowType.Utf8) {
            return ColumnType.VARCHAR;
        }
        if (t instanceof ArrowType.Int i && i.getIsSigned()) {
            return switch (i.getBitWidth()) {
                case 16 -> ColumnType.SMALLINT;
                case 32 -> ColumnType.INTEGER;
                case 64 -> ColumnType.BIGINT;
                default -> null;
            };
        }
        if (t instanceof ArrowType.FloatingPoint fp) {
            return fp.getPrecision() == FloatingPointPrecision.DOUBLE ? ColumnType.DOUBLE
                    : fp.getPrecision() == FloatingPointPrecision.SINGLE ? ColumnType.REAL : null;
        }
        if (t instanceof ArrowType.Bool) {
            return ColumnType.BOOLEAN;
        }
        if (t instanceof ArrowType.Date d && d.getUnit() == DateUnit.DAY) {
            return ColumnType.DATE;
        }
        if (t instanceof ArrowType.Time tm && tm.getUnit() == TimeUnit.MICROSECOND) {
            return ColumnType.TIME;
        }
        if (t instanceof ArrowType.Timestamp ts && ts.getUnit() == TimeUnit.MICROSECOND) {
            return ts.getTimezone() == null ? ColumnType.TIMESTAMP : ColumnType.TIMESTAMPTZ;
        }
        if (t instanceof ArrowType.Binary) {
            return ColumnType.BYTEA;
        }
        return null;
    }

    /** Writes non-null {@code value} of {@code type} at {@code row}. */
    static void set(FieldVector vector, int row, ColumnType type, Object value) {
        switch (type) {
            case VARCHAR -> ((VarCharVector) vector).setSafe(row, ((String) value).getBytes(StandardCharsets.UTF_8));
            case DECIMAL -> ((VarCharVector) vector).setSafe(row,
                    ((BigDecimal) value).toPlainString().getBytes(StandardCharsets.US_ASCII));
            case SMALLINT -> ((SmallIntVector) vector).setSafe(row, (Short) value);
            case INTEGER -> ((IntVector) vector).setSafe(row, (Integer) value);
            case BIGINT -> ((BigIntVector) vector).setSafe(row, (Long) value);
            case REAL -> ((Float4Vector) vector).setSafe(row, (Float) value);
            case DOUBLE -> ((Float8Vector) vector).setSafe(row, (Double) value);
            case BOOLEAN -> ((BitVector) vector).setSafe(row, (Boolean) value ? 1 : 0);
            case DATE -> ((DateDayVector) vector).setSafe(row, Math.toIntExact(((LocalDate) value).toEpochDay()));
            case TIME -> ((TimeMicroVector) vector).setSafe(row, ((LocalTime) value).toNanoOfDay() / 1_000);
            case TIMESTAMP -> ((TimeStampMicroVector) vector).setSafe(row,
                    ChronoUnit.MICROS.between(Instant.EPOCH, ((LocalDateTime) value).toInstant(ZoneOffset.UTC)));
            case TIMESTAMPTZ -> ((TimeStampMicroTZVector) vector).setSafe(row,
                    ChronoUnit.MICROS.between(Instant.EPOCH, ((OffsetDateTime) value).toInstant()));
            case BYTEA -> ((VarBinaryVector) vector).setSafe(row, ((ByteString) value).getBytes());
        }
    }

    /** The non-null value of {@code type} at {@code row}. */
    static Object get(FieldVector vector, int row, ColumnType type) {
        return switch (type) {
            case VARCHAR -> new String(((VarCharVector) vector).get(row), StandardCharsets.UTF_8);
            case DECIMAL -> new BigDecimal(new String(((VarCharVector) vector).get(row), StandardCharsets.US_ASCII));
            case SMALLINT -> ((SmallIntVector) vector).get(row);
            case INTEGER -> ((IntVector) vector).get(row);
            case BIGINT -> ((BigIntVector) vector).get(row);
            case REAL -> ((Float4Vector) vector).get(row);
            case DOUBLE -> ((Float8Vector) vector).get(row);
            case BOOLEAN -> ((BitVector) vector).get(row) != 0;
            case DATE -> LocalDate.ofEpochDay(((DateDayVector) vector).get(row));
            case TIME -> LocalTime.ofNanoOfDay(((TimeMicroVector) vector).get(row) * 1_000);
            case TIMESTAMP -> LocalDateTime.ofEpochSecond(Math.floorDiv(((TimeStampMicroVector) vector).get(row), 1_000_000L),
                    (int) Math.floorMod(((TimeStampMicroVector) vector).get(row), 1_000_000L) * 1_000, ZoneOffset.UTC);
            case TIMESTAMPTZ -> OffsetDateTime.ofInstant(Instant.EPOCH.plus(((TimeStampMicroTZVector) vector).get(row),
                    ChronoUnit.MICROS), ZoneOffset.UTC);
            case BYTEA -> new ByteString(((VarBinaryVector) vector).get(row));
        };
    }
}
