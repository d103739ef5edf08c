package org.gridstack.bench.kit;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.gridstack.bench.kit.report.TextTable;

/**
 * One issue target judged on a run: what it asks, what was measured, and the verdict
 * ({@code met}, {@code missed} or {@code not measured}), as every experiment's page and summary
 * state it (reported, never asserted). A tiny run shows the measured value and
 * {@link RunScale#NOT_JUDGED} instead of the verdict ({@link #shownVerdict}). Immutable.
 */
public record TargetVerdict(String target, String measured, String verdict) {
    public TargetVerdict {
        requireNonNull(target, "target is null");
        requireNonNull(measured, "measured is null");
        requireNonNull(verdict, "verdict is null");
    }

    public boolean met() {
        return verdict.equals("met");
    }

    /** The verdict as pages show it: itself, or {@link RunScale#NOT_JUDGED} on a tiny run. */
    public String shownVerdict() {
        return RunScale.verdict(verdict);
    }

    /** The targets as a Markdown table (target, measured, verdict; a verdict other than met in bold). */
    public static String markdown(List<TargetVerdict> verdicts) {
        TextTable t = TextTable.of("target", "measured", "verdict");
        for (TargetVerdict v : verdicts) {
            String shown = v.shownVerdict();
            t.row(v.target(), v.measured(), v.met() || !RunScale.judges() ? shown : "**" + shown + "**");
        }
        return t.markdown();
    }

    /** The targets as rows of a page's table: target, measured, verdict as shown. */
    public static List<List<String>> rows(List<TargetVerdict> verdicts) {
        return verdicts.stream().map(v -> List.of(v.target(), v.measured(), v.shownVerdict())).toList();
    }
}
