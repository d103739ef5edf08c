package org.gridstack.bench.kit.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Renders the charts the READMEs show from chart files checked in beside them: every
 * {@code NAME.json} in a folder (default {@code benchmarks/results/charts}) becomes
 * {@code NAME.svg} there, drawn by {@link SvgChart}. A chart file holds the numbers copied from a
 * result file under {@code benchmarks/results/}, which it names, with the command that measured
 * them. Run from the checkout after changing a chart file:
 * {@code java -cp <benchmarks classpath> org.gridstack.bench.kit.report.ReadmeCharts}. Stateless.
 */
public final class ReadmeCharts {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** One line of a chart: its name, its (x, y) points, and whether it is a reference (drawn dashed). */
    public record Line(String name, List<double[]> points, boolean reference) {
        public Line {
            Objects.requireNonNull(name, "name is null");
            points = List.copyOf(Objects.requireNonNull(points, "points is null"));
        }
    }

    /** A chart file: labels, axes, the result file the numbers come from, the command that made them, the lines. */
    public record ChartFile(String title, String xLabel, String yLabel, boolean logX, boolean logY,
            String source, String command, List<Line> lines) {
        public ChartFile {
            Objects.requireNonNull(title, "title is null");
            Objects.requireNonNull(xLabel, "xLabel is null");
            Objects.requireNonNull(yLabel, "yLabel is null");
            Objects.requireNonNull(source, "source is null (the result file the numbers come from)");
            Objects.requireNonNull(command, "command is null (the command that measured the numbers)");
            lines = List.copyOf(Objects.requireNonNull(lines, "lines is null"));
        }

        /** The chart these numbers draw. */
        public SvgChart chart() {
            SvgChart.Builder b = SvgChart.builder(title, xLabel, yLabel).logAxes(logX, logY).size(640, 360);
            if (!logX) {
                b.integerX();
            }
            for (Line line : lines) {
                if (line.reference()) {
                    b.reference(line.name(), line.points());
                } else {
                    b.series(line.name(), line.points());
                }
            }
            return b.build();
        }
    }

    private ReadmeCharts() {
    }

    /** Reads one chart file; a malformed one is an error naming it. */
    public static ChartFile read(Path json) {
        try {
            return JSON.readValue(json.toFile(), ChartFile.class);
        } catch (IOException e) {
            throw new UncheckedIOException("chart file " + json + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** Renders every chart file of {@code folder} to the SVG file beside it; returns the SVG files written. */
    public static List<Path> renderAll(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> charts = files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
            for (Path json : charts) {
                String name = json.getFileName().toString();
                Path svg = json.resolveSibling(name.substring(0, name.length() - ".json".length()) + ".svg");
                Files.writeString(svg, read(json).chart().toSvg() + "\n", StandardCharsets.UTF_8);
            }
            return charts.stream().map(p -> p.resolveSibling(p.getFileName().toString().replace(".json", ".svg"))).toList();
        }
    }

    public static void main(String[] args) throws IOException {
        Path folder = Path.of(args.length > 0 ? args[0] : "benchmarks/results/charts");
        for (Path svg : renderAll(folder)) {
            System.out.println("wrote " + svg);
        }
    }
}
