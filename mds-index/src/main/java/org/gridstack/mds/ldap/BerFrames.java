package org.gridstack.mds.ldap;

import com.google.errorprone.annotations.ThreadSafe;
import java.nio.ByteBuffer;

/**
 * Finds where one BER element ends in bytes as they arrive, without decoding it: what the event
 * loop needs to know before it hands a request on whole. Stateless; thread-safe.
 */
@ThreadSafe
final class BerFrames {
    /** Not enough bytes yet to know the element's size. */
    static final long INCOMPLETE = -2;
    /** The bytes do not start a BER element LDAP could send (an indefinite or over-long length). */
    static final long INVALID = -1;

    private BerFrames() {
    }

    /**
     * The whole size (tag, length and content) of the element starting at {@code b}'s position,
     * {@link #INCOMPLETE} or {@link #INVALID}. Does not move the position.
     */
    static long size(ByteBuffer b) {
        int p = b.position();
        if (b.remaining() < 2) {
            return INCOMPLETE;
        }
        int first = b.get(p + 1) & 0xff;
        if (first < 0x80) {
            return 2L + first;
        }
        int n = first & 0x7f;
        if (n == 0 || n > 4) {
            return INVALID;
        }
        if (b.remaining() < 2 + n) {
            return INCOMPLETE;
        }
        long length = 0;
        for (int i = 0; i < n; i++) {
            length = (length << 8) | (b.get(p + 2 + i) & 0xff);
        }
        return 2L + n + length;
    }
}
