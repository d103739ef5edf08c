package org.gridstack.bench.frontier;

import java.util.Locale;

/** How much work the load client spends on each servlet answer (every answer is checked either way). */
public enum VerifyMode {
    /**
     * Byte comparison with the level's reference answer, which was decoded and checked value by
     * value against JDBC; an answer that differs is decoded in full. Keeps the client's share of
     * the shared cores small, so the numbers describe the servlet.
     */
    COMPARE,
    /** Every answer Base64-decoded, md5-checked, inflated and its records counted, as a real client does. */
    DECODE;

    static VerifyMode parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--verify must be compare or decode, got '" + text + "'");
        }
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
