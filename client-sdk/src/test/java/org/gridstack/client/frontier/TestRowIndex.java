package org.gridstack.client.frontier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import org.gridstack.frontier.protocol.AnswerDecoder;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.RowStreamReader;
import org.gridstack.frontier.protocol.RowStreamWriter;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/** The SDK's field index over a row stream against the protocol module's reader, and its refusals. */
class TestRowIndex {
    /** The production servlet's answer over every column type (NULLs, numbers, text with 0x07, bytea). */
    private static byte[] typesRowStream() throws Exception {
        return AnswerDecoder.decodeIntact(FrontierGoldenVectors.body("01-types-zip0")).payloads().get(0).rowStream();
    }

    @Test
    void theRowIndexAgreesWithTheRowStreamReaderOnEveryField() throws Exception {
        byte[] rows = typesRowStream();
        RowIndex index = RowIndex.build(rows, rows.length);
        RowStreamReader.Decoded d = RowStreamReader.decode(rows);
        assertEquals(d.columnNames(), index.columnNames());
        assertEquals(d.typeNames(), index.typeNames());
        assertEquals(20, index.rowCount());
        assertEquals(d.rows().size(), index.rowCount());
        for (int r = 0; r < d.rows().size(); r++) {
            for (int c = 0; c < d.columnNames().size(); c++) {
                RowStreamReader.Field e = d.rows().get(r).get(c);
                RowStreamReader.Field a = index.field(r, c);
                assertEquals(e.type(), a.type());
                assertEquals(e.isNull(), a.isNull());
                if (e.value() instanceof byte[] bytes) {
                    assertArrayEquals(bytes, a.bytes());
                    assertEquals(e.text(), index.arrayText(r, c));
                } else {
                    assertEquals(e.value(), a.value());
                }
            }
        }
    }

    @Test
    void malformedRowStreamsAreRefused() throws Exception {
        byte[] rows = typesRowStream();
        FrontierProtocolException cut = assertThrows(FrontierProtocolException.class, () -> RowIndex.build(rows, rows.length - 3));
        assertTrue(cut.getMessage().contains("row stream truncated"), cut.getMessage());
        // a record with one field too many: the last record's end-of-record byte replaced by an int field
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RowStreamWriter w = new RowStreamWriter(out);
        w.writeHeader(new String[] {"a"}, new String[] {"int4"});
        w.writeInt(1);
        w.writeInt(2);
        w.endRecord();
        w.drain();
        byte[] extra = out.toByteArray();
        FrontierProtocolException fields = assertThrows(FrontierProtocolException.class, () -> RowIndex.build(extra, extra.length));
        assertEquals("record 1 has 2 fields but the header names 1 columns", fields.getMessage());
        byte[] unknown = rows.clone();
        unknown[unknown.length - 1] = 0x09;
        assertThrows(FrontierProtocolException.class, () -> RowIndex.build(unknown, unknown.length));
    }

    /** The index steps over fields by the protocol's one rule: what the record count refuses, it refuses too. */
    @Test
    void theIndexAndTheRecordCountRefuseTheSameStreams() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RowStreamWriter w = new RowStreamWriter(out);
        w.writeHeader(new String[] {"a"}, new String[] {"int4"});
        w.writeInt(1);
        w.endRecord();
        w.drain();
        byte[] good = out.toByteArray();
        assertEquals(1, RowIndex.build(good, good.length).rowCount());
        assertEquals(1, RowStreamReader.countRecords(good, good.length));
        // the data record's end-of-record byte with the NULL bit set: neither a NULL of a value type nor an end of record
        byte[] nullEor = good.clone();
        nullEor[nullEor.length - 1] = (byte) 0x87;
        FrontierProtocolException index = assertThrows(FrontierProtocolException.class, () -> RowIndex.build(nullEor, nullEor.length));
        FrontierProtocolException count = assertThrows(FrontierProtocolException.class, () -> RowStreamReader.countRecords(nullEor, nullEor.length));
        assertEquals(count.getMessage(), index.getMessage());
        assertTrue(index.getMessage().contains("unknown NULL type byte 0x87"), index.getMessage());
    }
}
