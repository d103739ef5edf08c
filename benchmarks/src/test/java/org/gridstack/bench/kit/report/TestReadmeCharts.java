package org.gridstack.bench.kit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The READMEs' chart files: each checked-in one reads and names its source; rendering writes an SVG beside each. */
class TestReadmeCharts {
    private static final Path CHECKED_IN = Path.of("results/charts");

    @Test
    void everyCheckedInChartFileReadsNamesItsResultFileAndHasItsSvg() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(CHECKED_IN)) {
            files = s.filter(p -> p.toString().endsWith(".json")).toList();
        }
        assertFalse(files.isEmpty(), "no chart files in " + CHECKED_IN.toAbsolutePath());
        for (Path json : files) {
            ReadmeCharts.ChartFile chart = ReadmeCharts.read(json);
            String source = chart.source().split(" ")[0];
            assertTrue(Files.isRegularFile(Path.of("..").resolve(source)), json + ": its source " + source + " does not exist");
            Path svg = json.resolveSibling(json.getFileName().toString().replace(".json", ".svg"));
            assertTrue(Files.isRegularFile(svg), json + " has no rendered " + svg.getFileName());
        }
    }

    @Test
    void renderAllWritesAnSvgBesideEachChartFileWithItsLines(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.json"), """
                {"title": "t", "xLabel": "clients", "yLabel": "q/s", "logX": false, "logY": false,
                 "source": "benchmarks/results/x.md", "command": "run x",
                 "lines": [{"name": "ours", "points": [[1, 2], [2, 4]], "reference": false},
                           {"name": "peer", "points": [[1, 1], [2, 1]], "reference": true}]}
                """);
        List<Path> written = ReadmeCharts.renderAll(dir);
        assertEquals(List.of(dir.resolve("a.svg")), written);
        String svg = Files.readString(dir.resolve("a.svg"));
        assertTrue(svg.startsWith("<svg") && svg.contains("ours") && svg.contains("peer"), svg.substring(0, 80));
    }

    @Test
    void aChartFileWithoutItsCommandIsRefusedNamingTheFile(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("b.json");
        Files.writeString(json, """
                {"title": "t", "xLabel": "x", "yLabel": "y", "logX": false, "logY": false,
                 "source": "benchmarks/results/x.md", "lines": []}
                """);
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> ReadmeCharts.read(json));
        assertTrue(e.getMessage().contains(json.toString()) && e.getMessage().contains("command"), e.getMessage());
    }
}
