package org.gridstack.bench.frontier;

import org.gridstack.frontier.protocol.RowType;

/**
 * Counts the data records of a FroNtier row stream without decoding values: it steps over each
 * field by its type and length, so a 0x07 byte inside a string is not taken for an end of record.
 */
final class RowStreamScanner {
    private RowStreamScanner() {
    }

    /**
     * @return data records (the header record is not counted)
     * @throws AnswerMismatchException when the stream is malformed or truncated
     */
    static long countRecords(byte[] s, int length) throws AnswerMismatchException {
        if (length == 0) {
            return 0;
        }
        long endOfRecords = 0;
        boolean recordEnded = false;
        int p = 0;
        while (p < length) {
            int t = s[p++] & 0xff;
            recordEnded = t == RowType.EOR;
            if ((t & RowType.NULL_BIT) != 0) {
                if ((t & 0x7f) > RowType.ARRAY) {
                    throw bad("unknown NULL type byte 0x" + Integer.toHexString(t), p - 1);
                }
                continue;
            }
            int size = switch (t) {
                case RowType.EOR -> {
                    endOfRecords++;
                    yield 0;
                }
                case RowType.BYTE -> 1;
                case RowType.INT4, RowType.FLOAT -> 4;
                case RowType.INT8, RowType.DOUBLE, RowType.TIME -> 8;
                case RowType.ARRAY -> {
                    if (length - p < 4) {
                        throw bad("truncated length", p);
                    }
                    int len = (s[p] & 0xff) << 24 | (s[p + 1] & 0xff) << 16 | (s[p + 2] & 0xff) << 8 | (s[p + 3] & 0xff);
                    if (len < 0) {
                        throw bad("negative length", p);
                    }
                    yield 4 + len;
                }
                default -> throw bad("unknown type byte 0x" + Integer.toHexString(t), p - 1);
            };
            if (length - p < size) {
                throw bad("truncated field", p);
            }
            p += size;
        }
        if (!recordEnded) {
            throw bad("the last record has no end-of-record byte", length);
        }
        return endOfRecords - 1;
    }

    private static AnswerMismatchException bad(String what, int offset) {
        return new AnswerMismatchException("malformed row stream: " + what + " at offset " + offset);
    }
}
