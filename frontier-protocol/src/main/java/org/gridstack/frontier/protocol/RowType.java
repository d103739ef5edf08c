package org.gridstack.frontier.protocol;

/** Type bytes of the FroNtier binary row stream. A NULL value is the type byte with {@link #NULL_BIT} set. */
public final class RowType {
    public static final byte BYTE = 0;
    public static final byte INT4 = 1;
    public static final byte INT8 = 2;
    public static final byte FLOAT = 3;
    public static final byte DOUBLE = 4;
    public static final byte TIME = 5;
    public static final byte ARRAY = 6;
    public static final byte EOR = 7;
    public static final int NULL_BIT = 0x80;

    private RowType() {
    }
}
