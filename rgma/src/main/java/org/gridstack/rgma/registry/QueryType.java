package org.gridstack.rgma.registry;

import java.util.Locale;

import org.gridstack.rgma.sql.RgmaException;

/** R-GMA's query types: which tuples a consumer wants and how it gets them. */
public enum QueryType {
    /** The newest tuple per primary key within the producers' latest retention. */
    LATEST,
    /** Every tuple within the producers' history retention. */
    HISTORY,
    /** Every new tuple, pushed as it arrives, from every matching producer, including later ones. */
    CONTINUOUS,
    /** A one-off answer computed now by on-demand producers. */
    STATIC;

    /** The type named {@code name} (any case), or a 400 listing the types. */
    public static QueryType parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (RuntimeException e) {
            throw RgmaException.badRequest("query type '" + name + "' is not one of latest, history, continuous, static");
        }
    }

    /** The lower-case name used on the wire. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
