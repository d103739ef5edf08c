package org.gridstack.bench.kit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.gridstack.bench.kit.RunScale;
import org.gridstack.bench.kit.TargetVerdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a page says about targets at each scale (a tiny run shows numbers and no verdict), the
 * headline an experiment leaves for the suite's front page, the one table writer, and bar charts
 * for categories.
 */
class TestReportVerdicts {
    /** The words of a verdict: a tiny run's page must contain none of them. */
    static final Pattern VERDICT_WORDS = Pattern.compile("\\b(met|missed|MISSED|beats?)\\b");

    private static final List<TargetVerdict> TARGETS = List.of(new TargetVerdict("GIIS >= 1.5 x slapd", "1.20 x", "missed"),
            new TargetVerdict("Jain >= 0.95", "0.99", "met"), new TargetVerdict("scan", "-", "not measured"));

    @Test
    void aTinyRunsPageSaysTheScaleIsTooSmallAndJudgesNothing() {
        String old = System.setProperty(RunScale.PROPERTY, "tiny");
        try {
            String html = HtmlPage.builder("page").fact("x", 1).table("Targets", List.of("target", "measured", "verdict"), TargetVerdict.rows(TARGETS))
                    .build().html();
            assertTrue(html.contains(HtmlPage.escape(RunScale.TOO_SMALL)), html);
            assertFalse(VERDICT_WORDS.matcher(html).find(), html);
            assertTrue(html.contains("1.20 x") && html.contains(RunScale.NOT_JUDGED), "the numbers stay: " + html);
            String md = TargetVerdict.markdown(TARGETS);
            assertFalse(VERDICT_WORDS.matcher(md).find(), md);
            assertFalse(md.contains("**"), md);
            String json = org.gridstack.bench.kit.ResultJson.toJson(TARGETS);
            assertFalse(VERDICT_WORDS.matcher(json).find(), "the raw data keeps no verdict either: " + json);
            assertTrue(json.contains("\"measured\": \"1.20 x\"") && json.contains(RunScale.NOT_JUDGED), "the numbers stay: " + json);
        } finally {
            restore(old);
        }
    }

    @Test
    void quickAndFullRunsStillJudgeTheirTargets() {
        for (String scale : List.of("quick", "full")) {
            String old = System.setProperty(RunScale.PROPERTY, scale);
            try {
                String html = HtmlPage.builder("page").table("Targets", List.of("target", "measured", "verdict"), TargetVerdict.rows(TARGETS))
                        .build().html();
                assertFalse(html.contains(HtmlPage.escape(RunScale.TOO_SMALL)), scale);
                assertTrue(html.contains("<td>missed</td>") && html.contains("<td>met</td>"), html);
                assertEquals("""
                        | target | measured | verdict |
                        |---|---|---|
                        | GIIS >= 1.5 x slapd | 1.20 x | **missed** |
                        | Jain >= 0.95 | 0.99 | met |
                        | scan | - | **not measured** |
                        """, TargetVerdict.markdown(TARGETS), "the table the MDS and DQP runs always wrote");
                String json = org.gridstack.bench.kit.ResultJson.toJson(TARGETS);
                assertTrue(json.contains("\"missed\"") && json.contains("\"met\""), json);
            } finally {
                restore(old);
            }
        }
    }

    @Test
    void aHeadlineIsTheRatioOfOursToTheReferenceAndReadsBackAsWritten(@TempDir Path dir) throws Exception {
        Headline rate = new Headline("servlet vs production 3.42", 300, 100, "production 3.42 (this run)", "queries/s", true, 3.0);
        assertEquals(3.0, rate.ratio(), 1e-12);
        assertTrue(rate.beatsReference());
        assertEquals(Optional.of(true), rate.meetsTarget());
        assertEquals("3.00 x (300 / 100 queries/s, production 3.42 (this run))", rate.ratioText());
        Headline time = new Headline("DQP Join vs postgres_fdw", 90, 30, "postgres_fdw", "ms", false, 2.0);
        assertFalse(time.beatsReference());
        assertEquals(Optional.of(false), time.meetsTarget(), "3 x the peer's time is not within 2 x");
        assertEquals("ours <= 2.00 x", time.targetText());
        Headline none = new Headline("x", Double.NaN, 5, "seed", "ms", false, null);
        assertEquals(Optional.empty(), none.meetsTarget());
        assertEquals("not measured", none.ratioText());

        assertEquals(Optional.empty(), Headline.read(dir));
        time.write(dir);
        assertEquals(Optional.of(time), Headline.read(dir));
        none.write(dir);
        Headline back = Headline.read(dir).orElseThrow();
        assertTrue(Double.isNaN(back.ours()) && back.target() == null, back.toString());
        Headline alone = Headline.withoutReference("LDAP slowest median", 12.5, "ms", false);
        alone.write(dir);
        assertEquals(alone, Headline.read(dir).orElseThrow());
        assertTrue(alone.hasNoReference() && alone.meetsTarget().isEmpty(), alone.toString());
        assertEquals("no reference (ours: 12.5 ms)", alone.ratioText());
        assertThrows(IllegalArgumentException.class, () -> new Headline("x", 1, 1, "r", "u", true, 0.0));
    }

    @Test
    void theTableWriterWritesMarkdownAndQuotedCsv() {
        TextTable t = TextTable.of("zip", "what", "q/s").alignRight(0, 2).row(0, "servlet, zip \"0\"", 12.5).row(5, "a|b", "-");
        assertEquals("| zip | what | q/s |\n|---:|---|---:|\n| 0 | servlet, zip \"0\" | 12.5 |\n| 5 | a\\|b | - |\n", t.markdown());
        assertEquals("zip,what,q/s\n0,\"servlet, zip \"\"0\"\"\",12.5\n5,a|b,-\n", t.csv());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.row(1, 2));
        assertTrue(e.getMessage().contains("2 cells for 3 headers"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> t.alignRight(3));
    }

    @Test
    void theTableWriterCentresColumnsAndRightAlignsTheRest() {
        // the FroNtier targets table as it was written by hand: |---|---:|---:|:---:|
        TextTable targets = TextTable.of("target", "measured", "required", "reached").alignRight(1, 2).alignCenter(3)
                .row("zip 5 vs peer", "1.2 x", ">= 1.0 x", "yes");
        assertEquals("| target | measured | required | reached |\n|---|---:|---:|:---:|\n| zip 5 vs peer | 1.2 x | >= 1.0 x | yes |\n",
                targets.markdown());
        assertEquals("| a | b | c |\n|---|---:|---:|\n", TextTable.of("a", "b", "c").alignRightFrom(1).markdown());
        assertEquals("a,b,c\n", TextTable.of("a", "b", "c").alignCenter(0).alignRightFrom(1).csv(), "CSV has no alignment");
        assertThrows(IllegalArgumentException.class, () -> TextTable.of("a").alignCenter(1));
        assertThrows(IllegalArgumentException.class, () -> TextTable.of("a").alignRightFrom(2));
    }

    @Test
    void categoriesAreDrawnAsBarsWithTheReferenceBesideOurs() {
        List<String> modes = List.of("1 direct JDBC", "2 data service", "3 DQP");
        SvgChart bars = SvgChart.builder("Median time per access mode", "access mode", "ms").categories(modes).logAxes(false, true)
                .series("Scan-1 (this run)", List.of(new double[] {1, 12}, new double[] {2, 40}, new double[] {3, 55}))
                .reference("Scan-1 (seed 003)", List.of(new double[] {1, 140}, new double[] {3, 27_800})).build();
        assertTrue(bars.isBarChart());
        String svg = bars.toSvg();
        // JFreeSVG draws each bar as a rect (filled, then outlined): ours 3 bars, the seed's 2, none hidden behind another
        assertTrue(rects(svg) >= rects(lineChart(modes).toSvg()) + 2 * 5, "five bars, each filled and outlined: " + rects(svg) + " vs " + rects(lineChart(modes).toSvg()));
        assertTrue(svg.contains("Scan-1 (seed 003)") && svg.contains("Scan-1 (this run)"), "both in the legend");
        String page = HtmlPage.builder("p").charts(List.of(bars, lineChart(modes))).build().html();
        assertTrue(page.contains("data-kind=\"bars\"") && page.contains("data-kind=\"lines\""), "the page says which is which");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SvgChart.builder("t", "x", "y").categories(modes)
                .series("s", List.<double[]>of(new double[] {4, 1})).build());
        assertTrue(e.getMessage().contains("x = 4.0"), e.getMessage());
    }

    private static SvgChart lineChart(List<String> modes) {
        return SvgChart.builder("Lines", "x", "ms").series("Scan-1 (this run)", List.of(new double[] {1, 12}, new double[] {2, 40})).build();
    }

    private static int rects(String svg) {
        return svg.split("<rect", -1).length - 1;
    }

    private static void restore(String old) {
        if (old == null) {
            System.clearProperty(RunScale.PROPERTY);
        } else {
            System.setProperty(RunScale.PROPERTY, old);
        }
    }
}
