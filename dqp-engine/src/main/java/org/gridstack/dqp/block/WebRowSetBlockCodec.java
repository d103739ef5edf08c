package org.gridstack.dqp.block;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

/**
 * The seed's wire format: a JSR-114 XML WebRowSet document ({@code <webRowSet>} with
 * {@code <metadata>} and {@code <data>} of {@code <currentRow><columnValue>..}), written and read
 * with StAX so neither side holds the document. A stream is one document; each
 * {@link BlockWriter#writeBlock} appends its rows and flushes; the reader hands rows back in blocks
 * of at most {@value #READ_BLOCK_ROWS}. NULL is {@code <columnValue><null/></columnValue>}, as
 * JSR-114's reference implementation writes it. The column type travels as its
 * {@link java.sql.Types} code. A value XML 1.0 cannot carry as text (control characters such as
 * U+0001, U+FFFE/U+FFFF, and carriage returns, which XML parsers turn into line feeds) is written as
 * {@code <columnValue encoding="base64">} with the base64 of its UTF-8 bytes, so every text
 * PostgreSQL can store round-trips. Stateless and thread-safe.
 */
@ThreadSafe
public final class WebRowSetBlockCodec implements BlockCodec {
    public static final WebRowSetBlockCodec INSTANCE = new WebRowSetBlockCodec();
    /** The most rows one {@link BlockReader#nextBlock} returns. */
    public static final int READ_BLOCK_ROWS = 1_000;
    static final String NAMESPACE = "http://java.sun.com/xml/ns/jdbc";
    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();
    private static final XMLInputFactory INPUT = newInputFactory();

    private WebRowSetBlockCodec() {
    }

    private static XMLInputFactory newInputFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        // block streams come from other services: no DTDs, no external entities
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        return f;
    }

    @Override
    public String name() {
        return "webrowset";
    }

    @Override
    public String contentType() {
        return "application/xml";
    }

    @Override
    public BlockWriter openWriter(BlockSchema schema, OutputStream out) throws IOException {
        requireNonNull(schema, "schema is null");
        requireNonNull(out, "out is null");
        try {
            XMLStreamWriter xml = OUTPUT.createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeStartElement("webRowSet");
            xml.writeDefaultNamespace(NAMESPACE);
            xml.writeStartElement("properties");
            element(xml, "concurrency", "1007");
            element(xml, "read-only", "true");
            element(xml, "rowset-type", "ResultSet.TYPE_FORWARD_ONLY");
            xml.writeEndElement();
            xml.writeStartElement("metadata");
            element(xml, "column-count", Integer.toString(schema.size()));
            for (int i = 0; i < schema.size(); i++) {
                Column c = schema.column(i);
                xml.writeStartElement("column-definition");
                element(xml, "column-index", Integer.toString(i + 1));
                element(xml, "nullable", c.nullable() ? "1" : "0");
                element(xml, "column-name", c.name());
                element(xml, "column-type", Integer.toString(c.type().jdbcType()));
                element(xml, "column-type-name", c.type().name());
                xml.writeEndElement();
            }
            xml.writeEndElement();
            xml.writeStartElement("data");
            xml.flush();
            return new Writer(schema, xml, out);
        } catch (XMLStreamException e) {
            throw new IOException("cannot start a WebRowSet document: " + e.getMessage(), e);
        }
    }

    private static void element(XMLStreamWriter xml, String name, String text) throws XMLStreamException {
        xml.writeStartElement(name);
        xml.writeCharacters(text);
        xml.writeEndElement();
    }

    @Override
    public BlockReader openReader(InputStream in) throws IOException {
        requireNonNull(in, "in is null");
        try {
            XMLStreamReader xml = INPUT.createXMLStreamReader(in);
            return new Reader(xml, readMetadata(xml));
        } catch (XMLStreamException e) {
            throw new MalformedBlockException("not a WebRowSet document: " + e.getMessage(), e);
        }
    }

    private static BlockSchema readMetadata(XMLStreamReader xml) throws XMLStreamException, MalformedBlockException {
        List<Column> columns = new ArrayList<>();
        String name = null;
        Integer type = null;
        String typeName = null;
        boolean nullable = true;
        while (xml.hasNext()) {
            int event = xml.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                switch (xml.getLocalName()) {
                    case "column-name" -> name = xml.getElementText();
                    case "column-type" -> type = parseInt(xml.getElementText(), "column-type");
                    case "column-type-name" -> typeName = xml.getElementText();
                    case "nullable" -> nullable = !"0".equals(xml.getElementText().trim());
                    case "data" -> {
                        return new BlockSchema(columns);
                    }
                    default -> { }
                }
            } else if (event == XMLStreamConstants.END_ELEMENT && xml.getLocalName().equals("column-definition")) {
                if (name == null || type == null) {
                    throw new MalformedBlockException("WebRowSet column-definition " + (columns.size() + 1)
                            + " lacks column-name or column-type");
                }
                try {
                    columns.add(new Column(name, ColumnType.fromJdbc(type, typeName), nullable));
                } catch (IllegalArgumentException e) {
                    throw new MalformedBlockException("WebRowSet column " + name + ": " + e.getMessage(), e);
                }
                name = null;
                type = null;
                typeName = null;
                nullable = true;
            }
        }
        throw new MalformedBlockException("WebRowSet document ends before its <data> element");
    }

    private static int parseInt(String text, String what) throws MalformedBlockException {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new MalformedBlockException("WebRowSet " + what + " '" + text + "' is not a number", e);
        }
    }

    private static final class Writer implements BlockWriter {
        private final BlockSchema schema;
        private final XMLStreamWriter xml;
        private final OutputStream out;

        Writer(BlockSchema schema, XMLStreamWriter xml, OutputStream out) {
            this.schema = schema;
            this.xml = xml;
            this.out = out;
        }

        @Override
        public void writeBlock(List<Object[]> rows) throws IOException {
            try {
                for (Object[] row : rows) {
                    xml.writeStartElement("currentRow");
                    for (int i = 0; i < schema.size(); i++) {
                        xml.writeStartElement("columnValue");
                        if (row[i] == null) {
                            xml.writeEmptyElement("null");
                        } else {
                            String text = schema.column(i).type().format(row[i]);
                            if (xmlCannotCarry(text)) {
                                xml.writeAttribute("encoding", "base64");
                                text = Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
                            }
                            xml.writeCharacters(text);
                        }
                        xml.writeEndElement();
                    }
                    xml.writeEndElement();
                }
                xml.flush();
                out.flush();
            } catch (XMLStreamException e) {
                throw new IOException("cannot write WebRowSet rows: " + e.getMessage(), e);
            }
        }

        @Override
        public void finish() throws IOException {
            try {
                xml.writeEndElement();
                xml.writeEndElement();
                xml.writeEndDocument();
                xml.flush();
                out.flush();
            } catch (XMLStreamException e) {
                throw new IOException("cannot end the WebRowSet document: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            try {
                xml.close();
            } catch (XMLStreamException ignored) {
                // nothing held beyond the stream, which the caller owns
            }
        }
    }

    /** True when {@code text} holds a character XML 1.0 cannot carry as text unchanged. */
    static boolean xmlCannotCarry(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 ? c != '\t' && c != '\n' : c == 0xFFFE || c == 0xFFFF) {
                return true;
            }
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                } else {
                    return true;
                }
            }
        }
        return false;
    }

    private static final class Reader implements BlockReader {
        private final XMLStreamReader xml;
        private final BlockSchema schema;
        private boolean ended;

        Reader(XMLStreamReader xml, BlockSchema schema) {
            this.xml = xml;
            this.schema = schema;
        }

        @Override
        public BlockSchema schema() {
            return schema;
        }

        @Override
        public List<Object[]> nextBlock() throws IOException {
            if (ended) {
                return null;
            }
            List<Object[]> rows = new ArrayList<>();
            try {
                while (rows.size() < READ_BLOCK_ROWS) {
                    int event = xml.next();
                    if (event == XMLStreamConstants.START_ELEMENT && xml.getLocalName().equals("currentRow")) {
                        rows.add(readRow());
                    } else if (event == XMLStreamConstants.END_ELEMENT && xml.getLocalName().equals("data")) {
                        ended = true;
                        break;
                    } else if (event == XMLStreamConstants.END_DOCUMENT) {
                        throw new MalformedBlockException("WebRowSet document ends inside <data>");
                    }
                }
            } catch (XMLStreamException e) {
                throw new MalformedBlockException("broken WebRowSet document: " + e.getMessage(), e);
            }
            return rows.isEmpty() && ended ? null : rows;
        }

        private Object[] readRow() throws XMLStreamException, MalformedBlockException {
            Object[] row = new Object[schema.size()];
            int i = 0;
            while (true) {
                int event = xml.nextTag();
                if (event == XMLStreamConstants.END_ELEMENT) {
                    break; // </currentRow>
                }
                if (!xml.getLocalName().equals("columnValue")) {
                    throw new MalformedBlockException("unexpected <" + xml.getLocalName() + "> in <currentRow>");
                }
                if (i >= row.length) {
                    throw new MalformedBlockException("a row has more than the " + row.length + " columns of the metadata");
                }
                row[i] = readValue(schema.column(i), "base64".equals(xml.getAttributeValue(null, "encoding")));
                i++;
            }
            if (i != row.length) {
                throw new MalformedBlockException("a row has " + i + " values; the metadata has " + row.length + " columns");
            }
            return row;
        }

        private Object readValue(Column column, boolean base64) throws XMLStreamException, MalformedBlockException {
            StringBuilder text = new StringBuilder();
            boolean isNull = false;
            while (true) {
                int event = xml.next();
                if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA
                        || event == XMLStreamConstants.SPACE) {
                    text.append(xml.getText());
                } else if (event == XMLStreamConstants.START_ELEMENT) {
                    if (!xml.getLocalName().equals("null")) {
                        throw new MalformedBlockException("unexpected <" + xml.getLocalName() + "> in <columnValue>");
                    }
                    isNull = true;
                    xml.nextTag(); // </null>
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    break; // </columnValue>
                }
            }
            if (isNull) {
                return null;
            }
            try {
                return column.type().parse(base64 ? new String(Base64.getDecoder().decode(text.toString().strip()), StandardCharsets.UTF_8)
                        : text.toString());
            } catch (IllegalArgumentException e) {
                throw new MalformedBlockException("column " + column.name() + ": " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            try {
                xml.close();
            } catch (XMLStreamException ignored) {
                // the caller owns the input stream
            }
        }
    }
}
