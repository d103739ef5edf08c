package org.gridstack.frontier.protocol.zlib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;
import java.util.zip.Adler32;
import org.junit.jupiter.api.Test;

class TestAdler32Combine {

    private static long adler(byte[] b, int off, int len) {
        Adler32 a = new Adler32();
        a.update(b, off, len);
        return a.getValue();
    }

    @Test
    void matchesAdler32OfConcatenationAtEverySplit() {
        Random random = new Random(1);
        for (int size : new int[] {0, 1, 2, 17, 1000, 5552, 5553, 65521, 65522, 200_000}) {
            byte[] data = new byte[size];
            random.nextBytes(data);
            long whole = adler(data, 0, size);
            for (int i = 0; i < 20; i++) {
                int split = size == 0 ? 0 : random.nextInt(size + 1);
                long a1 = adler(data, 0, split);
                long a2 = adler(data, split, size - split);
                assertEquals(whole, Adler32Combine.combine(a1, a2, size - split), "size " + size + " split " + split);
            }
        }
    }

    @Test
    void extremeBytesDriveSumsToTheirMaximum() {
        // all 0xff bytes push both sums through every modular reduction branch
        byte[] data = new byte[300_000];
        Arrays.fill(data, (byte) 0xff);
        for (int split : new int[] {0, 1, 5552, 65520, 65521, 65522, 131_042, 299_999, 300_000}) {
            assertEquals(adler(data, 0, data.length),
                    Adler32Combine.combine(adler(data, 0, split), adler(data, split, data.length - split),
                            data.length - split));
        }
    }

    @Test
    void foldsManyBlocksInOrder() {
        Random random = new Random(2);
        byte[] data = new byte[1 << 20];
        random.nextBytes(data);
        long combined = 1;
        int off = 0;
        while (off < data.length) {
            int len = Math.min(data.length - off, random.nextInt(70_000));
            combined = Adler32Combine.combine(combined, adler(data, off, len), len);
            off += len;
        }
        assertEquals(adler(data, 0, data.length), combined);
    }

    @Test
    void emptySecondPartLeavesFirstUnchanged() {
        assertEquals(0x12345678L, Adler32Combine.combine(0x12345678L, 1, 0));
        assertEquals(1L, Adler32Combine.combine(1, 1, 0));
    }

    @Test
    void rejectsNegativeLength() {
        assertThrows(IllegalArgumentException.class, () -> Adler32Combine.combine(1, 1, -1));
    }
}
