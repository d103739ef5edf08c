package org.gridstack.bench.kit;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    /**
     * The verdict as the raw data (JSON) holds it: target, measured and {@link #shownVerdict}, so a
     * tiny run's JSON keeps its numbers but carries no verdict.
     */
    @JsonValue
    public Map<String, String> json() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("target", target);
        m.put("measured", measured);
        m.put("verdict", shownVerdict());
        return m;
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
