package org.gridstack.rgma.web;

import java.io.StringWriter;
import java.util.List;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A query answer in the shape of R-GMA's XML response: {@code <XMLResponse><ResultSet>} with the
 * column names in {@code <MetaData>}, a {@code <Row>} per tuple and a {@code <Col>} per value
 * ({@code <Col null="true"/>} for SQL null), then any {@code <Warning>}s. Stateless.
 */
public final class XmlAnswer {
    private static final XMLOutputFactory FACTORY = XMLOutputFactory.newFactory();

    private XmlAnswer() {
    }

    /** The document for these rows. */
    public static String write(List<String> columns, List<List<Object>> rows, boolean truncated, List<String> warnings) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter x = FACTORY.createXMLStreamWriter(out);
            x.writeStartDocument("UTF-8", "1.0");
            x.writeStartElement("XMLResponse");
            x.writeStartElement("ResultSet");
            x.writeAttribute("rowCount", String.valueOf(rows.size()));
            x.writeAttribute("truncated", String.valueOf(truncated));
            x.writeStartElement("MetaData");
            for (String c : columns) {
                x.writeEmptyElement("ColumnMetaData");
                x.writeAttribute("name", c);
            }
            x.writeEndElement();
            for (List<Object> row : rows) {
                x.writeStartElement("Row");
                for (Object v : row) {
                    if (v == null) {
                        x.writeEmptyElement("Col");
                        x.writeAttribute("null", "true");
                    } else {
                        x.writeStartElement("Col");
                        x.writeCharacters(v.toString());
                        x.writeEndElement();
                    }
                }
                x.writeEndElement();
            }
            x.writeEndElement();
            for (String w : warnings) {
                x.writeStartElement("Warning");
                x.writeCharacters(w);
                x.writeEndElement();
            }
            x.writeEndElement();
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("could not write the XML answer", e);
        }
        return out.toString();
    }
}
