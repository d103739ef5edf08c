package org.gridstack.bench.dqp;

import org.gridstack.bench.kit.TargetVerdict;
import org.gridstack.bench.kit.report.Headline;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The targets of issue 12 judged on one run: (1) DQP Scan-1 (Arrow, blocks of 100) within 3 times
 * direct JDBC's median; (2) the DQP Join within 2 times postgres_fdw's; (3) Arrow moves at least 5
 * times fewer bytes than WebRowSet for both seed tables at 100 tuples per block, judged for plain Arrow and for
 * Arrow with ZSTD-compressed buffers; (4) the entropy
 * query with k evaluators calling k copies at least 0.8 k times as fast as with one (the median of the k = 1 cells), for every
 * measured k > 1; (5) ten million rows stream through the whole path in a heap smaller than the answer (met when the
 * scan of at least ten million rows completed within -Xmx). A target whose numbers were not measured says so. Stateless.
 */
final class DqpTargets {
    static final double SCAN_WITHIN_JDBC = 3.0;
    static final double JOIN_WITHIN_FDW = 2.0;
    static final double CODEC_BYTES_RATIO = 5.0;
    static final double SPEEDUP_PER_EVALUATOR = 0.8;

    private DqpTargets() {
    }

    static List<TargetVerdict> judge(DqpResult r) {
        List<TargetVerdict> out = new ArrayList<>();
        out.add(ratio(r, SeedQuery.SCAN_1, AccessMode.DQP_BINARY, AccessMode.JDBC, SCAN_WITHIN_JDBC,
                "DQP Scan-1 within 3 x direct JDBC (seed: 27.8 s vs 0.14 s, 199 x)"));
        out.add(ratio(r, SeedQuery.JOIN, AccessMode.DQP_BINARY, AccessMode.POSTGRES_FDW, JOIN_WITHIN_FDW,
                "DQP Join within 2 x postgres_fdw"));
        out.add(codecVerdict(r, false));
        out.add(codecVerdict(r, true));
        double base = r.gridBaselineMillis();
        List<GridCell> diagonal = r.grid().stream().filter(c -> c.evaluators() == c.copies() && c.evaluators() > 1).toList();
        if (Double.isNaN(base) || diagonal.isEmpty()) {
            out.add(new TargetVerdict("OPERATION_CALL speed-up >= 0.8 x k (k evaluators, k copies)", "-", "not measured"));
        } else {
            double worstShare = Double.POSITIVE_INFINITY;
            StringBuilder m = new StringBuilder();
            for (GridCell c : diagonal) {
                double speedUp = base / c.timing().medianMillis();
                worstShare = Math.min(worstShare, speedUp / c.evaluators());
                m.append(m.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "k=%d: %.2f x", c.evaluators(), speedUp));
            }
            out.add(new TargetVerdict("OPERATION_CALL speed-up >= 0.8 x k (k evaluators, k copies; seed: 2.25 x at best)",
                    m + String.format(Locale.ROOT, " (lowest %.2f k)", worstShare), worstShare >= SPEEDUP_PER_EVALUATOR ? "met" : "missed"));
        }
        out.add(r.bigScan().map(b -> new TargetVerdict("a 10-million-row scan streams with a bounded heap",
                String.format(Locale.ROOT, "%,d rows in %.0f s, peak heap %.0f MB, -Xmx %.0f MB", b.rows(), b.seconds(), b.peakHeapBytes() / 1e6,
                        b.maxHeapBytes() / 1e6), b.rows() >= DqpBenchmark.TEN_MILLION ? "met" : "not measured"))
                .orElse(new TargetVerdict("a 10-million-row scan streams with a bounded heap", "not run at this scale", "not measured")));
        return List.copyOf(out);
    }

    /**
     * The run's headline for the suite's front page: DQP's Join time (Arrow) over postgres_fdw's,
     * the peer measured in the same run (target: within 2 x); empty when either was not measured.
     */
    static Optional<Headline> headline(DqpResult r) {
        Optional<ModeResult> ours = r.mode(SeedQuery.JOIN, AccessMode.DQP_BINARY);
        Optional<ModeResult> peer = r.mode(SeedQuery.JOIN, AccessMode.POSTGRES_FDW);
        if (ours.isEmpty() || peer.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Headline("DQP Join vs postgres_fdw, median time", ours.get().medianMillis(), peer.get().medianMillis(),
                "postgres_fdw (this run)", "ms", false, JOIN_WITHIN_FDW));
    }

    private static TargetVerdict codecVerdict(DqpResult r, boolean zstd) {
        String target = (zstd ? "Arrow+ZSTD (binary-zstd)" : "plain Arrow (binary)") + " >= 5 x fewer bytes than WebRowSet, both seed tables";
        if (r.codecs().isEmpty()) {
            return new TargetVerdict(target, "-", "not measured");
        }
        double worst = Double.POSITIVE_INFINITY;
        StringBuilder m = new StringBuilder();
        for (CodecComparison c : r.codecs()) {
            double ratio = zstd ? c.zstdRatio() : c.ratio();
            worst = Math.min(worst, ratio);
            m.append(m.length() == 0 ? "" : "; ").append(String.format(Locale.ROOT, "%s %.2f x (%,d vs %,d bytes, blocks of %d)",
                    c.query().label(), ratio, c.webRowSetBytes(), zstd ? c.zstdBytes() : c.arrowBytes(), c.blockSize()));
        }
        return new TargetVerdict(target, m.toString(), worst >= CODEC_BYTES_RATIO ? "met" : "missed");
    }

    private static TargetVerdict ratio(DqpResult r, SeedQuery q, AccessMode ours, AccessMode peer, double within, String target) {
        Optional<ModeResult> a = r.mode(q, ours);
        Optional<ModeResult> b = r.mode(q, peer);
        if (a.isEmpty() || b.isEmpty()) {
            return new TargetVerdict(target, "-", "not measured");
        }
        double ratio = a.get().medianMillis() / b.get().medianMillis();
        return new TargetVerdict(target, String.format(Locale.ROOT, "%.1f ms vs %.1f ms = %.2f x", a.get().medianMillis(), b.get().medianMillis(),
                ratio), ratio <= within ? "met" : "missed");
    }
}
