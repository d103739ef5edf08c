package org.gridstack.bench.grim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridstack.bench.kit.ResultJson;
import org.gridstack.bench.kit.report.TextTable;
import java.util.Locale;

/** CSV and JSON files of the GRIM benchmarks (JSON as every benchmark writes it, {@link ResultJson}), the input of the later HTML reports. */
final class ResultFiles {
    private ResultFiles() {
    }

    static Path csv(Path dir, String name, List<String> header, List<List<Object>> rows) throws IOException {
        TextTable table = TextTable.of(header);
        for (List<?> r : rows) {
            table.row(r.stream().map(ResultFiles::cell).toList());
        }
        return text(dir, name, table.csv());
    }

    static Path json(Path dir, String name, Object value) throws IOException {
        Files.createDirectories(dir);
        Path f = dir.resolve(name);
        ResultJson.write(f, value);
        return f;
    }

    static Path text(Path dir, String name, String text) throws IOException {
        Files.createDirectories(dir);
        Path f = dir.resolve(name);
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    /** A value as the GRIM CSV files write it: nothing for null and NaN, doubles with four decimals (quoting is the table's). */
    private static String cell(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double d) {
            return d.isNaN() ? "" : String.format(Locale.ROOT, "%.4f", d);
        }
        return v.toString();
    }

    /** Load average and cores now, for the report header (other helpers' builds share the cores). */
    static String machine() {
        String load;
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            load = f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            load = "unknown";
        }
        return Runtime.getRuntime().availableProcessors() + " cores, load average " + load + ", " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version");
    }
}
