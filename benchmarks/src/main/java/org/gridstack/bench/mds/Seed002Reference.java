package org.gridstack.bench.mds;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * Seed 002's published figures (Raicu, "MDS2 vs MDS4 index performance", GT 4.0.1; 20 client
 * nodes of the TeraGrid ANL site over a LAN, a dual 2.4 GHz Xeon index server, persistent
 * connections, clients 1..800 each level held 10 minutes with the first 2 dropped), copied here
 * from its text so the report can set ours beside them. Only what the text states in numbers;
 * the curves of its Figures 2, 3, 6 and 7 are not in the text. Immutable.
 */
final class Seed002Reference {
    /** Section 4.1.1: "achieves its peak throughput of nearly 300K queries per minute when the index size was 1 and almost 13K with an index size of 100". */
    static final Map<Integer, Double> MDS2_CACHED_PEAK_QUERIES_PER_MINUTE = Map.of(1, 300_000.0, 100, 13_000.0);
    /** Section 4.1.1: "the MDS4 performance peaked at 17K queries per minute with an index size of 1, and 1.5K with an index size of 100". */
    static final Map<Integer, Double> MDS4_PEAK_QUERIES_PER_MINUTE = Map.of(1, 17_000.0, 100, 1_500.0);
    /** Section 4.2 (Figure 16, N = 100, 16 clients over 5,400 s): one client made 1,020,920 queries, the other 15 made 3,977. */
    static final long STARVATION_TOP_CLIENT_QUERIES = 1_020_920;
    static final long STARVATION_OTHER_15_CLIENTS_QUERIES = 3_977;
    /** Section 4.2: the one client that was served alone got about 5 ms per query (N = 100). */
    static final double MDS2_ONE_CLIENT_MILLIS_N100 = 5.0;
    /**
     * Section 4.1.2: "MDS2 without caching achieves performance (both throughput and response time) of about 1% when compared
     * to the performance of MDS2 with caching on an index size of 1"; for N = 10..100 its experiments failed.
     */
    static final double MDS2_UNCACHED_SHARE_OF_CACHED_N1 = 0.01;
    /** Section 4.1.1: MDS2 peaked between 1 and 3 concurrent clients. */
    static final String MDS2_PEAK_CLIENTS = "1-3";
    static final String SOURCE = "seed 002 (Raicu, MDS2 vs MDS4 index, GT 4.0.1), sections 4.1.1, 4.1.2 and 4.2";

    private Seed002Reference() {
    }

    static OptionalDouble mds2Peak(int entries) {
        Double v = MDS2_CACHED_PEAK_QUERIES_PER_MINUTE.get(entries);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    static OptionalDouble mds4Peak(int entries) {
        Double v = MDS4_PEAK_QUERIES_PER_MINUTE.get(entries);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /**
     * Jain's index of the starved MDS2 run of Figure 16: 16 clients, one with 1,020,920 queries
     * and 15 sharing 3,977 (spread evenly here, which only flatters MDS2): about 0.066.
     */
    static double starvationJainIndex() {
        double top = STARVATION_TOP_CLIENT_QUERIES;
        double each = STARVATION_OTHER_15_CLIENTS_QUERIES / 15.0;
        double sum = top + 15 * each;
        double squares = top * top + 15 * each * each;
        return sum * sum / (16 * squares);
    }
}
