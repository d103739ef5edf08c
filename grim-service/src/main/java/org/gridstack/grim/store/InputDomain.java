package org.gridstack.grim.store;

import com.google.errorprone.annotations.ThreadSafe;
import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.ColumnType;
import org.gridstack.grim.schema.Ia5Attributes;

/**
 * The one domain of input GRIM accepts for writes: the values every backend (PostgreSQL, BaseX,
 * LDAP) stores and gives back unchanged, in sizes every backend accepts. Every write path (HTTP
 * PATCH/POST/DELETE, batches, the WebSocket stream) reaches the backends only through
 * {@link Update#validated()}, which checks every key and value here before anything is queued, so
 * a value outside the domain is answered 400 (naming the field and the rule) and no copy changes.
 *
 * <ul>
 * <li><b>Keys and references</b> (key columns, and columns naming another object's key): 1 to
 * {@value #MAX_KEY_CHARS} characters from {@code a-z 0-9 . - _ : @}. Lower case only because LDAP
 * compares GLUE IDs case-insensitively (two keys differing in case would be one object there and
 * two elsewhere); no {@code +} or {@code /} because keys travel in URL paths
 * ({@code a+b} names a relationship).</li>
 * <li><b>Text</b>: 1 to {@value #MAX_TEXT_CHARS} characters (send null to remove an attribute:
 * LDAP cannot store an empty value). Tab and line feed are allowed; no other control character
 * (U+0000-U+001F, U+007F-U+009F: PostgreSQL refuses NUL, XML the rest), no carriage return (XML
 * turns it into a line feed), no unpaired surrogate, no U+FFFE/U+FFFF (not XML characters).
 * Attributes GLUE's LDAP schema types as IA5String take ASCII only ({@link Ia5Attributes}).</li>
 * <li><b>Integers</b>: 64-bit signed (checked by {@link ColumnType#coerce}).</li>
 * </ul>
 * Stateless, thread-safe.
 */
@ThreadSafe
public final class InputDomain {
    /** Longest key or reference value, in characters. */
    public static final int MAX_KEY_CHARS = 128;
    /** Longest text value, in characters (UTF-16 units): far below BaseX's 512 KiB attribute limit. */
    public static final int MAX_TEXT_CHARS = 65_536;

    private InputDomain() {
    }

    /** Checks one key value of {@code def}; throws 400 naming the key column and the rule. */
    public static void checkKey(CollectionDef def, Column keyColumn, String value) {
        checkKeyLike(def.name() + "." + keyColumn.name(), value, "key");
    }

    /** Checks one attribute value (already coerced to the column's type; null removes it); throws 400 naming field and rule. */
    public static void checkValue(CollectionDef def, Column column, Object value) {
        if (value == null || column.type() != ColumnType.TEXT) {
            return;
        }
        String field = def.name() + "." + column.name();
        String s = (String) value;
        if (column.isReference()) {
            checkKeyLike(field, s, "reference to a " + column.references() + " key");
            return;
        }
        if (s.isEmpty()) {
            throw bad(field, "an empty text value cannot be stored by LDAP; send null to remove the attribute");
        }
        if (s.length() > MAX_TEXT_CHARS) {
            throw bad(field, "the value has " + s.length() + " characters; text values hold at most " + MAX_TEXT_CHARS);
        }
        boolean ascii = Ia5Attributes.isAsciiOnly(column.glueName());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                if (ascii) {
                    throw bad(field, notAscii(column, s.codePointAt(i), i));
                }
                i++;
                continue;
            }
            String why = textRule(c);
            if (why != null) {
                throw bad(field, "character " + codePoint(c) + " at position " + i + " " + why + TEXT_RULE);
            }
            if (ascii && c > 0x7F) {
                throw bad(field, notAscii(column, c, i));
            }
        }
    }

    /**
     * Checks a text parameter of a read operation ({@code host}, {@code moduleName}, ...): the
     * same characters as stored text (a value outside them cannot name a stored object, and
     * some backends refuse it outright, such as PostgreSQL a NUL); throws 400 naming the parameter.
     */
    public static void checkLookup(String parameter, String value) {
        checkCharacters("parameter '" + parameter + "'", value, false);
    }

    /**
     * Checks the characters of a native query (SQL, XQuery, LDAP filter): the text domain plus
     * carriage returns (line ends); throws 400 saying where the offending character is.
     */
    public static void checkQuery(String query) {
        checkCharacters("the query", query, true);
    }

    private static void checkCharacters(String what, String s, boolean carriageReturns) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
                continue;
            }
            String why = carriageReturns && c == '\r' ? null : textRule(c);
            if (why != null) {
                throw GrimException.badRequest(what + ": character " + codePoint(c) + " at position " + i + " " + why + TEXT_RULE);
            }
        }
    }

    private static final String TEXT_RULE = "; text may hold tab, line feed and printable characters only (no other control"
            + " characters, no carriage return, no unpaired surrogates, no U+FFFE/U+FFFF)";

    /** Why {@code c} (not part of a surrogate pair) is outside the text domain, or null when it is inside. */
    private static String textRule(char c) {
        if (c == '\t' || c == '\n') {
            return null;
        }
        if (c == '\r') {
            return "is a carriage return, which the XML copy would store as a line feed; send line feeds only";
        }
        if (Character.isISOControl(c)) {
            return "is a control character, which PostgreSQL or XML cannot store";
        }
        if (Character.isSurrogate(c)) {
            return "is half of a surrogate pair without its other half (not a character; PostgreSQL would store '?')";
        }
        if (c == '\uFFFE' || c == '\uFFFF') {
            return "is a Unicode noncharacter that XML cannot store";
        }
        return null;
    }

    private static String notAscii(Column column, int codePoint, int at) {
        return "character " + codePoint(codePoint) + " at position " + at + " is not ASCII; GLUE's LDAP schema types "
                + column.glueName() + " as IA5String, which holds ASCII only";
    }

    private static void checkKeyLike(String field, String s, String what) {
        if (s == null || s.isEmpty()) {
            throw bad(field, "an empty " + what);
        }
        if (s.length() > MAX_KEY_CHARS) {
            throw bad(field, "the " + what + " has " + s.length() + " characters; keys hold at most " + MAX_KEY_CHARS);
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_' || c == ':' || c == '@';
            if (!ok) {
                throw bad(field, "character " + codePoint(s.codePointAt(i)) + " at position " + i + " is not allowed in a " + what
                        + "; keys use a-z 0-9 . - _ : @ only (lower case: LDAP compares keys case-insensitively)");
            }
        }
    }

    private static String codePoint(int cp) {
        String hex = String.format("U+%04X", cp);
        return cp >= 0x20 && cp != 0x7F && !Character.isISOControl(cp) && !Character.isSurrogate((char) cp) && cp < 0x10000
                ? "'" + (char) cp + "' (" + hex + ")" : cp >= 0x10000 ? "'" + Character.toString(cp) + "' (" + hex + ")" : hex;
    }

    private static GrimException bad(String field, String rule) {
        return GrimException.badRequest(field + ": " + rule);
    }
}
