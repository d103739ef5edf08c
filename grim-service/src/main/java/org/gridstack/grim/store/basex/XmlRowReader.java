package org.gridstack.grim.store.basex;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.ColumnType;

/**
 * Turns serialized query results back into rows: object elements of a collection (faithful
 * requests, snapshots) into {@code Object[]} in column order, and answer elements
 * {@code <r column="value" .../>} (best-mode queries) into answer rows. Absent attributes become
 * null, INTEGER columns become Longs. Stateless and thread-safe.
 */
@ThreadSafe
final class XmlRowReader {
    private static final XMLInputFactory FACTORY = newFactory();

    private XmlRowReader() {
    }

    /** The objects of {@code def} among the top-level elements of {@code serialized} (others are ignored). */
    static List<Object[]> objects(CollectionDef def, String serialized) {
        Map<String, Integer> index = new HashMap<>();
        List<Column> cols = def.columns();
        for (int i = 0; i < cols.size(); i++) {
            index.put(cols.get(i).glueName(), i);
        }
        List<Object[]> rows = new ArrayList<>();
        for (Map<String, String> attrs : elements(serialized, def.glueName())) {
            Object[] row = new Object[cols.size()];
            attrs.forEach((name, value) -> {
                Integer i = index.get(name);
                if (i != null) {
                    row[i] = cols.get(i).type().parse(value);
                }
            });
            rows.add(row);
        }
        return rows;
    }

    /** Answer rows from {@code <r .../>} elements; {@code types} gives each answer column's type. */
    static List<List<Object>> answers(String serialized, List<String> columns, Map<String, ColumnType> types) {
        List<List<Object>> rows = new ArrayList<>();
        for (Map<String, String> attrs : elements(serialized, "r")) {
            Object[] row = new Object[columns.size()];
            for (int i = 0; i < row.length; i++) {
                String c = columns.get(i);
                row[i] = types.getOrDefault(c, ColumnType.TEXT).parse(attrs.get(c));
            }
            rows.add(Arrays.asList(row));
        }
        return rows;
    }

    /** Attributes of the top-level elements named {@code name} of a serialized item sequence. */
    private static List<Map<String, String>> elements(String serialized, String name) {
        List<Map<String, String>> out = new ArrayList<>();
        if (serialized.isBlank()) {
            return out;
        }
        try {
            XMLStreamReader r = FACTORY.createXMLStreamReader(new StringReader("<grim-result>" + serialized + "</grim-result>"));
            int depth = 0;
            while (r.hasNext()) {
                int ev = r.next();
                if (ev == XMLStreamConstants.START_ELEMENT) {
                    depth++;
                    if (depth == 2 && r.getLocalName().equals(name)) {
                        Map<String, String> attrs = new HashMap<>();
                        for (int i = 0; i < r.getAttributeCount(); i++) {
                            attrs.put(r.getAttributeLocalName(i), r.getAttributeValue(i));
                        }
                        out.add(attrs);
                    }
                } else if (ev == XMLStreamConstants.END_ELEMENT) {
                    depth--;
                }
            }
            r.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("BaseX returned XML that does not parse: " + e.getMessage(), e);
        }
        return out;
    }

    private static XMLInputFactory newFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        return f;
    }
}
