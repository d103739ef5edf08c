package org.gridstack.dqp.block;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Block-frame streams (many blocks on one connection): every codec's blocks come back one by one
 * with their boundaries, values and NULLs; a WebRowSet frame is the codec's own one-block document
 * plus 4 bytes (Arrow's frames are one IPC stream: {@link TestArrowFrameStream}); the end frame's trailer arrives; an error frame, a cut stream, a bad length and a bad
 * content type are errors that say so.
 */
class TestBlockFrames {
    private static final BlockSchema SCHEMA = new BlockSchema(List.of(
            new Column("orf", ColumnType.VARCHAR, true),
            new Column("n", ColumnType.INTEGER, true),
            new Column("weight", ColumnType.DOUBLE, true)));

    private static List<List<Object[]>> blocks() {
        List<List<Object[]>> blocks = new ArrayList<>();
        int id = 0;
        for (int size : new int[] {3, 1, 0, 1_500, 2}) { // 1,500 > WebRowSet's 1,000-row read chunks
            List<Object[]> block = new ArrayList<>();
            for (int i = 0; i < size; i++, id++) {
                block.add(new Object[] {id % 7 == 0 ? null : "YCL0" + id + "<&>", id % 5 == 0 ? null : id, id * 0.5});
            }
            blocks.add(block);
        }
        return blocks;
    }

    @ParameterizedTest
    @ValueSource(strings = {"binary", "binary-zstd", "webrowset"})
    void blocksComeBackOneByOneWithTheirBoundaries(String codecName) throws Exception {
        BlockCodec codec = BlockCodec.named(codecName);
        BlockFrameEncoder encoder = new BlockFrameEncoder(codec, SCHEMA);
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        long payload = 0;
        for (List<Object[]> block : blocks()) {
            byte[] frame = encoder.frame(block);
            if (codec == WebRowSetBlockCodec.INSTANCE) {
                ByteArrayOutputStream alone = new ByteArrayOutputStream();
                try (BlockWriter w = codec.openWriter(SCHEMA, alone)) {
                    w.writeBlock(block);
                    w.finish();
                }
                assertEquals(alone.size() + 4, frame.length, "a WebRowSet frame is the block's own document plus its length");
            }
            payload += frame.length - 4;
            stream.write(frame);
        }
        stream.write(BlockFrameEncoder.endFrame("{\"rows\": 1506}".getBytes(StandardCharsets.UTF_8)));
        BlockFrameReader reader = new BlockFrameReader(codec, new ByteArrayInputStream(stream.toByteArray()));
        for (List<Object[]> expected : blocks()) {
            List<Object[]> actual = reader.nextBlock();
            assertEquals(expected.size(), actual.size());
            for (int i = 0; i < expected.size(); i++) {
                assertArrayEquals(expected.get(i), actual.get(i), "row " + i + ": " + Arrays.toString(actual.get(i)));
            }
            assertEquals(SCHEMA.names(), reader.schema().names());
        }
        assertNull(reader.nextBlock());
        assertNull(reader.nextBlock(), "stays ended");
        assertTrue(reader.ended());
        assertEquals("{\"rows\": 1506}", new String(reader.trailer(), StandardCharsets.UTF_8));
        assertEquals(payload, reader.payloadBytes());
    }

    @Test
    void errorFrameCarriesTheProducersMessage() throws Exception {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        stream.write(new BlockFrameEncoder(ArrowBlockCodec.INSTANCE, SCHEMA).frame(blocks().get(0)));
        stream.write(BlockFrameEncoder.errorFrame("host-a: the database failed: disk full"));
        BlockFrameReader reader = new BlockFrameReader(ArrowBlockCodec.INSTANCE, new ByteArrayInputStream(stream.toByteArray()));
        assertEquals(3, reader.nextBlock().size());
        BlockFrameReader.RemoteFailure e = assertThrows(BlockFrameReader.RemoteFailure.class, reader::nextBlock);
        assertEquals("host-a: the database failed: disk full", e.getMessage());
        assertNull(reader.nextBlock(), "nothing after the error");
    }

    @Test
    void aStreamCutBeforeItsEndIsAnError() throws Exception {
        byte[] frame = new BlockFrameEncoder(ArrowBlockCodec.INSTANCE, SCHEMA).frame(blocks().get(0));
        BlockFrameReader noEnd = new BlockFrameReader(ArrowBlockCodec.INSTANCE, new ByteArrayInputStream(frame));
        assertEquals(3, noEnd.nextBlock().size());
        EOFException e = assertThrows(EOFException.class, noEnd::nextBlock);
        assertTrue(e.getMessage().contains("before its end frame"), e.getMessage());
        BlockFrameReader cut = new BlockFrameReader(ArrowBlockCodec.INSTANCE, new ByteArrayInputStream(Arrays.copyOf(frame, frame.length - 5)));
        assertThrows(EOFException.class, cut::nextBlock);
    }

    @Test
    void badLengthsAndContentTypesAreRefused() {
        byte[] huge = {0x7f, 0, 0, 0};
        assertThrows(MalformedBlockException.class,
                () -> new BlockFrameReader(ArrowBlockCodec.INSTANCE, new ByteArrayInputStream(huge)).nextBlock());
        byte[] negative = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xf0};
        assertThrows(MalformedBlockException.class,
                () -> new BlockFrameReader(ArrowBlockCodec.INSTANCE, new ByteArrayInputStream(negative)).nextBlock());
        byte[] garbage = {0, 0, 0, 3, 1, 2, 3};
        assertThrows(MalformedBlockException.class,
                () -> new BlockFrameReader(ArrowBlockCodec.INSTANCE, new ByteArrayInputStream(garbage)).nextBlock());
        assertEquals(WebRowSetBlockCodec.INSTANCE, BlockFrameEncoder.codecOf(BlockFrameEncoder.contentType(WebRowSetBlockCodec.INSTANCE)));
        assertEquals(ArrowBlockCodec.ZSTD, BlockFrameEncoder.codecOf(BlockFrameEncoder.CONTENT_TYPE + ";codec=BINARY-ZSTD"));
        assertThrows(IllegalArgumentException.class, () -> BlockFrameEncoder.codecOf("application/vnd.apache.arrow.stream"));
        assertThrows(IllegalArgumentException.class, () -> BlockFrameEncoder.codecOf(BlockFrameEncoder.CONTENT_TYPE));
        assertThrows(IllegalArgumentException.class, () -> BlockFrameEncoder.codecOf(BlockFrameEncoder.CONTENT_TYPE + "; codec=csv"));
    }
}
