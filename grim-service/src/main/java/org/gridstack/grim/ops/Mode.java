package org.gridstack.grim.ops;

import java.util.Locale;

/** How an operation is expressed on a platform (spec: "The 14 benchmark operations"). */
public enum Mode {
    /** What the seed's platforms could express: one request per collection where the language cannot join; the client joins. */
    FAITHFUL,
    /** The best single-round-trip (or fewest-request) form the platform offers today. */
    BEST;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Mode parse(String s) {
        if (s == null || s.isBlank()) {
            return BEST;
        }
        for (Mode m : values()) {
            if (m.label().equalsIgnoreCase(s.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + s + "'; use faithful or best");
    }
}
