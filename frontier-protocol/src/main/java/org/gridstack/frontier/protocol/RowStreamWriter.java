package org.gridstack.frontier.protocol;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Writes the FroNtier binary row stream (big-endian, a type byte before every field, {@code 0x07}
 * after every record) into an internal buffer that is handed to the downstream in large chunks.
 * Counts the bytes written ({@code full_size}) and the data records. Not thread-safe.
 */
public final class RowStreamWriter {
    private static final int DEFAULT_BUFFER = 64 * 1024;

    private final OutputStream out;
    private final byte[] buf;
    private int pos;
    private long flushed;
    private long records;
    private boolean headerDone;

    public RowStreamWriter(OutputStream out) {
        this(out, DEFAULT_BUFFER);
    }

    public RowStreamWriter(OutputStream out, int bufferSize) {
        this.out = Objects.requireNonNull(out, "out is null");
        this.buf = new byte[Math.max(64, bufferSize)];
    }

    /** Writes the header record: for each column its name and its type name, then end of record. */
    public void writeHeader(String[] names, String[] typeNames) throws IOException {
        if (headerDone) {
            throw new IllegalStateException("header already written");
        }
        for (int i = 0; i < names.length; i++) {
            writeString(names[i]);
            writeString(typeNames[i]);
        }
        writeEndOfRecord0();
        headerDone = true;
    }

    public void writeString(String value) throws IOException {
        if (value == null) {
            writeNull(RowType.ARRAY);
        } else {
            writeBytes(value.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** A type-6 field: length and bytes (strings as UTF-8, BLOBs raw). */
    public void writeBytes(byte[] value) throws IOException {
        if (value == null) {
            writeNull(RowType.ARRAY);
            return;
        }
        ensure(5);
        buf[pos++] = RowType.ARRAY;
        putInt(value.length);
        if (value.length <= buf.length - pos) {
            System.arraycopy(value, 0, buf, pos, value.length);
            pos += value.length;
        } else {
            drain();
            out.write(value);
            flushed += value.length;
        }
    }

    public void writeInt(int value) throws IOException {
        ensure(5);
        buf[pos++] = RowType.INT4;
        putInt(value);
    }

    public void writeLong(long value) throws IOException {
        ensure(9);
        buf[pos++] = RowType.INT8;
        putLong(value);
    }

    public void writeDouble(double value) throws IOException {
        ensure(9);
        buf[pos++] = RowType.DOUBLE;
        putLong(Double.doubleToRawLongBits(value));
    }

    public void writeFloat(float value) throws IOException {
        ensure(5);
        buf[pos++] = RowType.FLOAT;
        putInt(Float.floatToRawIntBits(value));
    }

    public void writeTime(long epochMillis) throws IOException {
        ensure(9);
        buf[pos++] = RowType.TIME;
        putLong(epochMillis);
    }

    public void writeNull(byte type) throws IOException {
        ensure(1);
        buf[pos++] = (byte) (type | RowType.NULL_BIT);
    }

    /** Ends a data record. */
    public void endRecord() throws IOException {
        writeEndOfRecord0();
        records++;
    }

    private void writeEndOfRecord0() throws IOException {
        ensure(1);
        buf[pos++] = RowType.EOR;
    }

    /** Bytes written so far ({@code full_size} once finished). */
    public long size() {
        return flushed + pos;
    }

    /** Data records written (the header record is not counted). */
    public long records() {
        return records;
    }

    /** Hands buffered bytes to the downstream (without flushing it). */
    public void drain() throws IOException {
        if (pos > 0) {
            out.write(buf, 0, pos);
            flushed += pos;
            pos = 0;
        }
    }

    private void ensure(int n) throws IOException {
        if (buf.length - pos < n) {
            drain();
        }
    }

    private void putInt(int v) {
        buf[pos] = (byte) (v >>> 24);
        buf[pos + 1] = (byte) (v >>> 16);
        buf[pos + 2] = (byte) (v >>> 8);
        buf[pos + 3] = (byte) v;
        pos += 4;
    }

    private void putLong(long v) {
        putInt((int) (v >>> 32));
        putInt((int) v);
    }
}
