package org.gridstack.mds.xmlindex;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Pattern;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;

/**
 * Directory entries as one XML document, so a GRIS's data can be queried with XPath:
 * {@code <entries source="..."><entry dn="..."><objectClass>GlueCE</objectClass>
 * <GlueCEInfoTotalCPUs>2</GlueCEInfoTotalCPUs>...</entry></entries>}: one element per value,
 * named after the attribute ({@code //entry[objectClass='GlueCE']/GlueCEInfoTotalCPUs}); an
 * attribute whose name is not an XML name (options such as {@code cn;lang-en}) becomes
 * {@code <attribute name="...">}. Characters XML 1.0 cannot hold are replaced by U+FFFD.
 * Stateless; thread-safe.
 */
@ThreadSafe
public final class EntriesAsXml {
    private static final Pattern XML_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9._-]*");
    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();

    public String write(String source, List<Entry> entries) {
        requireNonNull(source, "source is null");
        requireNonNull(entries, "entries is null");
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter w = OUTPUT.createXMLStreamWriter(out);
            w.writeStartElement("entries");
            w.writeAttribute("source", clean(source));
            for (Entry e : entries) {
                w.writeStartElement("entry");
                w.writeAttribute("dn", clean(e.getDN()));
                for (Attribute a : e.getAttributes()) {
                    String name = a.getName();
                    boolean plain = XML_NAME.matcher(name).matches() && !name.toLowerCase().startsWith("xml");
                    for (String v : a.getValues()) {
                        if (plain) {
                            w.writeStartElement(name);
                        } else {
                            w.writeStartElement("attribute");
                            w.writeAttribute("name", clean(name));
                        }
                        w.writeCharacters(clean(v));
                        w.writeEndElement();
                    }
                }
                w.writeEndElement();
            }
            w.writeEndElement();
            w.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("writing XML to a string failed", e);
        }
        return out.toString();
    }

    /** Replaces what XML 1.0 cannot represent (control characters, lone surrogates). */
    static String clean(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)
                    || (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1)))
                    || (Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1)));
            if (!ok && b == null) {
                b = new StringBuilder(s.length());
                b.append(s, 0, i);
            }
            if (b != null) {
                b.append(ok ? c : '\uFFFD');
            }
        }
        return b == null ? s : b.toString();
    }
}
