package org.gridstack.frontier.protocol;

import java.util.Locale;

/** The cache time-to-live class a client asks for with {@code ttl=short|long|forever}. */
public enum Ttl {
    SHORT, LONG, FOREVER;

    /** Parses the URL value; throws for anything but short, long or forever (any case). */
    public static Ttl parse(String value) throws FrontierProtocolException {
        switch (value.toLowerCase(Locale.ROOT)) {
            case "short": return SHORT;
            case "long": return LONG;
            case "forever": return FOREVER;
            default:
                throw new FrontierProtocolException("unknown ttl '" + value + "': use short, long or forever");
        }
    }

    public String urlValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
