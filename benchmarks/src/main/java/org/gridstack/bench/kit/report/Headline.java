package org.gridstack.bench.kit.report;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.gridstack.bench.kit.ResultJson;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * An experiment's headline: one number of ours against its reference (the peer measured in the
 * same run, or the seed's figure when there is no peer), as the ratio ours / reference, and the
 * issue's target for that ratio if it has one; an experiment with nothing to compare with writes
 * its own number and "no reference" ({@link #withoutReference}). An experiment writes it as {@value #FILE} beside its
 * pages ({@link #write}); the suite's front page shows it per experiment ({@link #read}), judged
 * against the target only at full scale. Immutable.
 *
 * @param what what is compared, e.g. "servlet zip 0 vs production 3.42, queries/s at 4 clients"
 * @param ours our value
 * @param reference the reference's value, in the same unit
 * @param referenceName who the reference is, e.g. "production 3.42 (this run)" or "seed 002"
 * @param unit the unit of both values
 * @param higherIsBetter whether more is better (rates) or less (times)
 * @param target the ratio the issue asks for (at least it when more is better, at most it when
 *        less is), or null when the issue sets none
 */
public record Headline(String what, double ours, double reference, String referenceName, String unit, boolean higherIsBetter,
        Double target) {
    /** The file an experiment's headline is written to, in its report folder. */
    public static final String FILE = "headline.json";
    /** The {@link #referenceName} of an experiment that has nothing to compare its number with. */
    public static final String NO_REFERENCE = "no reference";
    private static final ObjectMapper JSON = new ObjectMapper();

    public Headline {
        requireNonNull(what, "what is null");
        requireNonNull(referenceName, "referenceName is null");
        requireNonNull(unit, "unit is null");
        if (target != null && !(target > 0)) {
            throw new IllegalArgumentException("a headline's target ratio must be positive, got " + target);
        }
    }

    /**
     * The headline of an experiment with no peer in its run and no seed figure to compare with:
     * its own number only, shown as "no reference" on the front page, never judged.
     */
    public static Headline withoutReference(String what, double ours, String unit, boolean higherIsBetter) {
        return new Headline(what, ours, Double.NaN, NO_REFERENCE, unit, higherIsBetter, null);
    }

    /** Whether the experiment has no reference to compare with ({@link #withoutReference}). */
    public boolean hasNoReference() {
        return NO_REFERENCE.equals(referenceName);
    }

    /** ours / reference; NaN when either was not measured. */
    public double ratio() {
        return ours / reference;
    }

    /** Whether ours did at least as well as the reference (ratio 1 counts as not worse). */
    public boolean beatsReference() {
        double r = ratio();
        return higherIsBetter ? r >= 1 : r <= 1;
    }

    /** Whether the ratio reaches the target; empty without a target or a measured ratio. */
    public Optional<Boolean> meetsTarget() {
        double r = ratio();
        if (target == null || !Double.isFinite(r)) {
            return Optional.empty();
        }
        return Optional.of(higherIsBetter ? r >= target : r <= target);
    }

    /** The ratio with both values, e.g. "1.85 x (120.0 / 64.9 queries/s, production 3.42)". */
    public String ratioText() {
        if (hasNoReference()) {
            return NO_REFERENCE + " (ours: " + (Double.isFinite(ours) ? number(ours) + " " + unit : "not measured") + ")";
        }
        if (!Double.isFinite(ratio())) {
            return "not measured";
        }
        return String.format(Locale.ROOT, "%.2f x (%s / %s %s, %s)", ratio(), number(ours), number(reference), unit, referenceName);
    }

    /** The target as text, e.g. "ours >= 3 x" or "ours <= 2 x", or "-" without one. */
    public String targetText() {
        return target == null ? "-" : String.format(Locale.ROOT, "ours %s %s x", higherIsBetter ? ">=" : "<=", number(target));
    }

    private static String number(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    /** Writes {@value #FILE} into {@code dir} (created if missing) and returns its path. */
    public Path write(Path dir) throws IOException {
        Files.createDirectories(requireNonNull(dir, "dir is null"));
        Path file = dir.resolve(FILE);
        ResultJson.write(file, this);
        return file;
    }

    /** The headline an experiment wrote into {@code dir}, or empty when it wrote none. */
    public static Optional<Headline> read(Path dir) throws IOException {
        Path file = requireNonNull(dir, "dir is null").resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        var n = JSON.readTree(file.toFile());
        return Optional.of(new Headline(n.path("what").asText(), number(n, "ours"), number(n, "reference"), n.path("referenceName").asText(),
                n.path("unit").asText(), n.path("higherIsBetter").asBoolean(), n.hasNonNull("target") ? n.get("target").asDouble() : null));
    }

    private static double number(JsonNode n, String field) {
        return n.hasNonNull(field) ? n.get(field).asDouble() : Double.NaN;
    }
}
