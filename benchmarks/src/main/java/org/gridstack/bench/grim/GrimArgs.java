package org.gridstack.bench.grim;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The {@code --name=value} options of the GRIM benchmark mains; unknown names are refused with the list of known ones. Immutable. */
final class GrimArgs {
    private final Map<String, String> values;

    private GrimArgs(Map<String, String> values) {
        this.values = values;
    }

    static GrimArgs parse(String[] args, Set<String> known) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String a : args) {
            if (!a.startsWith("--") || !a.contains("=")) {
                throw new IllegalArgumentException("argument '" + a + "' is not of the form --name=value; known names: " + new TreeSet<>(known));
            }
            String name = a.substring(2, a.indexOf('='));
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown option --" + name + "; known: " + new TreeSet<>(known));
            }
            m.put(name, a.substring(a.indexOf('=') + 1));
        }
        return new GrimArgs(m);
    }

    String string(String name, String def) {
        String v = values.get(name);
        return v == null || v.isBlank() ? def : v.trim();
    }

    int integer(String name, int def) {
        String v = string(name, null);
        try {
            return v == null ? def : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be an integer, got '" + v + "'");
        }
    }

    long longValue(String name, long def) {
        String v = string(name, null);
        try {
            return v == null ? def : Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be an integer, got '" + v + "'");
        }
    }

    double decimal(String name, double def) {
        String v = string(name, null);
        try {
            return v == null ? def : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a number, got '" + v + "'");
        }
    }

    /** Seconds, fractions allowed ({@code 0.5}). */
    Duration seconds(String name, Duration def) {
        String v = string(name, null);
        return v == null ? def : Duration.ofNanos(Math.round(decimal(name, 0) * 1e9));
    }

    Duration millis(String name, Duration def) {
        String v = string(name, null);
        return v == null ? def : Duration.ofMillis(integer(name, 0));
    }

    List<String> list(String name, List<String> def) {
        String v = string(name, null);
        if (v == null) {
            return def;
        }
        List<String> l = new ArrayList<>();
        for (String s : v.split(",")) {
            if (!s.isBlank()) {
                l.add(s.trim());
            }
        }
        return List.copyOf(l);
    }

    Path path(String name, Path def) {
        String v = string(name, null);
        return v == null ? def : Path.of(v);
    }
}
