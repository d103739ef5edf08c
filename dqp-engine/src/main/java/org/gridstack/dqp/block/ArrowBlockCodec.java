package org.gridstack.dqp.block;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The default, binary wire format: Apache Arrow's IPC stream format. The stream's schema message
 * carries the columns; each block is one record batch, exactly the seed's block. Types: VARCHAR
 * as Utf8, INTEGER as Int(32), BIGINT as Int(64), DOUBLE as FloatingPoint(DOUBLE), BOOLEAN as Bool;
 * NULL in the validity bitmap. Each reader and writer takes a child of one process-wide allocator
 * (bounded by {@value #MAX_ALLOCATION_BYTES} bytes) and returns it on close.
 *
 * <p>Two variants: {@link #INSTANCE} ({@code binary}) writes the buffers as they are;
 * {@link #ZSTD} ({@code binary-zstd}) compresses each buffer of a record batch with ZSTD (level
 * {@value #ZSTD_LEVEL}), Arrow IPC's own buffer compression, which any Arrow implementation with its
 * compression codecs reads. On the seed's narrow rows in blocks of 100 that makes a block about 1.8
 * times smaller, at the cost of CPU on both ends; a block of a few rows gains nothing (the schema and
 * batch messages stay uncompressed). Every reader decodes both variants: whether a batch is
 * compressed is written in the batch. Stateless and thread-safe.
 */
@ThreadSafe
public final class ArrowBlockCodec implements BlockCodec {
    /** Uncompressed Arrow, named {@code binary}: the default codec. */
    public static final ArrowBlockCodec INSTANCE = new ArrowBlockCodec("binary", null);
    /** ZSTD level of {@link #ZSTD}: the library's default, fast enough for a block per request. */
    public static final int ZSTD_LEVEL = 3;
    /** Arrow with ZSTD-compressed buffers, named {@code binary-zstd}. */
    public static final ArrowBlockCodec ZSTD = new ArrowBlockCodec("binary-zstd", CompressionUtil.CodecType.ZSTD);
    /** Upper bound of the off-heap memory all open Arrow readers and writers may hold together. */
    public static final long MAX_ALLOCATION_BYTES = 512L * 1024 * 1024;
    private static final BufferAllocator ROOT = new RootAllocator(MAX_ALLOCATION_BYTES);

    private final String name;
    private final CompressionUtil.CodecType compression;

    private ArrowBlockCodec(String name, CompressionUtil.CodecType compression) {
        this.name = name;
        this.compression = compression;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String contentType() {
        return "application/vnd.apache.arrow.stream";
    }

    @Override
    public BlockWriter openWriter(BlockSchema schema, OutputStream out) throws IOException {
        requireNonNull(schema, "schema is null");
        requireNonNull(out, "out is null");
        BufferAllocator allocator = ROOT.newChildAllocator("writer", 0, MAX_ALLOCATION_BYTES);
        VectorSchemaRoot root = null;
        try {
            root = VectorSchemaRoot.create(toArrow(schema), allocator);
            ArrowStreamWriter writer = compression == null ? new ArrowStreamWriter(root, null, Channels.newChannel(out))
                    : new ArrowStreamWriter(root, null, Channels.newChannel(out), IpcOption.DEFAULT, CommonsCompressionFactory.INSTANCE,
                            compression, Optional.of(ZSTD_LEVEL));
            writer.start();
            out.flush();
            return new Writer(schema, allocator, root, writer, out);
        } catch (IOException | RuntimeException e) {
            if (root != null) {
                root.close();
            }
            allocator.close();
            throw e;
        }
    }

    @Override
    public BlockReader openReader(InputStream in) throws IOException {
        requireNonNull(in, "in is null");
        BufferAllocator allocator = ROOT.newChildAllocator("reader", 0, MAX_ALLOCATION_BYTES);
        ArrowStreamReader reader = new ArrowStreamReader(in, allocator, CommonsCompressionFactory.INSTANCE);
        try {
            BlockSchema schema = fromArrow(reader.getVectorSchemaRoot().getSchema(), reader);
            return new Reader(schema, reader, allocator);
        } catch (IOException | RuntimeException e) {
            closeQuietly(reader);
            allocator.close();
            if (e instanceof IOException io && !(e instanceof MalformedBlockException)) {
                throw new MalformedBlockException("not an Arrow IPC stream: " + io.getMessage(), io);
            }
            throw e;
        }
    }

    /**
     * One Arrow IPC stream over all frames of a block-frame stream ({@link ArrowFrameWriter}): the
     * schema once, VARCHAR columns dictionary-encoded with dictionaries that grow by delta batches,
     * one record batch per block. Buffers are ZSTD-compressed in {@link #ZSTD}.
     */
    @Override
    public FramePayloadWriter openFrameWriter(BlockSchema schema) {
        return new ArrowFrameWriter(schema, ROOT, compression == null ? NoCompressionCodec.INSTANCE
                : CommonsCompressionFactory.INSTANCE.createCodec(compression, ZSTD_LEVEL));
    }

    /** Reads what {@link #openFrameWriter} writes, in either variant. */
    @Override
    public FramePayloadReader openFrameReader() {
        return new ArrowFrameReader(ROOT);
    }

    static Schema toArrow(BlockSchema schema) {
        List<Field> fields = new ArrayList<>(schema.size());
        for (Column c : schema.columns()) {
            fields.add(ArrowColumns.field(c));
        }
        return new Schema(fields);
    }

    static BlockSchema fromArrow(Schema schema) throws MalformedBlockException {
        return fromArrow(schema, null);
    }

    /**
     * The block schema of an Arrow schema in Java's in-memory form: a dictionary-encoded column has
     * its index type there, and its value type is that of the dictionary in {@code dictionaries}.
     */
    static BlockSchema fromArrow(Schema schema, DictionaryProvider dictionaries) throws MalformedBlockException {
        List<Column> columns = new ArrayList<>();
        for (Field f : schema.getFields()) {
            ArrowType t = f.getType();
            DictionaryEncoding encoding = f.getDictionary();
            if (encoding != null) {
                Dictionary dictionary = dictionaries == null ? null : dictionaries.lookup(encoding.getId());
                if (dictionary == null) {
                    throw new MalformedBlockException("Arrow column " + f.getName() + " refers to dictionary " + encoding.getId()
                            + ", which the stream does not define");
                }
                t = dictionary.getVectorType();
                if (!(t instanceof ArrowType.Utf8)) {
                    throw new MalformedBlockException("Arrow column " + f.getName() + " has a dictionary of " + t
                            + "; only Utf8 dictionaries are supported");
                }
            }
            ColumnType type = ArrowColumns.typeOf(f, t);
            if (type == null || (encoding != null && type != ColumnType.VARCHAR)) {
                throw new MalformedBlockException("Arrow column " + f.getName() + " has type " + t
                        + "; supported: Utf8, Int(16/32/64), FloatingPoint(SINGLE/DOUBLE), Bool, Date(DAY), Time(MICROSECOND),"
                        + " Timestamp(MICROSECOND), Binary");
            }
            columns.add(new Column(f.getName(), type, f.isNullable()));
        }
        return new BlockSchema(columns);
    }

    /** The rows of the batch in {@code root}; dictionary-encoded columns are looked up in {@code dictionaries}. */
    static List<Object[]> rows(VectorSchemaRoot root, DictionaryProvider dictionaries, BlockSchema schema) {
        int n = root.getRowCount();
        List<Object[]> rows = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            rows.add(new Object[schema.size()]);
        }
        for (int c = 0; c < schema.size(); c++) {
            FieldVector vector = root.getVector(c);
            DictionaryEncoding encoding = vector.getField().getDictionary();
            if (encoding != null) {
                BaseIntVector indices = (BaseIntVector) vector;
                VarCharVector values = (VarCharVector) dictionaries.lookup(encoding.getId()).getVector();
                for (int r = 0; r < n; r++) {
                    if (!vector.isNull(r)) {
                        rows.get(r)[c] = new String(values.get((int) indices.getValueAsLong(r)), StandardCharsets.UTF_8);
                    }
                }
                continue;
            }
            ColumnType type = schema.column(c).type();
            for (int r = 0; r < n; r++) {
                if (vector.isNull(r)) {
                    continue;
                }
                rows.get(r)[c] = ArrowColumns.get(vector, r, type);
            }
        }
        return rows;
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // releasing memory; nothing to report
        }
    }

    private static final class Writer implements BlockWriter {
        private final BlockSchema schema;
        private final BufferAllocator allocator;
        private final VectorSchemaRoot root;
        private final ArrowStreamWriter writer;
        private final OutputStream out;
        private boolean closed;

        Writer(BlockSchema schema, BufferAllocator allocator, VectorSchemaRoot root, ArrowStreamWriter writer,
                OutputStream out) {
            this.schema = schema;
            this.allocator = allocator;
            this.root = root;
            this.writer = writer;
            this.out = out;
        }

        @Override
        public void writeBlock(List<Object[]> rows) throws IOException {
            root.allocateNew();
            int n = rows.size();
            for (int c = 0; c < schema.size(); c++) {
                FieldVector vector = root.getVector(c);
                ColumnType type = schema.column(c).type();
                for (int r = 0; r < n; r++) {
                    Object value = rows.get(r)[c];
                    if (value == null) {
                        setNull(vector, r);
                        continue;
                    }
                    ArrowColumns.set(vector, r, type, value);
                }
                vector.setValueCount(n);
            }
            root.setRowCount(n);
            writer.writeBatch();
            out.flush();
        }

        private static void setNull(FieldVector vector, int index) {
            vector.setNull(index);
        }

        @Override
        public void finish() throws IOException {
            writer.end();
            out.flush();
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                root.close();
                allocator.close();
            }
        }
    }

    private static final class Reader implements BlockReader {
        private final BlockSchema schema;
        private final ArrowStreamReader reader;
        private final BufferAllocator allocator;
        private boolean closed;

        Reader(BlockSchema schema, ArrowStreamReader reader, BufferAllocator allocator) {
            this.schema = schema;
            this.reader = reader;
            this.allocator = allocator;
        }

        @Override
        public BlockSchema schema() {
            return schema;
        }

        @Override
        public List<Object[]> nextBlock() throws IOException {
            boolean loaded;
            try {
                loaded = reader.loadNextBatch();
            } catch (IOException | RuntimeException e) {
                throw new MalformedBlockException("broken Arrow IPC stream: " + e.getMessage(), e);
            }
            if (!loaded) {
                return null;
            }
            return rows(reader.getVectorSchemaRoot(), reader, schema);
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                release(reader, allocator);
            }
        }
    }

    /**
     * Frees a stream reader's batch and dictionaries and then its allocator, leaving the input
     * stream open: {@code ArrowStreamReader.close()} would close the caller's stream too.
     */
    static void release(ArrowStreamReader reader, BufferAllocator allocator) {
        try {
            reader.close(false);
        } catch (IOException ignored) {
            // only memory is released here
        }
        allocator.close();
    }
}
