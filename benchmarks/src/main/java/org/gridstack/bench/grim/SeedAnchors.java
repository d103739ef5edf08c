package org.gridstack.bench.grim;

import org.gridstack.grim.ops.Operation;

/** What seed 000 measured per operation (dual Xeon, 2003), printed beside our numbers. */
final class SeedAnchors {
    private SeedAnchors() {
    }

    static String mysql(Operation op) {
        return switch (op) {
            case NON_SCOPED -> "3 ms";
            case INDEXED -> "9 ms";
            case UPDATE -> "200 upd/s";
            default -> "<=100 ms";
        };
    }

    static String xindice(Operation op) {
        return switch (op) {
            case INDEXED -> "1 s";
            case NETWORK_HOP -> "DNC (>100 s)";
            case UPDATE -> "1.3 upd/s";
            default -> "100x-1000x MySQL";
        };
    }

    /** The seed's MySQL time where it gives one as a number, else NaN. */
    static double mysqlMillis(Operation op) {
        return switch (op) {
            case NON_SCOPED -> 3;
            case INDEXED -> 9;
            default -> Double.NaN;
        };
    }

    /** The seed's Xindice time where it gives one as a number, else NaN. */
    static double xindiceMillis(Operation op) {
        return op == Operation.INDEXED ? 1000 : Double.NaN;
    }

    static String mds2(Operation op) {
        return op == Operation.UPDATE ? "impossible" : "5 % DB only";
    }
}
