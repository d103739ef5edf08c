package org.gridstack.grim.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Collections;

/** Canonical order of answers, so that equal answers from different backends are equal lists. */
public final class Rows {
    /** Element-wise: Longs numerically, Strings by code point, null first, a Long before a String. */
    public static final Comparator<List<Object>> ORDER = (a, b) -> {
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            int c = compareValues(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    private Rows() {
    }

    /** Returns a sorted copy without duplicate rows (answers are sets). */
    public static List<List<Object>> sort(List<List<Object>> rows) {
        List<List<Object>> sorted = new ArrayList<>(rows);
        sorted.sort(ORDER);
        List<List<Object>> out = new ArrayList<>(sorted.size());
        for (List<Object> r : sorted) {
            if (out.isEmpty() || ORDER.compare(out.get(out.size() - 1), r) != 0) {
                out.add(Collections.unmodifiableList(new ArrayList<>(r)));
            }
        }
        return out;
    }

    static int compareValues(Object x, Object y) {
        if (x == null || y == null) {
            return x == null ? (y == null ? 0 : -1) : 1;
        }
        if (x instanceof Long a && y instanceof Long b) {
            return Long.compare(a, b);
        }
        if (x instanceof Long) {
            return -1;
        }
        if (y instanceof Long) {
            return 1;
        }
        return x.toString().compareTo(y.toString());
    }
}
