package org.gridstack.frontier.protocol.zlib;

/**
 * Combines two Adler-32 checksums the way zlib's {@code adler32_combine} does, so blocks can be
 * checksummed independently (on worker threads) and joined in order afterwards.
 *
 * <p>Thread-safety: stateless, safe to use from any thread.
 */
public final class Adler32Combine {

    private static final long BASE = 65521L; // largest prime below 2^16

    private Adler32Combine() {
    }

    /**
     * Returns the Adler-32 of {@code A ++ B} given {@code adler1 = adler32(A)},
     * {@code adler2 = adler32(B)} and {@code len2 = B.length}. Only the low 32 bits of the
     * checksums are used.
     *
     * @throws IllegalArgumentException if {@code len2} is negative
     */
    public static long combine(long adler1, long adler2, long len2) {
        if (len2 < 0) {
            throw new IllegalArgumentException("len2 is negative: " + len2);
        }
        // s1 of the join is s1(A) + s1(B) - 1; s2 picks up len2 copies of s1(A) on top of
        // s2(A) + s2(B) - len2. Everything is kept below 2 * BASE so a long never overflows.
        long rem = len2 % BASE;
        long sum1 = adler1 & 0xffff;
        long sum2 = (rem * sum1) % BASE;
        sum1 += (adler2 & 0xffff) + BASE - 1;
        sum2 += ((adler1 >>> 16) & 0xffff) + ((adler2 >>> 16) & 0xffff) + BASE - rem;
        if (sum1 >= BASE) {
            sum1 -= BASE;
        }
        if (sum1 >= BASE) {
            sum1 -= BASE;
        }
        if (sum2 >= BASE << 1) {
            sum2 -= BASE << 1;
        }
        if (sum2 >= BASE) {
            sum2 -= BASE;
        }
        return sum1 | (sum2 << 16);
    }
}
