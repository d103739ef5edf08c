package org.gridstack.sqlguard;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Case folding helpers for SQL words. */
final class Words {
    private Words() {
    }

    /** Lower-cases ASCII letters only, exactly as PostgreSQL folds keywords and unquoted identifiers. */
    static String asciiLower(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                if (b == null) {
                    b = new StringBuilder(s);
                }
                b.setCharAt(i, (char) (c + ('a' - 'A')));
            }
        }
        return b == null ? s : b.toString();
    }

    /**
     * Every lower-case spelling a database might plausibly read {@code word} as. Deny checks test all of
     * them, because a database that folds with Unicode rules could read {@code ınsert} (dotless i) or a
     * full-width word as a keyword, and the guard must never be more lenient than the database.
     */
    static List<String> denyForms(String word) {
        if (isAscii(word)) {
            // every folding agrees on ASCII, and this is nearly every word
            return List.of(asciiLower(word));
        }
        List<String> forms = new ArrayList<>(4);
        add(forms, asciiLower(word));
        add(forms, word.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT));
        add(forms, word.toLowerCase(Locale.ROOT));
        add(forms, Normalizer.normalize(word, Normalizer.Form.NFKC).toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT));
        return forms;
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 128) {
                return false;
            }
        }
        return true;
    }

    private static void add(List<String> forms, String form) {
        if (!forms.contains(form)) {
            forms.add(form);
        }
    }
}
