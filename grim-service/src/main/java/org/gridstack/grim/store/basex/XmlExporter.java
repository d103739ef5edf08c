package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;

/**
 * Writes a {@link Dataset} as the XML documents of {@link XmlLayout} (the daisy chain's second
 * link: the relational copy's snapshot becomes files that BaseX then loads). Output is
 * deterministic: documents in path order, objects in dataset order, attributes in column order,
 * absent (null) values left out. Stateless and thread-safe.
 */
@ThreadSafe
public final class XmlExporter {
    /**
     * Writes every document under {@code directory} (created if needed) and returns the written
     * paths relative to it, sorted. Collections without objects get no document.
     */
    public List<String> export(Dataset data, Path directory) {
        requireNonNull(data, "data is null");
        requireNonNull(directory, "directory is null");
        Map<String, String> docs = documents(data);
        try {
            for (Map.Entry<String, String> e : docs.entrySet()) {
                Path file = directory.resolve(e.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write XML export to " + directory + ": " + e.getMessage(), e);
        }
        return new ArrayList<>(docs.keySet());
    }

    /** Every document's text by path, sorted by path. */
    public Map<String, String> documents(Dataset data) {
        requireNonNull(data, "data is null");
        Map<String, Map<String, StringBuilder>> byCollection = new TreeMap<>();
        Map<String, String> out = new TreeMap<>();
        for (CollectionDef def : GlueModel.collections()) {
            Map<String, StringBuilder> docs = new TreeMap<>();
            for (Object[] row : data.rows(def.name())) {
                String path = XmlLayout.documentPath(def, row);
                StringBuilder sb = docs.computeIfAbsent(path, p -> new StringBuilder(header(def, row)));
                sb.append("  ");
                element(sb, def, row);
                sb.append('\n');
            }
            byCollection.put(def.name(), docs);
        }
        byCollection.values().forEach(docs -> docs.forEach((path, sb) -> out.put(path, sb.append("</").append(XmlLayout.ROOT).append(">\n").toString())));
        return out;
    }

    private static String header(CollectionDef def, Object[] row) {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<").append(XmlLayout.ROOT);
        attribute(sb, "name", def.name());
        XmlLayout.scopeColumn(def).ifPresent(col -> {
            Object v = row[def.indexOf(col)];
            if (v != null) {
                attribute(sb, "scope", def.column(col).orElseThrow().glueName());
                attribute(sb, "value", v.toString());
            }
        });
        return sb.append(">\n").toString();
    }

    /** Appends {@code <GlueName attr="v" .../>} for one object. */
    static void element(StringBuilder sb, CollectionDef def, Object[] row) {
        sb.append('<').append(def.glueName());
        List<Column> cols = def.columns();
        for (int i = 0; i < cols.size(); i++) {
            if (row[i] != null) {
                attribute(sb, cols.get(i).glueName(), row[i].toString());
            }
        }
        sb.append("/>");
    }

    private static void attribute(StringBuilder sb, String name, String value) {
        sb.append(' ').append(name).append("=\"");
        escape(sb, value);
        sb.append('"');
    }

    /** Escapes an attribute value; characters XML 1.0 cannot carry are refused with a message naming them. */
    static void escape(StringBuilder sb, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\t' -> sb.append("&#x9;");
                case '\n' -> sb.append("&#xA;");
                case '\r' -> sb.append("&#xD;");
                default -> {
                    if (c < 0x20 || c == 0xFFFE || c == 0xFFFF) {
                        throw new IllegalArgumentException(String.format(
                                "value '%s' contains the character U+%04X, which XML cannot carry", value, (int) c));
                    }
                    sb.append(c);
                }
            }
        }
    }
}
