package org.gridstack.frontier.protocol;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads a FroNtier binary row stream held in memory. The first record is the header (column name,
 * type name pairs); the reader stops at the end of the bytes (there is no end-of-data marker).
 * Not thread-safe.
 */
public final class RowStreamReader {
    /** One field: its type byte (NULL bit cleared), whether it is NULL, and its value. */
    public record Field(byte type, boolean isNull, Object value) {
        /** The value as bytes for type 6 fields. */
        public byte[] bytes() {
            return (byte[]) value;
        }

        /** The value as UTF-8 text for type 6 fields, null for NULL. */
        public String text() {
            return isNull ? null : new String((byte[]) value, StandardCharsets.UTF_8);
        }
    }

    /** A whole decoded row stream. */
    public record Decoded(List<String> columnNames, List<String> typeNames, List<List<Field>> rows) {
    }

    private final byte[] data;
    private final int end;
    private int pos;

    public RowStreamReader(byte[] data) {
        this(data, 0, data.length);
    }

    public RowStreamReader(byte[] data, int offset, int length) {
        this.data = Objects.requireNonNull(data, "data is null");
        this.pos = offset;
        this.end = offset + length;
    }

    /** Decodes everything; throws when the stream is malformed or truncated. */
    public static Decoded decode(byte[] stream) throws FrontierProtocolException {
        RowStreamReader r = new RowStreamReader(stream);
        List<String> names = new ArrayList<>();
        List<String> types = new ArrayList<>();
        if (!r.hasMore()) {
            return new Decoded(names, types, List.of());
        }
        List<Field> header = r.readRecord();
        if (header.size() % 2 != 0) {
            throw new FrontierProtocolException("header record has an odd number of fields (" + header.size() + ")");
        }
        for (int i = 0; i < header.size(); i += 2) {
            names.add(header.get(i).text());
            types.add(header.get(i + 1).text());
        }
        List<List<Field>> rows = new ArrayList<>();
        while (r.hasMore()) {
            List<Field> row = r.readRecord();
            if (row.size() != names.size()) {
                throw new FrontierProtocolException("record " + (rows.size() + 1) + " has " + row.size()
                        + " fields but the header names " + names.size() + " columns");
            }
            rows.add(row);
        }
        return new Decoded(names, types, rows);
    }

    /**
     * Counts the data records of {@code stream[0, length)} without decoding values: it steps over
     * each field by its type and length, so a 0x07 byte inside a string is data, not an end of
     * record. The header record is not counted; an empty stream has none.
     *
     * @throws FrontierProtocolException when the stream is malformed or truncated, or its last
     *     record has no end-of-record byte
     */
    public static long countRecords(byte[] stream, int length) throws FrontierProtocolException {
        Objects.checkFromIndexSize(0, length, Objects.requireNonNull(stream, "stream is null").length);
        if (length == 0) {
            return 0;
        }
        long endsOfRecord = 0;
        boolean recordEnded = false;
        int p = 0;
        while (p < length) {
            recordEnded = stream[p] == RowType.EOR;
            if (recordEnded) {
                endsOfRecord++;
            }
            p = fieldEnd(stream, p, length);
        }
        if (!recordEnded) {
            throw malformed("the last record has no end-of-record byte", length);
        }
        return endsOfRecord - 1;
    }

    /**
     * The offset just past the field whose type byte is at {@code at} in {@code stream[0..length)}:
     * the one rule by which every walker of a row stream steps over a field without decoding it
     * (this class's record count, the SDK's row index). An end-of-record byte is a field of one
     * byte; a NULL is its type byte alone, for the value types and {@code ARRAY} only.
     *
     * @throws FrontierProtocolException on an unknown type byte, a negative length, or a field
     *     that runs past {@code length} ("row stream truncated"), naming the offset
     */
    public static int fieldEnd(byte[] stream, int at, int length) throws FrontierProtocolException {
        if (at >= length) {
            throw malformed("row stream truncated: a field was expected", at);
        }
        int t = stream[at] & 0xff;
        int p = at + 1;
        if ((t & RowType.NULL_BIT) != 0) {
            if ((t & 0x7f) > RowType.ARRAY) {
                throw malformed("unknown NULL type byte 0x" + Integer.toHexString(t), at);
            }
            return p;
        }
        int size = switch (t) {
            case RowType.EOR -> 0;
            case RowType.BYTE -> 1;
            case RowType.INT4, RowType.FLOAT -> 4;
            case RowType.INT8, RowType.DOUBLE, RowType.TIME -> 8;
            case RowType.ARRAY -> {
                if (length - p < 4) {
                    throw malformed("row stream truncated inside a length", p);
                }
                int len = (stream[p] & 0xff) << 24 | (stream[p + 1] & 0xff) << 16 | (stream[p + 2] & 0xff) << 8 | (stream[p + 3] & 0xff);
                if (len < 0) {
                    throw malformed("negative length " + len, p);
                }
                if (len > length - p - 4) {
                    throw malformed("row stream truncated inside a field", p);
                }
                yield 4 + len;
            }
            default -> throw malformed("unknown type byte 0x" + Integer.toHexString(t), at);
        };
        if (length - p < size) {
            throw malformed("row stream truncated inside a field", p);
        }
        return p + size;
    }

    private static FrontierProtocolException malformed(String what, int offset) {
        return new FrontierProtocolException("malformed row stream: " + what + " at offset " + offset);
    }

    public boolean hasMore() {
        return pos < end;
    }

    /** Reads fields up to and including the next end-of-record byte. */
    public List<Field> readRecord() throws FrontierProtocolException {
        List<Field> fields = new ArrayList<>();
        while (true) {
            need(1);
            byte t = data[pos++];
            boolean isNull = (t & RowType.NULL_BIT) != 0;
            byte type = (byte) (t & 0x7f);
            if (type == RowType.EOR) {
                return fields;
            }
            if (isNull) {
                if (type > RowType.ARRAY) {
                    throw bad("unknown type byte 0x" + Integer.toHexString(t & 0xff));
                }
                fields.add(new Field(type, true, null));
                continue;
            }
            switch (type) {
                case RowType.BYTE -> {
                    need(1);
                    fields.add(new Field(type, false, data[pos++]));
                }
                case RowType.INT4 -> fields.add(new Field(type, false, readInt()));
                case RowType.INT8 -> fields.add(new Field(type, false, readLong()));
                case RowType.FLOAT -> fields.add(new Field(type, false, Float.intBitsToFloat(readInt())));
                case RowType.DOUBLE -> fields.add(new Field(type, false, Double.longBitsToDouble(readLong())));
                case RowType.TIME -> fields.add(new Field(type, false, readLong()));
                case RowType.ARRAY -> {
                    int len = readInt();
                    if (len < 0) {
                        throw bad("negative length " + len);
                    }
                    need(len);
                    byte[] v = new byte[len];
                    System.arraycopy(data, pos, v, 0, len);
                    pos += len;
                    fields.add(new Field(type, false, v));
                }
                default -> throw bad("unknown type byte 0x" + Integer.toHexString(t & 0xff));
            }
        }
    }

    private int readInt() throws FrontierProtocolException {
        need(4);
        int v = ((data[pos] & 0xff) << 24) | ((data[pos + 1] & 0xff) << 16) | ((data[pos + 2] & 0xff) << 8) | (data[pos + 3] & 0xff);
        pos += 4;
        return v;
    }

    private long readLong() throws FrontierProtocolException {
        long hi = readInt() & 0xffffffffL;
        long lo = readInt() & 0xffffffffL;
        return (hi << 32) | lo;
    }

    private void need(int n) throws FrontierProtocolException {
        if (end - pos < n) {
            throw bad("row stream truncated: need " + n + " more bytes, " + (end - pos) + " left");
        }
    }

    private FrontierProtocolException bad(String what) {
        return new FrontierProtocolException(what + " at offset " + pos);
    }
}
