package org.gridstack.bench.kit.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.gridstack.bench.kit.HostMonitor;

/** The charts of a host monitor's samples: the machine's CPU and load, and each watched process's cores and memory. Stateless. */
public final class HostCharts {
    private HostCharts() {
    }

    /** Three charts over the run's seconds; empty for no samples. */
    public static List<SvgChart> of(List<HostMonitor.Sample> samples) {
        Objects.requireNonNull(samples, "samples is null");
        if (samples.isEmpty()) {
            return List.of();
        }
        SvgChart machine = SvgChart.builder("Machine", "seconds", "cores busy / load").size(560, 340)
                .series("user", points(samples, HostMonitor.Sample::userCores))
                .series("system", points(samples, HostMonitor.Sample::systemCores))
                .series("load (1 min)", points(samples, HostMonitor.Sample::load1)).build();
        Set<String> names = new LinkedHashSet<>();
        samples.forEach(s -> names.addAll(s.processCores().keySet()));
        SvgChart.Builder cores = SvgChart.builder("Cores busy per process", "seconds", "cores").size(560, 340);
        SvgChart.Builder memory = SvgChart.builder("Resident memory per process", "seconds", "MB").size(560, 340);
        for (String name : names) {
            cores.series(name, points(samples, s -> s.processCores().getOrDefault(name, Double.NaN)));
            memory.series(name, points(samples, s -> s.processRssMb().getOrDefault(name, Double.NaN)));
        }
        List<SvgChart> charts = new ArrayList<>(List.of(machine));
        if (!names.isEmpty()) {
            charts.add(cores.build());
            charts.add(memory.build());
        }
        return charts;
    }

    private static List<double[]> points(List<HostMonitor.Sample> samples, ToDoubleFunction<HostMonitor.Sample> value) {
        return samples.stream().map(s -> new double[] {s.seconds(), value.applyAsDouble(s)}).toList();
    }
}
