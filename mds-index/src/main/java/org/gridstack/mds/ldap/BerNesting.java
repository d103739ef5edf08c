package org.gridstack.mds.ldap;

import com.google.errorprone.annotations.ThreadSafe;

/**
 * Reads the shape of one BER-encoded LDAP message without decoding it and without recursion:
 * how deeply its constructed elements nest, and its message ID and operation tag. For checks
 * that must happen before a recursive decoder sees the bytes. Stateless; thread-safe.
 */
@ThreadSafe
final class BerNesting {
    private BerNesting() {
    }

    /**
     * The nesting depth of the constructed elements in {@code ber} (the outer SEQUENCE is 1), or
     * {@code limit + 1} as soon as it is over {@code limit}; 0 when the bytes are not well-formed
     * BER (the decoder reports those).
     */
    static int depth(byte[] ber, int limit) {
        int[] ends = new int[limit + 1];
        int open = 0;
        int deepest = 0;
        int p = 0;
        while (p < ber.length) {
            while (open > 0 && p >= ends[open - 1]) {
                open--;
            }
            int tag = ber[p++] & 0xff;
            if ((tag & 0x1f) == 0x1f) { // high tag number: continuation bytes
                while (p < ber.length && (ber[p] & 0x80) != 0) {
                    p++;
                }
                p++;
            }
            if (p >= ber.length) {
                return 0;
            }
            int first = ber[p++] & 0xff;
            long length;
            if (first < 0x80) {
                length = first;
            } else {
                int n = first & 0x7f;
                if (n == 0 || n > 4 || p + n > ber.length) {
                    return 0;
                }
                length = 0;
                for (int i = 0; i < n; i++) {
                    length = (length << 8) | (ber[p++] & 0xff);
                }
            }
            long end = p + length;
            if (end > ber.length || (open > 0 && end > ends[open - 1])) {
                return 0;
            }
            if ((tag & 0x20) != 0) {
                if (open == limit) {
                    return limit + 1;
                }
                ends[open++] = (int) end;
                deepest = Math.max(deepest, open);
            } else {
                p = (int) end;
            }
        }
        return deepest;
    }

    /** {message ID, operation tag} of an LDAP message, or null when its start is not one. */
    static int[] messageIdAndOperation(byte[] ber) {
        int p = skipHeader(ber, 0);
        if (p < 0 || p >= ber.length || ber[p] != 0x02) {
            return null;
        }
        int idLength = ber[p + 1] & 0xff;
        if (idLength < 1 || idLength > 4 || p + 2 + idLength >= ber.length) {
            return null;
        }
        int id = 0;
        for (int i = 0; i < idLength; i++) {
            id = (id << 8) | (ber[p + 2 + i] & 0xff);
        }
        return new int[] {id, ber[p + 2 + idLength] & 0xff};
    }

    /** Where the content of the element at {@code p} starts, or -1. */
    private static int skipHeader(byte[] ber, int p) {
        if (p + 2 > ber.length) {
            return -1;
        }
        int first = ber[p + 1] & 0xff;
        return first < 0x80 ? p + 2 : p + 2 + (first & 0x7f);
    }
}
