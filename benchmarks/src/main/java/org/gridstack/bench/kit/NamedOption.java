package org.gridstack.bench.kit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * An enum constant that has a name on the command line ({@code --methods=jdbc,sdk-hit},
 * {@code --servers=giis,slapd}), and the one parser of such lists: names in any case, separated
 * by commas, optionally {@code all}; an unknown name is refused with the list of known ones.
 */
public interface NamedOption {
    /** The constant's name on the command line. */
    String option();

    /**
     * Parses a comma-separated list of names of {@code type}'s constants, in the order given.
     *
     * @param kind what the names are, for the error message ("access method")
     * @param allowAll whether {@code all} stands for every constant, in declaration order
     * @throws IllegalArgumentException naming the unknown value and the known ones
     */
    static <E extends Enum<E> & NamedOption> List<E> parseList(Class<E> type, String text, String kind, boolean allowAll) {
        if (allowAll && text.strip().equalsIgnoreCase("all")) {
            return List.copyOf(EnumSet.allOf(type));
        }
        List<E> out = new ArrayList<>();
        for (String part : text.split(",")) {
            if (!part.isBlank()) {
                out.add(parse(type, part, kind, allowAll));
            }
        }
        return out;
    }

    /** One name of {@code type}'s constants (any case). */
    static <E extends Enum<E> & NamedOption> E parse(Class<E> type, String text, String kind, boolean allowAll) {
        String name = text.strip().toLowerCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (e.option().equals(name)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown " + kind + " '" + text.strip() + "': use " + (allowAll ? "all or " : "")
                + "a comma-separated list of " + Arrays.stream(type.getEnumConstants()).map(NamedOption::option).collect(Collectors.joining(", ")));
    }
}
