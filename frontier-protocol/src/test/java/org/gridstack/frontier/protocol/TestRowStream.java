package org.gridstack.frontier.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestRowStream {
    @Test
    void writesTheWireFormat() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RowStreamWriter w = new RowStreamWriter(out, 64);
        w.writeHeader(new String[] {"id"}, new String[] {"int4"});
        w.writeString("1");
        w.endRecord();
        w.writeString(null);
        w.endRecord();
        w.drain();
        byte[] expected = {6, 0, 0, 0, 2, 'i', 'd', 6, 0, 0, 0, 4, 'i', 'n', 't', '4', 7, 6, 0, 0, 0, 1, '1', 7, (byte) 0x86, 7};
        assertArrayEquals(expected, out.toByteArray());
        assertEquals(expected.length, w.size());
        assertEquals(2, w.records());
    }

    @Test
    void roundTripsEveryTypeAndLargeValues() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RowStreamWriter w = new RowStreamWriter(out, 64);
        w.writeHeader(new String[] {"a", "b", "c", "d", "e", "f", "g"}, new String[] {"t", "t", "t", "t", "t", "t", "t"});
        byte[] big = new byte[1000];
        big[999] = 9;
        w.writeBytes(big);
        w.writeInt(-5);
        w.writeLong(Long.MIN_VALUE);
        w.writeFloat(1.5f);
        w.writeDouble(-0.0);
        w.writeTime(1234567890123L);
        w.writeNull(RowType.INT4);
        w.endRecord();
        w.drain();
        RowStreamReader.Decoded d = RowStreamReader.decode(out.toByteArray());
        assertEquals(List.of("a", "b", "c", "d", "e", "f", "g"), d.columnNames());
        List<RowStreamReader.Field> row = d.rows().get(0);
        assertArrayEquals(big, row.get(0).bytes());
        assertEquals(-5, row.get(1).value());
        assertEquals(Long.MIN_VALUE, row.get(2).value());
        assertEquals(1.5f, row.get(3).value());
        assertEquals(-0.0, row.get(4).value());
        assertEquals(1234567890123L, row.get(5).value());
        assertTrue(row.get(6).isNull());
    }

    @Test
    void truncatedStreamsAreReported() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RowStreamWriter w = new RowStreamWriter(out);
        w.writeHeader(new String[] {"s"}, new String[] {"varchar"});
        w.writeString("hello");
        w.endRecord();
        w.drain();
        byte[] all = out.toByteArray();
        for (int cut = 1; cut < all.length; cut++) {
            byte[] part = java.util.Arrays.copyOf(all, cut);
            if (cut == 19) {
                continue; // exactly the header record: a valid empty result
            }
            assertThrows(FrontierProtocolException.class, () -> RowStreamReader.decode(part), "cut at " + cut);
        }
    }
}
