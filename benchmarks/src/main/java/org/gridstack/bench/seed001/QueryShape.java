package org.gridstack.bench.seed001;

/** What the users ask for: seed 001's whole answers, two attributes of every item, or a selective constraint. Immutable. */
public enum QueryShape {
    /** Seed 001's queries: all the data of every item (rows, entries, ads). */
    WHOLE("all data"),
    /** The same items, only two attributes of each. */
    TWO_ATTRIBUTES("two attributes"),
    /** A constraint matching about 1 % of the items, two attributes of each (Hawkeye's manager in set 4). */
    ONE_PERCENT_TWO_ATTRIBUTES("1 % constraint, two attributes");

    private final String label;

    QueryShape(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
