package org.gridstack.dqp.evaluator.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Blocks close at the tuple count or at the byte bound, whichever comes first. */
class TestBlockPacker {
    private static List<Integer> blockSizes(BlockPacker packer, int rows) {
        List<Integer> sizes = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            List<Object[]> full = packer.add(new Object[] {"YAL037W", "GO:0000004"}); // 7+4 + 10+4 = 25 B
            if (full != null) {
                sizes.add(full.size());
            }
        }
        List<Object[]> rest = packer.take();
        if (!rest.isEmpty()) {
            sizes.add(rest.size());
        }
        return sizes;
    }

    @Test
    void tupleCountAloneWithoutByteBound() {
        assertEquals(List.of(4, 4, 2), blockSizes(new BlockPacker(4, 0), 10));
    }

    @Test
    void byteBoundClosesBlocksEarlier() {
        assertEquals(List.of(2, 2, 2, 2, 2), blockSizes(new BlockPacker(100, 50), 10));
    }

    @Test
    void emptyPackerGivesAnEmptyBlockAndNothingIsFullBeforeItsTime() {
        BlockPacker packer = new BlockPacker(3, 0);
        assertEquals(0, packer.take().size());
        assertNull(packer.add(new Object[] {1, null, true, 2.0, 3L}));
        assertEquals(4 + 1 + 1 + 8 + 8, BlockPacker.estimate(new Object[] {1, null, true, 2.0, 3L}));
    }
}
