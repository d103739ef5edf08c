package org.gridstack.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The containment checks JUnit 5's {@code Assertions} lacks: a part of a text, an element of a
 * collection, exactly these elements in order or in any order. They read like JUnit's own (expected first, actual
 * second, an optional message last) and, like JUnit's, fail with an {@link AssertionError} whose
 * message shows the whole actual value, so a failure explains itself without a debugger.
 *
 * <p>Stateless and thread-safe.
 */
public final class ContainmentAssertions {
    private ContainmentAssertions() {
    }

    /** Fails unless {@code actual} (not null) contains {@code expectedPart}. */
    public static void assertContains(CharSequence expectedPart, String actual) {
        assertContains(expectedPart, actual, null);
    }

    /** Fails unless {@code actual} (not null) contains {@code expectedPart}; {@code message} prefixes the failure. */
    public static void assertContains(CharSequence expectedPart, String actual, String message) {
        Objects.requireNonNull(expectedPart, "expectedPart is null");
        if (actual == null || !actual.contains(expectedPart)) {
            throw failure(message, "expected to contain <" + expectedPart + "> but was: <" + actual + ">");
        }
    }

    /** Fails when {@code actual} (not null) contains {@code unexpectedPart}. */
    public static void assertDoesNotContain(CharSequence unexpectedPart, String actual) {
        assertDoesNotContain(unexpectedPart, actual, null);
    }

    /** Fails when {@code actual} (not null) contains {@code unexpectedPart}; {@code message} prefixes the failure. */
    public static void assertDoesNotContain(CharSequence unexpectedPart, String actual, String message) {
        Objects.requireNonNull(unexpectedPart, "unexpectedPart is null");
        if (actual == null || actual.contains(unexpectedPart)) {
            throw failure(message, "expected not to contain <" + unexpectedPart + "> but was: <" + actual + ">");
        }
    }

    /** Fails unless {@code actual} (not null) starts with {@code expectedPrefix}. */
    public static void assertStartsWith(String expectedPrefix, String actual) {
        assertStartsWith(expectedPrefix, actual, null);
    }

    /** Fails unless {@code actual} (not null) starts with {@code expectedPrefix}; {@code message} prefixes the failure. */
    public static void assertStartsWith(String expectedPrefix, String actual, String message) {
        Objects.requireNonNull(expectedPrefix, "expectedPrefix is null");
        if (actual == null || !actual.startsWith(expectedPrefix)) {
            throw failure(message, "expected to start with <" + expectedPrefix + "> but was: <" + actual + ">");
        }
    }

    /** Fails unless {@code actual} (not null) ends with {@code expectedSuffix}. */
    public static void assertEndsWith(String expectedSuffix, String actual) {
        Objects.requireNonNull(expectedSuffix, "expectedSuffix is null");
        if (actual == null || !actual.endsWith(expectedSuffix)) {
            throw failure(null, "expected to end with <" + expectedSuffix + "> but was: <" + actual + ">");
        }
    }

    /** Fails unless {@code actual} (not null) has an element equal to {@code expectedElement}. */
    public static void assertContains(Object expectedElement, Iterable<?> actual) {
        assertContains(expectedElement, actual, null);
    }

    /**
     * Fails unless {@code actual} (not null) has an element equal to {@code expectedElement};
     * {@code message} prefixes the failure.
     */
    public static void assertContains(Object expectedElement, Iterable<?> actual, String message) {
        if (actual == null || !elements(actual).contains(expectedElement)) {
            throw failure(message, "expected an element <" + expectedElement + "> in: <" + actual + ">");
        }
    }

    /** Fails when {@code actual} (not null) has an element equal to {@code unexpectedElement}. */
    public static void assertDoesNotContain(Object unexpectedElement, Iterable<?> actual) {
        assertDoesNotContain(unexpectedElement, actual, null);
    }

    /**
     * Fails when {@code actual} (not null) has an element equal to {@code unexpectedElement};
     * {@code message} prefixes the failure.
     */
    public static void assertDoesNotContain(Object unexpectedElement, Iterable<?> actual, String message) {
        if (actual == null || elements(actual).contains(unexpectedElement)) {
            throw failure(message, "expected no element <" + unexpectedElement + "> in: <" + actual + ">");
        }
    }

    /**
     * Fails unless {@code actual} (any iterable) has exactly the elements of {@code expected}, in the
     * same order. Unlike {@code assertIterableEquals}, the failure shows both sequences whole.
     */
    public static void assertContainsExactly(List<?> expected, Iterable<?> actual) {
        assertContainsExactly(expected, actual, null);
    }

    /** As {@link #assertContainsExactly(List, Iterable)}; {@code message} prefixes the failure. */
    public static void assertContainsExactly(List<?> expected, Iterable<?> actual, String message) {
        Objects.requireNonNull(expected, "expected is null");
        if (actual == null || !expected.equals(elements(actual))) {
            throw failure(message, "expected exactly (in order) <" + expected + "> but was: <" + actual + ">");
        }
    }

    /**
     * Fails unless {@code actual} has the same elements as {@code expected}, each as often, in any
     * order (a multiset comparison). The failure names the missing and the unexpected elements.
     */
    public static void assertContainsExactlyInAnyOrder(Iterable<?> expected, Iterable<?> actual) {
        assertContainsExactlyInAnyOrder(expected, actual, null);
    }

    /**
     * As {@link #assertContainsExactlyInAnyOrder(Iterable, Iterable)}; {@code message} prefixes the failure.
     */
    public static void assertContainsExactlyInAnyOrder(Iterable<?> expected, Iterable<?> actual, String message) {
        Objects.requireNonNull(expected, "expected is null");
        if (actual == null) {
            throw failure(message, "expected (in any order) <" + expected + "> but was: <null>");
        }
        Map<Object, Integer> missing = counts(expected);
        List<Object> unexpected = new ArrayList<>();
        for (Object e : actual) {
            Integer left = missing.get(e);
            if (left == null) {
                unexpected.add(e);
            } else if (left == 1) {
                missing.remove(e);
            } else {
                missing.put(e, left - 1);
            }
        }
        if (!missing.isEmpty() || !unexpected.isEmpty()) {
            throw failure(message, "expected (in any order) <" + expected + "> but was: <" + actual + ">; missing "
                    + missing.keySet() + ", unexpected " + unexpected);
        }
    }

    private static Map<Object, Integer> counts(Iterable<?> elements) {
        Map<Object, Integer> counts = new HashMap<>();
        for (Object e : elements) {
            counts.merge(e, 1, Integer::sum);
        }
        return counts;
    }

    private static List<Object> elements(Iterable<?> iterable) {
        List<Object> list = new ArrayList<>();
        iterable.forEach(list::add);
        return list;
    }

    private static AssertionError failure(String message, String what) {
        return new AssertionError(message == null || message.isBlank() ? what : message + " ==> " + what);
    }
}
