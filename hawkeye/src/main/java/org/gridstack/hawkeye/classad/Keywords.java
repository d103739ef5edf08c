package org.gridstack.hawkeye.classad;

import java.util.Locale;
import java.util.Set;

/** The words the ClassAd grammar reserves; an attribute with such a name is written quoted. */
final class Keywords {
    private static final Set<String> RESERVED = Set.of("true", "false", "undefined", "error", "is", "isnt");

    private Keywords() {
    }

    static boolean isReserved(String name) {
        return RESERVED.contains(name.toLowerCase(Locale.ROOT));
    }
}
