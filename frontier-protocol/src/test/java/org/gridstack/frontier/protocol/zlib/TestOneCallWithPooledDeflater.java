package org.gridstack.frontier.protocol.zlib;

import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.assertInflatesTo;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.clientGone;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.plainDeflate;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.randomData;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.textData;
import static org.gridstack.frontier.protocol.zlib.TestParallelZlibOutputStream.writeChunked;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

/**
 * {@link OneCallZlibOutputStream#pooledDeflater}: short answers compressed in one call by a pooled
 * deflater, byte for byte as plain zlib; longer ones handed, with what was held, to the encoder
 * for long input; the pool's reuse and bounds.
 */
class TestOneCallWithPooledDeflater {
    private static final int MIN = ZlibEncoderSettings.DEFAULT_ONE_SHOT_MIN_BYTES;

    /** A longer-input encoder that counts how often it was opened. */
    private static Supplier<ZlibOutputStream> counted(OutputStream sink, int level, AtomicInteger opened) {
        return () -> {
            opened.incrementAndGet();
            return new ParallelZlibOutputStream(sink, level, ParallelZlibOutputStream.DEFAULT_BLOCK_SIZE, null);
        };
    }

    @Test
    void shortStreamsAreWhatPlainZlibWritesAtEveryLevel() throws IOException {
        DeflaterPool pool = new DeflaterPool(2);
        AtomicInteger opened = new AtomicInteger();
        for (int level = 1; level <= 9; level++) {
            for (int size : new int[] {0, 1, 100, OneCallZlibOutputStream.FIRST_BUFFER, OneCallZlibOutputStream.FIRST_BUFFER + 1,
                    5_000, MIN - 1}) {
                for (byte[] data : new byte[][] {textData(size, size), randomData(size, size)}) {
                    ByteArrayOutputStream sink = new ByteArrayOutputStream();
                    OneCallZlibOutputStream z = OneCallZlibOutputStream.pooledDeflater(sink, level, pool, MIN, counted(sink, level, opened));
                    writeChunked(z, data, new Random(size + level));
                    assertEquals(0, sink.size(), "nothing before finish");
                    z.finish();
                    String what = "level " + level + ", " + size + " bytes";
                    assertArrayEquals(plainDeflate(data, level), sink.toByteArray(), what);
                    assertEquals(ZlibEncoderKind.JAVA_UTIL_ZIP, z.encoder(), what);
                    assertEquals(size, z.bytesIn(), what);
                    assertEquals(sink.size(), z.bytesOut(), what);
                }
            }
            assertEquals(1, pool.idle(level), "one deflater served every short stream of level " + level);
        }
        assertEquals(0, opened.get(), "no short stream opened the longer encoder");
        pool.close();
    }

    @Test
    void streamsReachingTheLimitGoToTheLongerEncoderWithWhatWasHeld() throws IOException {
        DeflaterPool pool = new DeflaterPool(2);
        for (int size : new int[] {MIN, MIN + 1, 300_000}) {
            byte[] data = textData(size, size);
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            AtomicInteger opened = new AtomicInteger();
            OneCallZlibOutputStream z = OneCallZlibOutputStream.pooledDeflater(sink, 6, pool, MIN, counted(sink, 6, opened));
            writeChunked(z, data, new Random(size));
            z.finish();
            assertEquals(1, opened.get(), size + " bytes");
            assertInflatesTo(data, sink.toByteArray());
            assertEquals(size, z.bytesIn());
            assertEquals(sink.size(), z.bytesOut());
        }
        // one write that crosses the limit
        byte[] data = textData(3 * MIN, 9);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        AtomicInteger opened = new AtomicInteger();
        OneCallZlibOutputStream z = OneCallZlibOutputStream.pooledDeflater(sink, 6, pool, MIN, counted(sink, 6, opened));
        z.write(data, 0, 100);
        z.write(data, 100, data.length - 100);
        z.close();
        assertEquals(1, opened.get());
        assertInflatesTo(data, sink.toByteArray());
        assertEquals(0, pool.idle(6), "the short path never took a deflater");
    }

    @Test
    void inputHeldInSeveralChunksIsOneCallToo() throws IOException {
        DeflaterPool pool = new DeflaterPool(1);
        for (int size : new int[] {OneCallZlibOutputStream.CHUNK, OneCallZlibOutputStream.CHUNK + 1, 3 * OneCallZlibOutputStream.CHUNK + 17}) {
            byte[] data = textData(size, size);
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            OneCallZlibOutputStream z = OneCallZlibOutputStream.pooledDeflater(sink, 6, pool, 1 << 20, () -> {
                throw new AssertionError("held here");
            });
            writeChunked(z, data, new Random(size));
            z.finish();
            assertArrayEquals(plainDeflate(data, 6), sink.toByteArray(), size + " bytes in chunks, deflated as one input");
        }
    }

    @Test
    void aLimitOfZeroSendsEveryStreamToTheLongerEncoder() throws IOException {
        DeflaterPool pool = new DeflaterPool(2);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        AtomicInteger opened = new AtomicInteger();
        OneCallZlibOutputStream z = OneCallZlibOutputStream.pooledDeflater(sink, 5, pool, 0, counted(sink, 5, opened));
        z.finish();
        assertEquals(1, opened.get());
        assertInflatesTo(new byte[0], sink.toByteArray());
    }

    @Test
    void aFailingUnderlyingStreamFailsFinishAndGivesTheDeflaterBack() throws IOException {
        DeflaterPool pool = new DeflaterPool(2);
        OutputStream broken = clientGone();
        OneCallZlibOutputStream z = OneCallZlibOutputStream.pooledDeflater(broken, 5, pool, MIN, () -> {
            throw new AssertionError("a short stream");
        });
        z.write(textData(1_000, 1));
        IOException e = assertThrows(IOException.class, z::finish);
        assertEquals("client gone", e.getMessage());
        IOException later = assertThrows(IOException.class, () -> z.write(1));
        assertTrue(later.getMessage().contains("failed earlier"), later.getMessage());
        assertEquals(1, pool.idle(5), "the deflater did its work and went back");
        z.close(); // does not try again
    }

    @Test
    void writesAfterFinishFailAndLevelsAreChecked() throws IOException {
        DeflaterPool pool = new DeflaterPool(2);
        OneCallZlibOutputStream z = OneCallZlibOutputStream.pooledDeflater(new ByteArrayOutputStream(), 5, pool, MIN, () -> null);
        z.write(1);
        z.finish();
        z.finish(); // idempotent
        assertThrows(IOException.class, () -> z.write(1));
        assertThrows(IOException.class, () -> z.write(new byte[] {1}, 0, 1));
        for (int level : new int[] {0, 10}) {
            assertThrows(IllegalArgumentException.class, () -> OneCallZlibOutputStream.pooledDeflater(new ByteArrayOutputStream(), level, pool,
                    MIN, () -> null));
        }
        assertThrows(IllegalArgumentException.class, () -> OneCallZlibOutputStream.pooledDeflater(new ByteArrayOutputStream(), 5, pool, -1,
                () -> null));
    }

    @Test
    void thePoolReusesResetDeflatersUpToItsBoundAndEndsTheRest() {
        DeflaterPool pool = new DeflaterPool(1);
        Deflater a = pool.take(3);
        Deflater b = pool.take(3);
        assertNotSame(a, b, "nothing idle: a new one");
        a.setInput(new byte[] {1, 2, 3});
        a.finish();
        a.deflate(new byte[64]);
        assertEquals(3, a.getTotalIn());
        pool.give(a, 3, true);
        pool.give(b, 3, true); // over the bound: ended
        assertEquals(1, pool.idle(3));
        assertThrows(NullPointerException.class, b::getTotalIn, "an ended deflater");
        Deflater again = pool.take(3);
        assertSame(a, again, "the idle one");
        assertEquals(0, again.getTotalIn(), "reset before reuse");
        assertEquals(0, pool.idle(3));
        Deflater failed = pool.take(4);
        pool.give(failed, 4, false);
        assertEquals(0, pool.idle(4), "a failed deflater is not kept");
        pool.give(again, 3, true);
        pool.close();
        assertEquals(0, pool.idle(3), "closing ends the idle ones");
        assertThrows(NullPointerException.class, again::getTotalIn);
        Deflater late = new Deflater(3);
        pool.give(late, 3, true);
        assertEquals(0, pool.idle(3), "nothing is kept after close");
        assertThrows(IllegalArgumentException.class, () -> pool.take(0));
        assertThrows(IllegalArgumentException.class, () -> new DeflaterPool(-1));
    }
}
