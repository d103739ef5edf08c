package org.gridstack.bench.grim;

import java.util.ArrayList;
import java.util.List;

/**
 * The seed's interval average: t0 = 0; for t_i the mean QRT of the responses received in
 * (t_{i-1}, t_i]; an empty interval repeats the previous value. Built from (completion time, QRT)
 * pairs after the run. Immutable.
 */
record IntervalSeries(double intervalSeconds, List<Double> averagesMs, List<Integer> counts) {
    /** @param endSeconds completion time of each response since the scenario start; @param qrtMs its QRT */
    static IntervalSeries of(double[] endSeconds, double[] qrtMs, int n, double intervalSeconds, double durationSeconds) {
        int intervals = (int) Math.ceil(durationSeconds / intervalSeconds - 1e-9);
        double[] sum = new double[intervals];
        int[] count = new int[intervals];
        for (int i = 0; i < n; i++) {
            int k = (int) Math.ceil(endSeconds[i] / intervalSeconds) - 1;
            if (k >= 0 && k < intervals) {
                sum[k] += qrtMs[i];
                count[k]++;
            }
        }
        List<Double> avg = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        avg.add(0.0);
        counts.add(0);
        for (int k = 0; k < intervals; k++) {
            avg.add(count[k] == 0 ? avg.get(avg.size() - 1) : sum[k] / count[k]);
            counts.add(count[k]);
        }
        return new IntervalSeries(intervalSeconds, List.copyOf(avg), List.copyOf(counts));
    }
}
