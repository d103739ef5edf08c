package org.gridstack.client.frontier.cli;

import java.util.HexFormat;
import java.util.Objects;

/**
 * Renders values as text a terminal shows as it is, one value per table cell: nothing in the
 * result can move the cursor, change colours, reorder the line or break the tab-separated table.
 * Stateless and thread-safe.
 *
 * <p>Text ({@link #text}): printable Unicode is kept as is (accents, CJK, emoji); the backslash is
 * doubled; tab, newline and carriage return become {@code \t}, {@code \n}, {@code \r}; every other
 * control character (C0, DEL, C1: U+0000..U+001F, U+007F..U+009F) becomes {@code \xHH} (ESC is
 * {@code \x1b}); line and paragraph separators, the bidirectional controls (U+200E, U+200F,
 * U+202A..U+202E, U+2066..U+2069) and lone surrogates become <code>&#92;uHHHH</code>. A backslash in the
 * output therefore always starts an escape, and {@code \N} (NULL in the table) cannot be a value.
 *
 * <p>Bytes ({@link #bytes}): PostgreSQL's hex form, {@code \x} followed by two lower-case hex
 * digits per byte, as {@code psql} prints {@code bytea} ({@code \x68656c6c6f}; no bytes is {@code \x}).
 */
public final class TerminalText {
    private static final HexFormat HEX = HexFormat.of();

    private TerminalText() {
    }

    /** The text with control and invisible reordering characters escaped (see the class comment). */
    public static String text(String value) {
        Objects.requireNonNull(value, "value is null");
        StringBuilder b = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            String escape = escape(value, i, c);
            if (escape == null) {
                if (b != null) {
                    b.append(c);
                }
                continue;
            }
            if (b == null) {
                b = new StringBuilder(value.length() + 16).append(value, 0, i);
            }
            b.append(escape);
        }
        return b == null ? value : b.toString();
    }

    /** The bytes as {@code \x} and lower-case hex, two digits per byte. */
    public static String bytes(byte[] value) {
        Objects.requireNonNull(value, "value is null");
        return "\\x" + HEX.formatHex(value);
    }

    /** The escape for the char at {@code i}, or null when it is shown as it is. */
    private static String escape(String s, int i, char c) {
        switch (c) {
            case '\\':
                return "\\\\";
            case '\t':
                return "\\t";
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            default:
                break;
        }
        if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
            return "\\x" + HEX.toHexDigits((byte) c);
        }
        if (c == '\u2028' || c == '\u2029' || c == '\u200e' || c == '\u200f'
                || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069') || loneSurrogate(s, i, c)) {
            return "\\u" + HEX.toHexDigits(c);
        }
        return null;
    }

    private static boolean loneSurrogate(String s, int i, char c) {
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
        }
        return false;
    }
}
