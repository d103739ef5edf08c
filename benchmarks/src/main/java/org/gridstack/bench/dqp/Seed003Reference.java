package org.gridstack.bench.dqp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ArrayList;
import java.util.Collections;

/**
 * What seed 003 (Alpdemir et al., "Experience on Performance Evaluation with OGSA-DQP", OGSA-DQP 2.0
 * on OGSA-DAI 4.0 and GT3.2, MySQL, two AMD Athlon 1.13 GHz machines with 512 MB on 100 Mbit/s)
 * published in its text, copied here so the report can put it beside our numbers. Its bar charts
 * (Figures 2-6, 8) have no numbers in the text; only the values quoted in the text are kept.
 * Constants only.
 */
final class Seed003Reference {
    static final String SOURCE = "seed 003, OGSA-DQP 2.0 (2005): two AMD Athlon 1.13 GHz, 512 MB, 100 Mbit/s, MySQL; averages of 3 runs";

    /** A published time with what it measured. */
    record SeedTime(double millis, String what) {
    }

    /** Rows of the seed's tables. */
    static final int PROTEIN_GOTERM_ROWS = 16_803;
    static final int PROTEIN_INTERACTION_ROWS = 4_716;

    /** XML tags per row in WebRowSet (Table 2), bytes, at 2 bytes per character. */
    static final int XML_OVERHEAD_PER_ROW_GOTERM = 160;
    static final int XML_OVERHEAD_PER_ROW_INTERACTION = 376;
    /** "an increase of more than eight times" (Table 2). */
    static final double XML_SIZE_FACTOR = 8.0;

    /** Best GDS block sizes (Figures 5 and 6) and the times around them. */
    static final String SCAN_1_BEST_BLOCK = "120-130 tuples (10.5 s, against 218 s tuple by tuple)";
    static final String SCAN_2_BEST_BLOCK = "110 tuples";
    static final double SCAN_1_BLOCKED_BEST_MS = 10_500;
    static final double SCAN_1_TUPLE_REMOTE_MS = 218_000;

    /** Figure 7: the cost profile of DQP Scan-1, seconds. */
    static final Map<String, Double> FIGURE_7_SECONDS;

    static {
        Map<String, Double> f = new LinkedHashMap<>();
        f.put("total response time", 28.6);
        f.put("data service block retrieval", 9.6);
        f.put("WebRowSet unpacking (in data service access)", 5.5);
        f.put("data service access (TABLE_SCAN)", 15.1);
        f.put("evaluator-to-evaluator transfer (EXCHANGE producer)", 26.8);
        f.put("translation (in transfer)", 4.8);
        f.put("tuple size computation (in transfer)", 1.0);
        f.put("delivery to the coordinator", 8.1);
        f.put("sum without overlap", 50.0);
        FIGURE_7_SECONDS = Collections.unmodifiableMap(f);
    }

    /** Best speed-up of the parallel OPERATION_CALL (Figure 8), evaluators == service copies. */
    static final double OPERATION_CALL_BEST_SPEEDUP = 2.25;

    private Seed003Reference() {
    }

    /** The seed's time for {@code query} in {@code mode}, where its text gives one. */
    static Optional<SeedTime> time(SeedQuery query, AccessMode mode) {
        return Optional.ofNullable(switch (query) {
            case SCAN_1 -> switch (mode) {
                case JDBC -> new SeedTime(140, "local JDBC");
                case GDS_SYNC -> new SeedTime(5_330, "GDS");
                case GDS_TUPLE -> new SeedTime(117_000, "local asynch GDS (remote: 218 s)");
                case GDS_BLOCKS -> new SeedTime(SCAN_1_BLOCKED_BEST_MS, "remote GDS, best block size 120-130");
                case DQP_WEBROWSET -> new SeedTime(27_800, "DQP, blocks of 100 (156.37 s tuple by tuple)");
                default -> null;
            };
            case SCAN_2 -> switch (mode) {
                case GDS_TUPLE -> new SeedTime(32_330, "local asynch GDS");
                case DQP_WEBROWSET -> new SeedTime(47_270, "DQP before block aggregation");
                default -> null;
            };
            case JOIN -> null;
        });
    }

    /** Every published time, for the JSON. */
    static List<Map<String, Object>> allTimes() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (SeedQuery q : SeedQuery.values()) {
            for (AccessMode m : AccessMode.values()) {
                time(q, m).ifPresent(t -> {
                    Map<String, Object> e = new LinkedHashMap<>();
                    e.put("query", q.label());
                    e.put("mode", m.name());
                    e.put("millis", t.millis());
                    e.put("what", t.what());
                    out.add(e);
                });
            }
        }
        return out;
    }
}
