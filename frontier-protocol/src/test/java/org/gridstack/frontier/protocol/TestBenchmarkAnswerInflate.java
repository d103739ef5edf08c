package org.gridstack.frontier.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.gridstack.frontier.protocol.zlib.InstalledLibdeflate;
import org.gridstack.frontier.protocol.zlib.Libdeflate;
import org.junit.jupiter.api.Test;

/** Runs the inflate benchmark's body once, so it keeps working; its numbers are not checked. */
class TestBenchmarkAnswerInflate {
    @Test
    void runsOnceOverTheCapturedZip5Answer() throws Exception {
        try (Libdeflate libdeflate = InstalledLibdeflate.load()) {
            List<BenchmarkAnswerInflate.Cell> cells = new BenchmarkAnswerInflate(1).run(libdeflate, "21-string-full-zip5");
            assertEquals(2, cells.size());
            assertTrue(BenchmarkAnswerInflate.table(cells).contains("| 21-string-full-zip5 | libdeflate |"));
        }
    }
}
