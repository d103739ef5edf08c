package org.gridstack.mds.giis;

import java.util.Locale;

/** How a GIIS answers searches from its registrants' data. */
public enum GiisMode {
    /** Pull each registrant's data and keep it for the registration's {@code cachettl}. */
    CACHED,
    /**
     * Fetch from every registrant for each search, in parallel, each within the registration's
     * {@code timeout}; a registrant that does not answer in time contributes its last data, flagged stale.
     */
    CHAINED;

    public static GiisMode parse(String text) {
        try {
            return valueOf(text.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("GIIS mode '" + text + "' is not one of cached, chained");
        }
    }
}
