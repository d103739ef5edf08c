package org.gridstack.bench.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one parser of named enum lists: order kept, any case, {@code all}, and what an unknown name says. */
class TestNamedOption {
    enum Colour implements NamedOption {
        RED("red"), DARK_BLUE("dark-blue");

        private final String option;

        Colour(String option) {
            this.option = option;
        }

        @Override
        public String option() {
            return option;
        }
    }

    @Test
    void parsesNamesInAnyCaseInTheOrderGiven() {
        assertEquals(List.of(Colour.DARK_BLUE, Colour.RED), NamedOption.parseList(Colour.class, " Dark-Blue, red ,", "colour", false));
        assertEquals(List.of(Colour.RED, Colour.DARK_BLUE), NamedOption.parseList(Colour.class, "ALL", "colour", true));
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NamedOption.parseList(Colour.class, "red,green", "colour", false));
        assertEquals("unknown colour 'green': use a comma-separated list of red, dark-blue", e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NamedOption.parseList(Colour.class, "all", "colour", false))
                .getMessage().startsWith("unknown colour 'all'"), "all is only a name where it is allowed");
    }
}
