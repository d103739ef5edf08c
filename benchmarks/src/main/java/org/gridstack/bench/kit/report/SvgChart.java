package org.gridstack.bench.kit.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import java.text.DecimalFormat;
import org.jfree.chart.axis.NumberTickUnit;

/**
 * A line chart drawn as SVG text by JFreeChart, for pages that must render offline and without
 * scripts; or, for categories (access modes, the parts of a cost profile) where a line between
 * neighbours would mean nothing, a bar chart ({@link Builder#categories}), the references as bars of
 * their own beside ours (pale, outlined dashed), so none hides behind another. Build with
 * {@link #builder}, then {@link #toSvg()}. Immutable once built.
 */
public final class SvgChart {
    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

    /** One named line: its points in x order. */
    public record Series(String name, List<double[]> points, boolean dashed) {
        public Series {
            Objects.requireNonNull(name, "name is null");
            points = List.copyOf(Objects.requireNonNull(points, "points is null"));
            for (double[] p : points) {
                if (p.length != 2) {
                    throw new IllegalArgumentException("a point of series " + name + " is not an (x, y) pair");
                }
            }
        }
    }

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final boolean integerX;
    private final boolean logX;
    private final boolean logY;
    private final List<Series> series;
    private final List<String> categories;
    private final int width;
    private final int height;

    private SvgChart(Builder b) {
        this.title = b.title;
        this.xLabel = b.xLabel;
        this.yLabel = b.yLabel;
        this.integerX = b.integerX;
        this.logX = b.logX;
        this.logY = b.logY;
        this.series = List.copyOf(b.series);
        this.categories = b.categories;
        this.width = b.width;
        this.height = b.height;
    }

    public static Builder builder(String title, String xLabel, String yLabel) {
        return new Builder(title, xLabel, yLabel);
    }

    /** Collects a chart's settings and series; validates them. Not thread-safe. */
    public static final class Builder {
        private final String title;
        private final String xLabel;
        private final String yLabel;
        private boolean integerX;
        private boolean logX;
        private boolean logY;
        private final List<Series> series = new ArrayList<>();
        private List<String> categories = List.of();
        private int width = 640;
        private int height = 360;

        private Builder(String title, String xLabel, String yLabel) {
            this.title = Objects.requireNonNull(title, "title is null");
            this.xLabel = Objects.requireNonNull(xLabel, "xLabel is null");
            this.yLabel = Objects.requireNonNull(yLabel, "yLabel is null");
        }

        /** Whole numbers on the x axis (client counts). */
        public Builder integerX() {
            this.integerX = true;
            return this;
        }

        /**
         * Logarithmic x and/or y axes (client counts 1..800, rates spanning orders of magnitude, as
         * the seeds drew them); points with a value that is not positive on a logarithmic axis are
         * left out.
         */
        public Builder logAxes(boolean x, boolean y) {
            this.logX = x;
            this.logY = y;
            return this;
        }

        /**
         * Draws bars over these categories instead of lines: a point's x is the category's number,
         * 1 for the first; a category a series has no point for gets no bar. The x axis is never
         * logarithmic then; {@link #logAxes}'s y still applies.
         */
        public Builder categories(List<String> labels) {
            List<String> copy = List.copyOf(Objects.requireNonNull(labels, "labels is null"));
            if (copy.isEmpty()) {
                throw new IllegalArgumentException("a bar chart needs at least one category");
            }
            this.categories = copy;
            return this;
        }

        public Builder size(int w, int h) {
            if (w < 100 || h < 100) {
                throw new IllegalArgumentException("a chart needs at least 100 x 100 pixels, got " + w + " x " + h);
            }
            this.width = w;
            this.height = h;
            return this;
        }

        public Builder series(String name, List<double[]> points) {
            series.add(new Series(name, points, false));
            return this;
        }

        /** A reference line (a seed's published values), drawn dashed. */
        public Builder reference(String name, List<double[]> points) {
            series.add(new Series(name, points, true));
            return this;
        }

        public SvgChart build() {
            if (series.isEmpty()) {
                throw new IllegalStateException("chart '" + title + "' has no series");
            }
            for (Series s : series) {
                for (double[] p : s.points()) {
                    if (!categories.isEmpty() && (p[0] != Math.rint(p[0]) || p[0] < 1 || p[0] > categories.size())) {
                        throw new IllegalArgumentException("chart '" + title + "', series " + s.name() + ": x = " + p[0]
                                + " is not the number of one of its " + categories.size() + " categories");
                    }
                }
            }
            return new SvgChart(this);
        }
    }

    public String title() {
        return title;
    }

    private static LogAxis logAxis(String label, double lowest, double highest) {
        LogAxis axis = new LogAxis(label);
        axis.setSmallestValue(1e-3);
        axis.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
        axis.setAutoTickUnitSelection(false);
        axis.setTickUnit(new NumberTickUnit(logTickUnit(lowest, highest)), false, false);
        return axis;
    }

    /**
     * The distance between a logarithmic axis's labels, in decades: one label per power of ten, or,
     * when the values span less than two decades (e.g. client levels 1 and 4, which would otherwise
     * get the single label 1), one per power of two (1, 2, 4, 8, ...).
     */
    static double logTickUnit(double lowest, double highest) {
        boolean narrow = lowest > 0 && Double.isFinite(highest) && highest / lowest < 100;
        return narrow ? Math.log10(2) : 1;
    }

    /** The chart as a standalone {@code <svg>} element (no XML declaration), to inline in HTML. */
    public String toSvg() {
        JFreeChart chart = categories.isEmpty() ? lines() : bars();
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        chart.draw(g, new Rectangle(0, 0, width, height));
        return g.getSVGElement();
    }

    /** Whether this chart draws bars over categories. */
    public boolean isBarChart() {
        return !categories.isEmpty();
    }

    private JFreeChart bars() {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        double lowest = Double.POSITIVE_INFINITY;
        for (Series s : series) {
            for (String c : categories) {
                data.addValue(null, s.name(), c); // every series has every category, so a missing bar leaves a gap, not a shift
            }
            for (double[] p : s.points()) {
                if (Double.isFinite(p[1]) && (!logY || p[1] > 0)) {
                    data.setValue(p[1], s.name(), categories.get((int) p[0] - 1));
                    lowest = Math.min(lowest, p[1]);
                }
            }
        }
        JFreeChart chart = ChartFactory.createBarChart(title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.getDomainAxis().setMaximumCategoryLabelLines(3); // "5 DQP, WebRowSet" in full, not "5 DQ..."
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        BarRenderer renderer = new BarRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setDrawBarOutline(true);
        renderer.setItemMargin(0.02);
        if (logY) {
            double base = Double.isFinite(lowest) ? Math.pow(10, Math.floor(Math.log10(lowest))) : 1;
            plot.setRangeAxis(logAxis(yLabel, base, data.getRowCount() == 0 ? base : highest(data)));
            renderer.setBase(base);
        }
        for (int i = 0; i < series.size(); i++) {
            Color c = PALETTE[i % PALETTE.length];
            boolean reference = series.get(i).dashed();
            renderer.setSeriesPaint(i, reference ? new Color(c.getRed(), c.getGreen(), c.getBlue(), 90) : c);
            renderer.setSeriesOutlinePaint(i, c);
            renderer.setSeriesOutlineStroke(i, reference ? dashed() : new BasicStroke(1f));
        }
        plot.setRenderer(renderer);
        return chart;
    }

    private static double highest(DefaultCategoryDataset data) {
        double h = Double.NaN;
        for (int r = 0; r < data.getRowCount(); r++) {
            for (int c = 0; c < data.getColumnCount(); c++) {
                Number v = data.getValue(r, c);
                if (v != null) {
                    h = Double.isNaN(h) ? v.doubleValue() : Math.max(h, v.doubleValue());
                }
            }
        }
        return h;
    }

    private static BasicStroke dashed() {
        return new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
    }

    private JFreeChart lines() {
        XYSeriesCollection data = new XYSeriesCollection();
        for (Series s : series) {
            XYSeries xy = new XYSeries(s.name(), true, true);
            for (double[] p : s.points()) {
                if (Double.isFinite(p[1]) && (!logX || p[0] > 0) && (!logY || p[1] > 0)) {
                    xy.add(p[0], p[1]);
                }
            }
            data.addSeries(xy);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xdddddd));
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        if (logX) {
            plot.setDomainAxis(logAxis(xLabel, data.getDomainLowerBound(false), data.getDomainUpperBound(false)));
        } else if (integerX) {
            ((NumberAxis) plot.getDomainAxis()).setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        }
        if (logY) {
            plot.setRangeAxis(logAxis(yLabel, data.getRangeLowerBound(false), data.getRangeUpperBound(false)));
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < series.size(); i++) {
            renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            renderer.setSeriesStroke(i, series.get(i).dashed() ? dashed() : new BasicStroke(2f));
        }
        plot.setRenderer(renderer);
        return chart;
    }
}
