package org.gridstack.dqp.block;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The frames of one block-frame stream in Arrow: all payloads together are one Arrow IPC stream
 * (without its end-of-stream marker; the frame stream has its own end). The first payload holds
 * the schema message, the initial dictionary batches and the first block's record batch; every
 * later payload holds the delta dictionary batches of the values the block adds (if any) and the
 * block's record batch. One record batch per block, as the seed's blocks.
 *
 * <p>Every VARCHAR column is dictionary-encoded (Arrow's {@code DictionaryEncoding}) with
 * {@value #INDEX_BITS}-bit signed indices into one dictionary that all of them share (id
 * {@value #DICTIONARY_ID}; Arrow lets several fields refer to one dictionary): the seed's tables
 * repeat their ORF names and GO identifiers, and {@code protein_interaction} has the same ORFs in
 * four columns, so a string's bytes cross once per stream and a row carries 4 bytes per string.
 * The dictionary is bounded ({@value #MAX_DICTIONARY_ENTRIES} entries, {@value #MAX_DICTIONARY_BYTES}
 * value bytes): a block whose new strings would pass a bound replaces the dictionary by its own
 * strings (a non-delta dictionary batch, which the IPC stream format allows), so both ends hold
 * bounded memory however long the stream (a single block larger than the bounds gets a dictionary
 * of its own size). 16-bit indices would save another 2 bytes per string, but would cap a block at
 * 32,767 distinct strings, which a block of 10,000 rows with four unique string columns passes.
 *
 * <p>The dictionary lives on the heap between blocks; Arrow memory is taken per block from a
 * child allocator and returned before {@link #writeBlock} returns. A block that fails to be written
 * leaves the writer refusing further blocks (the reader's dictionary would no longer match). Not
 * thread-safe: one producer.
 */
final class ArrowFrameWriter implements FramePayloadWriter {
    /** Width of the dictionary indices of VARCHAR columns. */
    static final int INDEX_BITS = 32;
    /** Id of the one dictionary all VARCHAR columns of a stream share. */
    static final long DICTIONARY_ID = 0;
    /** Entries of the stream's dictionary beyond which it is replaced (unless one block alone has more). */
    static final int MAX_DICTIONARY_ENTRIES = 65_536;
    /** Sum of the UTF-8 bytes of the dictionary's values beyond which it is replaced (unless one block alone has more). */
    static final long MAX_DICTIONARY_BYTES = 1024 * 1024;

    private final BlockSchema schema;
    private final BufferAllocator parent;
    private final CompressionCodec compression;
    private final Schema messageSchema;
    private final Schema batchSchema;
    private final int[] stringColumns;
    private final StreamDictionary dictionary = new StreamDictionary();
    private boolean started;
    private boolean broken;

    ArrowFrameWriter(BlockSchema schema, BufferAllocator parent, CompressionCodec compression) {
        this.schema = requireNonNull(schema, "schema is null");
        this.parent = requireNonNull(parent, "parent is null");
        this.compression = requireNonNull(compression, "compression is null");
        List<Field> message = new ArrayList<>();
        List<Field> batch = new ArrayList<>();
        List<Integer> strings = new ArrayList<>();
        for (int c = 0; c < schema.size(); c++) {
            Column column = schema.column(c);
            if (column.type() == ColumnType.VARCHAR) {
                DictionaryEncoding encoding = new DictionaryEncoding(DICTIONARY_ID, false, new ArrowType.Int(INDEX_BITS, true));
                // the IPC schema names the value type; the batch's vector holds the indices
                message.add(new Field(column.name(), new FieldType(column.nullable(), ArrowType.Utf8.INSTANCE, encoding), null));
                batch.add(new Field(column.name(), new FieldType(column.nullable(), encoding.getIndexType(), encoding), null));
                strings.add(c);
            } else {
                Field plain = ArrowBlockCodec.toArrow(new BlockSchema(List.of(column))).getFields().get(0);
                message.add(plain);
                batch.add(plain);
            }
        }
        this.stringColumns = strings.stream().mapToInt(Integer::intValue).toArray();
        this.messageSchema = new Schema(message);
        this.batchSchema = new Schema(batch);
    }

    @Override
    public void writeBlock(List<Object[]> rows, OutputStream out) throws IOException {
        requireNonNull(rows, "rows is null");
        requireNonNull(out, "out is null");
        if (broken) {
            throw new IllegalStateException("an earlier block of this Arrow frame stream failed; the stream cannot go on");
        }
        broken = true; // until this block is written whole: the reader's dictionary would no longer match ours
        WriteChannel channel = new WriteChannel(Channels.newChannel(out));
        IpcOption option = IpcOption.DEFAULT;
        if (!started) {
            MessageSerializer.serialize(channel, messageSchema, option);
        }
        try (BufferAllocator allocator = parent.newChildAllocator("frame-writer", 0, ArrowBlockCodec.MAX_ALLOCATION_BYTES)) {
            Map<Integer, int[]> indices = new HashMap<>();
            if (stringColumns.length > 0) {
                boolean replaced = dictionary.encode(rows, stringColumns, indices);
                List<byte[]> added = dictionary.takeAdded();
                if (!started || replaced || !added.isEmpty()) {
                    writeDictionary(channel, option, allocator, added, started && !replaced);
                }
            }
            try (VectorSchemaRoot root = VectorSchemaRoot.create(batchSchema, allocator)) {
                fill(root, rows, indices);
                try (ArrowRecordBatch batch = new VectorUnloader(root, true, compression, true).getRecordBatch()) {
                    MessageSerializer.serialize(channel, batch, option);
                }
            }
        }
        started = true;
        broken = false;
        out.flush();
    }

    private void writeDictionary(WriteChannel channel, IpcOption option, BufferAllocator allocator,
            List<byte[]> values, boolean delta) throws IOException {
        Field field = new Field("strings", new FieldType(false, ArrowType.Utf8.INSTANCE, null), null);
        try (VarCharVector vector = (VarCharVector) field.createVector(allocator)) {
            vector.allocateNew(values.size());
            for (int i = 0; i < values.size(); i++) {
                vector.setSafe(i, values.get(i));
            }
            vector.setValueCount(values.size());
            try (VectorSchemaRoot root = new VectorSchemaRoot(List.of(field), List.<FieldVector>of(vector), values.size());
                    ArrowRecordBatch batch = new VectorUnloader(root, true, compression, true).getRecordBatch()) {
                MessageSerializer.serialize(channel, new ArrowDictionaryBatch(DICTIONARY_ID, batch, delta), option);
            }
        }
    }

    private void fill(VectorSchemaRoot root, List<Object[]> rows, Map<Integer, int[]> indices) {
        root.allocateNew();
        int n = rows.size();
        for (int c = 0; c < schema.size(); c++) {
            FieldVector vector = root.getVector(c);
            int[] ids = indices.get(c);
            if (ids != null) {
                BaseIntVector index = (BaseIntVector) vector;
                for (int r = 0; r < n; r++) {
                    if (ids[r] < 0) {
                        vector.setNull(r);
                    } else {
                        index.setWithPossibleTruncate(r, ids[r]);
                    }
                }
            } else {
                ColumnType type = schema.column(c).type();
                for (int r = 0; r < n; r++) {
                    Object value = rows.get(r)[c];
                    if (value == null) {
                        vector.setNull(r);
                        continue;
                    }
                    if (type == ColumnType.VARCHAR) {
                        throw new IllegalStateException("VARCHAR columns are dictionary-encoded");
                    }
                    ArrowColumns.set(vector, r, type, value);
                }
            }
            vector.setValueCount(n);
        }
        root.setRowCount(n);
    }

    /** The stream's dictionary of strings as both ends hold it: value to index, in the order sent. */
    private final class StreamDictionary {
        private final Map<String, Integer> ids = new HashMap<>();
        private long valueBytes;
        private List<byte[]> added = new ArrayList<>();

        /**
         * Puts the indices of the string columns {@code columns} into {@code out} (-1 for NULL) and
         * remembers the new values; returns true when the dictionary had to be replaced by this
         * block's own values.
         */
        boolean encode(List<Object[]> rows, int[] columns, Map<Integer, int[]> out) {
            Map<String, byte[]> fresh = new LinkedHashMap<>();
            long freshBytes = collect(rows, columns, ids, fresh);
            boolean replaced = false;
            if (ids.size() + fresh.size() > MAX_DICTIONARY_ENTRIES || valueBytes + freshBytes > MAX_DICTIONARY_BYTES) {
                // start over with this block's own values: the reader replaces its dictionary too
                replaced = true;
                ids.clear();
                valueBytes = 0;
                fresh.clear();
                freshBytes = collect(rows, columns, ids, fresh); // a block beyond the bounds on its own is its own dictionary
            }
            added = new ArrayList<>(fresh.size());
            for (Map.Entry<String, byte[]> e : fresh.entrySet()) {
                ids.put(e.getKey(), ids.size());
                added.add(e.getValue());
            }
            valueBytes += freshBytes;
            for (int c : columns) {
                int[] indices = new int[rows.size()];
                for (int r = 0; r < indices.length; r++) {
                    String value = (String) rows.get(r)[c];
                    indices[r] = value == null ? -1 : ids.get(value);
                }
                out.put(c, indices);
            }
            return replaced;
        }

        private long collect(List<Object[]> rows, int[] columns, Map<String, Integer> known, Map<String, byte[]> fresh) {
            long bytes = 0;
            for (Object[] row : rows) {
                for (int c : columns) {
                    String value = (String) row[c];
                    if (value != null && !known.containsKey(value) && !fresh.containsKey(value)) {
                        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
                        fresh.put(value, utf8);
                        bytes += utf8.length;
                    }
                }
            }
            return bytes;
        }

        List<byte[]> takeAdded() {
            List<byte[]> result = added;
            added = List.of();
            return result;
        }
    }
}
