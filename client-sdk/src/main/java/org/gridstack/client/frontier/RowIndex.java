package org.gridstack.client.frontier;

import com.google.errorprone.annotations.ThreadSafe;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.RowStreamReader;
import org.gridstack.frontier.protocol.RowStreamReader.Field;
import org.gridstack.frontier.protocol.RowType;

/**
 * A checked row stream with the position of every field: one pass validates the structure (type
 * bytes, lengths, the header's name/type pairs, the same number of fields in every record) and
 * records where each field starts; values are decoded only when asked for. This keeps a large
 * answer as one array plus one int per field instead of an object per value. Immutable after
 * {@link #build}; thread-safe.
 */
@ThreadSafe
final class RowIndex {
    // data is the decoded payload FrontierClient hands over and drops, offsets are made by build():
    // neither is written after build() nor handed out; the lists are unmodifiable (List.of/List.copyOf)
    @SuppressWarnings("ThreadSafe")
    private final byte[] data;
    @SuppressWarnings("ThreadSafe")
    private final List<String> columnNames;
    @SuppressWarnings("ThreadSafe")
    private final List<String> typeNames;
    private final int rows;
    @SuppressWarnings("ThreadSafe")
    private final int[] offsets;

    private RowIndex(byte[] data, List<String> columnNames, List<String> typeNames, int rows, int[] offsets) {
        this.data = data;
        this.columnNames = columnNames;
        this.typeNames = typeNames;
        this.rows = rows;
        this.offsets = offsets;
    }

    /** Indexes {@code data[0..length)}; throws when the stream is malformed or truncated. */
    static RowIndex build(byte[] data, int length) throws FrontierProtocolException {
        Objects.requireNonNull(data, "data is null");
        if (length == 0) {
            return new RowIndex(data, List.of(), List.of(), 0, new int[0]);
        }
        Scanner s = new Scanner(data, length);
        int headerFields = s.headerRecord();
        if (headerFields % 2 != 0) {
            throw new FrontierProtocolException("header record has an odd number of fields (" + headerFields + ")");
        }
        List<String> names = new ArrayList<>(headerFields / 2);
        List<String> types = new ArrayList<>(headerFields / 2);
        for (int i = 0; i < headerFields; i += 2) {
            names.add(s.headerText(i));
            types.add(s.headerText(i + 1));
        }
        int columns = names.size();
        int[] offsets = new int[Math.max(16, columns * 64)];
        int n = 0;
        int rows = 0;
        while (s.pos < length) {
            if (offsets.length - n < columns) {
                offsets = Arrays.copyOf(offsets, Math.max(offsets.length * 2, n + columns));
            }
            int fields = s.record(offsets, n, columns);
            if (fields != columns) {
                throw new FrontierProtocolException("record " + (rows + 1) + " has " + fields + " fields but the header names " + columns + " columns");
            }
            n += columns;
            rows++;
        }
        return new RowIndex(data, List.copyOf(names), List.copyOf(types), rows, offsets);
    }

    List<String> columnNames() {
        return columnNames;
    }

    List<String> typeNames() {
        return typeNames;
    }

    int rowCount() {
        return rows;
    }

    private int offset(int row, int column) {
        return offsets[row * columnNames.size() + column];
    }

    boolean isNull(int row, int column) {
        return (data[offset(row, column)] & RowType.NULL_BIT) != 0;
    }

    byte type(int row, int column) {
        return (byte) (data[offset(row, column)] & 0x7f);
    }

    /** A type-6 (bytes) field's value as UTF-8 text, without copying the bytes first. */
    String arrayText(int row, int column) {
        int at = offset(row, column);
        return new String(data, at + 5, readInt(data, at + 1), StandardCharsets.UTF_8);
    }

    /** The field as the protocol module's {@link Field} (a copy of the bytes for type 6). */
    Field field(int row, int column) {
        int at = offset(row, column);
        byte t = data[at];
        byte type = (byte) (t & 0x7f);
        if ((t & RowType.NULL_BIT) != 0) {
            return new Field(type, true, null);
        }
        int v = at + 1;
        return switch (type) {
            case RowType.BYTE -> new Field(type, false, data[v]);
            case RowType.INT4 -> new Field(type, false, readInt(data, v));
            case RowType.INT8, RowType.TIME -> new Field(type, false, readLong(data, v));
            case RowType.FLOAT -> new Field(type, false, Float.intBitsToFloat(readInt(data, v)));
            case RowType.DOUBLE -> new Field(type, false, Double.longBitsToDouble(readLong(data, v)));
            default -> new Field(type, false, Arrays.copyOfRange(data, v + 4, v + 4 + readInt(data, v)));
        };
    }

    private static int readInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
    }

    private static long readLong(byte[] b, int at) {
        return (readInt(b, at) & 0xffffffffL) << 32 | (readInt(b, at + 4) & 0xffffffffL);
    }

    /** Walks records, checking each field's type and length. */
    private static final class Scanner {
        private final byte[] data;
        private final int end;
        private int pos;
        private int[] header = new int[16];

        Scanner(byte[] data, int end) {
            this.data = data;
            this.end = end;
        }

        /** The header record: field offsets kept in {@link #header}. */
        int headerRecord() throws FrontierProtocolException {
            int count = 0;
            while (true) {
                if (count == header.length) {
                    header = Arrays.copyOf(header, header.length * 2);
                }
                int at = pos;
                if (!field()) {
                    return count;
                }
                header[count++] = at;
            }
        }

        /** A data record: at most {@code columns} offsets stored from {@code into[from]}; returns the field count. */
        int record(int[] into, int from, int columns) throws FrontierProtocolException {
            int count = 0;
            while (true) {
                int at = pos;
                if (!field()) {
                    return count;
                }
                if (count < columns) {
                    into[from + count] = at;
                }
                count++;
            }
        }

        String headerText(int i) throws FrontierProtocolException {
            int at = header[i];
            if ((data[at] & 0x7f) != RowType.ARRAY || (data[at] & RowType.NULL_BIT) != 0) {
                throw new FrontierProtocolException("header field " + (i + 1) + " is not a name (type byte 0x" + Integer.toHexString(data[at] & 0xff) + ")");
            }
            return new String(data, at + 5, readInt(data, at + 1), StandardCharsets.UTF_8);
        }

        /** Skips one field ({@link RowStreamReader#fieldEnd}, the protocol's one rule); false when it was the end-of-record byte. */
        private boolean field() throws FrontierProtocolException {
            boolean endOfRecord = pos < end && data[pos] == RowType.EOR;
            pos = RowStreamReader.fieldEnd(data, pos, end);
            return !endOfRecord;
        }
    }
}
