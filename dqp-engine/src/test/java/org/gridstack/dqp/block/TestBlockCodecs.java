package org.gridstack.dqp.block;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.dqp.demo.DemoDataGenerator;
import org.gridstack.dqp.demo.DemoTable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Both block codecs carry every column type, NULLs, empty strings and block boundaries unchanged. */
class TestBlockCodecs {
    private static final BlockSchema ALL_TYPES = new BlockSchema(List.of(
            new Column("name", ColumnType.VARCHAR, true),
            new Column("count", ColumnType.INTEGER, true),
            new Column("big", ColumnType.BIGINT, true),
            new Column("weight", ColumnType.DOUBLE, true),
            new Column("flag", ColumnType.BOOLEAN, true)));

    private static List<Object[]> sampleRows(int from, int n) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = from; i < from + n; i++) {
            rows.add(new Object[] {i % 7 == 0 ? null : (i % 5 == 0 ? "" : "orf-" + i + " <&> é✓"),
                i % 3 == 0 ? null : i, (long) i * 1_000_000_007L, i % 4 == 0 ? null : i / 3.0, i % 2 == 0});
        }
        return rows;
    }

    @ParameterizedTest
    @ValueSource(strings = {"binary", "binary-zstd", "webrowset"})
    void roundTripsEveryTypeAndNull(String codecName) throws IOException {
        BlockCodec codec = BlockCodec.named(codecName);
        List<Object[]> expected = new ArrayList<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BlockWriter w = codec.openWriter(ALL_TYPES, out)) {
            for (int b = 0; b < 3; b++) {
                List<Object[]> block = sampleRows(b * 100, b == 1 ? 0 : 100);
                w.writeBlock(block);
                expected.addAll(block);
            }
            w.finish();
        }
        List<Object[]> actual = new ArrayList<>();
        try (BlockReader r = codec.openReader(new ByteArrayInputStream(out.toByteArray()))) {
            assertEquals(ALL_TYPES, r.schema());
            List<Object[]> block;
            while ((block = r.nextBlock()) != null) {
                actual.addAll(block);
            }
            assertNull(r.nextBlock());
        }
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), actual.get(i), "row " + i);
        }
    }

    @Test
    void arrowKeepsTheWritersBlocks() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BlockWriter w = ArrowBlockCodec.INSTANCE.openWriter(ALL_TYPES, out)) {
            w.writeBlock(sampleRows(0, 3));
            w.writeBlock(sampleRows(3, 5));
            w.finish();
        }
        try (BlockReader r = ArrowBlockCodec.INSTANCE.openReader(new ByteArrayInputStream(out.toByteArray()))) {
            assertEquals(3, r.nextBlock().size());
            assertEquals(5, r.nextBlock().size());
            assertNull(r.nextBlock());
        }
    }

    @Test
    void webRowSetIsTheSeedsXml() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BlockSchema schema = new BlockSchema(List.of(new Column("orf", ColumnType.VARCHAR, false),
                new Column("gotermidentifier", ColumnType.VARCHAR, true)));
        try (BlockWriter w = WebRowSetBlockCodec.INSTANCE.openWriter(schema, out)) {
            w.writeBlock(List.<Object[]>of(new Object[] {"YAL037W", "GO:0000004"}, new Object[] {"Q0010", null}));
            w.finish();
        }
        String xml = out.toString(StandardCharsets.UTF_8);
        assertTrue(xml.contains("<webRowSet xmlns=\"http://java.sun.com/xml/ns/jdbc\">"), xml);
        assertTrue(xml.contains("<currentRow><columnValue>YAL037W</columnValue><columnValue>GO:0000004</columnValue></currentRow>"), xml);
        assertTrue(xml.contains("<columnValue><null></null></columnValue>") || xml.contains("<columnValue><null/></columnValue>"), xml);
    }

    @ParameterizedTest
    @ValueSource(strings = {"binary", "binary-zstd", "webrowset"})
    void garbageIsAMalformedBlockError(String codecName) {
        BlockCodec codec = BlockCodec.named(codecName);
        byte[] garbage = "this is no block stream".getBytes(StandardCharsets.UTF_8);
        assertThrows(IOException.class, () -> {
            try (BlockReader r = codec.openReader(new ByteArrayInputStream(garbage))) {
                r.nextBlock();
            }
        });
    }

    @Test
    void unknownCodecNamesTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BlockCodec.named("json"));
        assertTrue(e.getMessage().contains("binary") && e.getMessage().contains("webrowset"), e.getMessage());
    }

    @Test
    void binaryMovesFewerBytesThanWebRowSetForProteinGoterm() throws IOException {
        List<Object[]> rows = new DemoDataGenerator().rows(DemoTable.PROTEIN_GOTERM);
        BlockSchema schema = new BlockSchema(List.of(new Column("orf", ColumnType.VARCHAR, false),
                new Column("gotermidentifier", ColumnType.VARCHAR, false)));
        long arrow = encodedSize(ArrowBlockCodec.INSTANCE, schema, rows, 100);
        long xml = encodedSize(WebRowSetBlockCodec.INSTANCE, schema, rows, 100);
        System.out.printf("protein_goterm, blocks of 100: Arrow %,d B, WebRowSet %,d B (%.1fx)%n", arrow, xml, (double) xml / arrow);
        assertTrue(arrow < xml, "Arrow " + arrow + " B, WebRowSet " + xml + " B");
    }

    @Test
    void everyArrowReaderReadsCompressedAndPlainStreams() throws IOException {
        for (ArrowBlockCodec writer : List.of(ArrowBlockCodec.INSTANCE, ArrowBlockCodec.ZSTD)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (BlockWriter w = writer.openWriter(ALL_TYPES, out)) {
                w.writeBlock(sampleRows(0, 50));
                w.finish();
            }
            for (ArrowBlockCodec reader : List.of(ArrowBlockCodec.INSTANCE, ArrowBlockCodec.ZSTD)) {
                try (BlockReader r = reader.openReader(new ByteArrayInputStream(out.toByteArray()))) {
                    List<Object[]> block = r.nextBlock();
                    assertEquals(50, block.size(), writer.name() + " read by " + reader.name());
                    assertArrayEquals(sampleRows(0, 50).get(49), block.get(49), writer.name() + " read by " + reader.name());
                }
            }
        }
        assertEquals(ArrowBlockCodec.ZSTD, BlockCodec.named("arrow-zstd"));
    }

    /**
     * Issue 12's target: the binary codec moves at least 5 times fewer bytes than WebRowSet for both
     * seed tables, each block of 100 tuples its own stream as a data service sends it. Plain Arrow
     * does not reach it (about 3.1 times: offsets and per-batch metadata on 24-byte rows); ZSTD does.
     */
    @Test
    void zstdArrowMovesFiveTimesFewerBytesThanWebRowSetForBothSeedTables() throws IOException {
        DemoDataGenerator data = new DemoDataGenerator();
        BlockSchema goterm = new BlockSchema(List.of(new Column("orf", ColumnType.VARCHAR, false),
                new Column("gotermidentifier", ColumnType.VARCHAR, false)));
        List<Column> interactionColumns = new ArrayList<>();
        for (String name : List.of("orf", "orf1", "orf2", "baitprotein", "interactiontype")) {
            interactionColumns.add(new Column(name, ColumnType.VARCHAR, true));
        }
        interactionColumns.add(new Column("repeats", ColumnType.INTEGER, true));
        interactionColumns.add(new Column("experimenter", ColumnType.VARCHAR, true));
        BlockSchema interaction = new BlockSchema(interactionColumns);
        for (var table : List.of(java.util.Map.entry(goterm, DemoTable.PROTEIN_GOTERM), java.util.Map.entry(interaction, DemoTable.PROTEIN_INTERACTION))) {
            List<Object[]> rows = data.rows(table.getValue());
            long plain = perBlockStreams(ArrowBlockCodec.INSTANCE, table.getKey(), rows, 100);
            long zstd = perBlockStreams(ArrowBlockCodec.ZSTD, table.getKey(), rows, 100);
            long xml = perBlockStreams(WebRowSetBlockCodec.INSTANCE, table.getKey(), rows, 100);
            System.out.printf("%s, blocks of 100 as separate streams: Arrow %,d B (%.2fx), Arrow+ZSTD %,d B (%.2fx), WebRowSet %,d B%n",
                    table.getValue(), plain, (double) xml / plain, zstd, (double) xml / zstd, xml);
            assertTrue(zstd * 5 <= xml, table.getValue() + ": Arrow+ZSTD " + zstd + " B, WebRowSet " + xml + " B");
            assertTrue(zstd < plain, table.getValue() + ": ZSTD " + zstd + " B, plain " + plain + " B");
        }
    }

    private static long perBlockStreams(BlockCodec codec, BlockSchema schema, List<Object[]> rows, int blockSize) throws IOException {
        long total = 0;
        for (int i = 0; i < rows.size(); i += blockSize) {
            total += encodedSize(codec, schema, rows.subList(i, Math.min(rows.size(), i + blockSize)), blockSize);
        }
        return total;
    }

    private static long encodedSize(BlockCodec codec, BlockSchema schema, List<Object[]> rows, int blockSize) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BlockWriter w = codec.openWriter(schema, out)) {
            for (int i = 0; i < rows.size(); i += blockSize) {
                w.writeBlock(rows.subList(i, Math.min(rows.size(), i + blockSize)));
            }
            w.finish();
        }
        return out.size();
    }
}
