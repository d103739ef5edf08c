package org.gridstack.frontier.protocol;

/**
 * Escaping for the response envelope, which is declared US-ASCII: {@code & ' " < >} become
 * entities as in the production servlet, a newline or tab stays as it is, other control
 * characters become {@code ?} (XML 1.0 cannot carry them), and every character beyond ASCII
 * becomes a numeric reference, so the document stays ASCII and well-formed. Thread-safe.
 */
public final class XmlEscaper {
    private XmlEscaper() {
    }

    public static String escapeAttribute(String s) {
        StringBuilder b = null;
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            int n = Character.charCount(cp);
            String rep;
            if (cp == '&') {
                rep = "&amp;";
            } else if (cp == '\'') {
                rep = "&apos;";
            } else if (cp == '"') {
                rep = "&quot;";
            } else if (cp == '<') {
                rep = "&lt;";
            } else if (cp == '>') {
                rep = "&gt;";
            } else if (cp == '\n' || cp == '\t' || (cp >= 0x20 && cp < 0x7f)) {
                rep = null;
            } else if (cp < 0x20 || cp == 0x7f || (cp >= 0xd800 && cp <= 0xdfff)) {
                rep = "?";
            } else {
                rep = "&#" + cp + ";";
            }
            if (rep != null) {
                if (b == null) {
                    b = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                b.append(rep);
            } else if (b != null) {
                b.append(s, i, i + n);
            }
            i += n;
        }
        return b == null ? s : b.toString();
    }
}
