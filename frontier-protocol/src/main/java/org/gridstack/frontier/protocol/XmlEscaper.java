package org.gridstack.frontier.protocol;

/**
 * Escaping for the response envelope, which is declared US-ASCII: {@code & ' " < >} become
 * entities as in the production servlet, a newline or tab stays as it is, other control
 * characters become {@code ?} (XML 1.0 cannot carry them), and every character beyond ASCII
 * becomes a numeric reference, so the document stays ASCII and well-formed. Reading answers,
 * {@link #unescapeAttribute} undoes it (and any other character reference). Thread-safe.
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

    /**
     * The text of an attribute value as written: the five named entities and numeric references
     * ({@code &#233;}, {@code &#xe9;}) replaced; anything that is not a well-formed reference is
     * left as written (a message is text, not something to fail on).
     */
    public static String unescapeAttribute(String s) {
        if (s.indexOf('&') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int semi = c == '&' ? s.indexOf(';', i) : -1;
            String rep = semi > i ? reference(s.substring(i + 1, semi)) : null;
            if (rep != null) {
                b.append(rep);
                i = semi + 1;
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    /** The text of the reference {@code &name;}, or null when it is not one. */
    private static String reference(String name) {
        switch (name) {
            case "amp":
                return "&";
            case "lt":
                return "<";
            case "gt":
                return ">";
            case "quot":
                return "\"";
            case "apos":
                return "'";
            default:
                try {
                    if (name.startsWith("#x")) {
                        return new String(Character.toChars(Integer.parseInt(name.substring(2), 16)));
                    }
                    if (name.startsWith("#")) {
                        return new String(Character.toChars(Integer.parseInt(name.substring(1))));
                    }
                } catch (IllegalArgumentException notAReference) {
                    // not a reference: left as written
                }
                return null;
        }
    }
}
