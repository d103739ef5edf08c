package org.gridstack.frontier.protocol.zlib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs the encoder benchmark's body once, so it keeps working; its numbers are not checked. */
class TestBenchmarkZlibEncoders {
    @Test
    void runsOnceOverTheTStringAnswer() throws Exception {
        byte[] rows = BenchmarkZlibEncoders.tStringRowStream();
        assertTrue(rows.length > 1_000_000 && rows.length < 1_100_000, "about 1 MB: " + rows.length);
        List<BenchmarkZlibEncoders.Cell> cells = new BenchmarkZlibEncoders(rows, 1).run(new int[] {5});
        assertEquals(3, cells.size());
        for (BenchmarkZlibEncoders.Cell c : cells) {
            assertTrue(c.compressedBytes() > 0 && c.compressedBytes() < rows.length, c.toString());
        }
        String table = BenchmarkZlibEncoders.table(cells);
        assertTrue(table.contains("libdeflate, one call"), table);
    }

    @Test
    void runsOnceOverAShortAnswer() throws Exception {
        byte[] rows = BenchmarkZlibEncoders.tStringRowStream(40);
        List<BenchmarkZlibEncoders.Cell> cells = new BenchmarkZlibEncoders(rows, 1).runShort(new int[] {5});
        assertEquals(2, cells.size());
        assertEquals(cells.get(0).compressedBytes(), cells.get(1).compressedBytes(), "the same zlib stream either way");
        for (BenchmarkZlibEncoders.Cell c : cells) {
            assertTrue(c.allocatedBytesPerAnswer() > 0, c.toString());
        }
        assertThrows(IllegalArgumentException.class, () -> new BenchmarkZlibEncoders(BenchmarkZlibEncoders.tStringRowStream(100), 1)
                .runShort(new int[] {5}), "10 kB is not short");
    }
}
