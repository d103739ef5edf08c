package org.gridstack.testing;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactlyInAnyOrder;
import static org.gridstack.testing.ContainmentAssertions.assertDoesNotContain;
import static org.gridstack.testing.ContainmentAssertions.assertEndsWith;
import static org.gridstack.testing.ContainmentAssertions.assertStartsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Each check passes on what it promises and fails, with the whole actual value in its message, on the rest. */
class TestContainmentAssertions {
    @Test
    void textParts() {
        assertContains("lo w", "hello world");
        assertStartsWith("hell", "hello world");
        assertEndsWith("world", "hello world");
        assertDoesNotContain("bye", "hello world");
        assertEquals("expected to contain <bye> but was: <hello world>",
                assertThrows(AssertionError.class, () -> assertContains("bye", "hello world")).getMessage());
        assertEquals("greeting ==> expected not to contain <lo> but was: <hello world>",
                assertThrows(AssertionError.class, () -> assertDoesNotContain("lo", "hello world", "greeting")).getMessage());
        assertEquals("expected to start with <world> but was: <hello world>",
                assertThrows(AssertionError.class, () -> assertStartsWith("world", "hello world")).getMessage());
        assertThrows(AssertionError.class, () -> assertEndsWith("hello", "hello world"));
        // null is never a text that contains (or lacks) something
        assertThrows(AssertionError.class, () -> assertContains("x", (String) null));
        assertThrows(AssertionError.class, () -> assertDoesNotContain("x", (String) null));
    }

    @Test
    void elements() {
        assertContains(2L, List.of(1L, 2L));
        assertContains(null, Arrays.asList("a", null));
        assertDoesNotContain(2, List.of(1L, 2L)); // an Integer is not a Long
        assertEquals("expected an element <3> in: <[1, 2]>",
                assertThrows(AssertionError.class, () -> assertContains(3, List.of(1, 2))).getMessage());
        assertThrows(AssertionError.class, () -> assertDoesNotContain(1, Set.of(1)));
    }

    @Test
    void exactlyInOrder() {
        assertContainsExactly(List.of("a", "b"), new LinkedHashSet<>(List.of("a", "b")));
        assertContainsExactly(Arrays.asList("a", null), Arrays.asList("a", null));
        assertEquals("expected exactly (in order) <[a, b]> but was: <[b, a]>",
                assertThrows(AssertionError.class, () -> assertContainsExactly(List.of("a", "b"), List.of("b", "a"))).getMessage());
        assertThrows(AssertionError.class, () -> assertContainsExactly(List.of("a"), List.of("a", "a")));
    }

    @Test
    void exactlyInAnyOrderCountsEachElement() {
        assertContainsExactlyInAnyOrder(List.of("a", "b", "a"), List.of("a", "a", "b"));
        assertEquals("expected (in any order) <[a, a, b]> but was: <[a, b, b]>; missing [a], unexpected [b]",
                assertThrows(AssertionError.class, () -> assertContainsExactlyInAnyOrder(List.of("a", "a", "b"), List.of("a", "b", "b")))
                        .getMessage());
        assertEquals("rows ==> expected (in any order) <[a]> but was: <[]>; missing [a], unexpected []",
                assertThrows(AssertionError.class, () -> assertContainsExactlyInAnyOrder(List.of("a"), List.of(), "rows")).getMessage());
    }
}
