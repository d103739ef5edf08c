package org.gridstack.bench.grim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridstack.bench.kit.ResultJson;

/** CSV and JSON files of the GRIM benchmarks (JSON as every benchmark writes it, {@link ResultJson}), the input of the later HTML reports. */
final class ResultFiles {
    private ResultFiles() {
    }

    static Path csv(Path dir, String name, List<String> header, List<List<Object>> rows) throws IOException {
        StringBuilder sb = new StringBuilder();
        line(sb, header);
        for (List<?> r : rows) {
            line(sb, r);
        }
        Files.createDirectories(dir);
        Path f = dir.resolve(name);
        Files.writeString(f, sb, StandardCharsets.UTF_8);
        return f;
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

    private static void line(StringBuilder sb, List<?> values) {
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(cell(values.get(i)));
        }
        sb.append('\n');
    }

    private static String cell(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double d) {
            return d.isNaN() ? "" : String.format(java.util.Locale.ROOT, "%.4f", d);
        }
        String s = v.toString();
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
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
