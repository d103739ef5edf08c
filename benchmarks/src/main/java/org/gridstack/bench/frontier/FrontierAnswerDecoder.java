package org.gridstack.bench.frontier;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * A fast verifying reader for a one-payload FroNtier answer: finds {@code <data>..</data>},
 * Base64-decodes it (skipping line feeds and keepalives), checks the md5 of the decoded bytes
 * against {@code quality md5}, inflates {@code BLOBzipN} payloads, checks {@code full_size}, and
 * counts the records by walking the row stream's fields (a 0x07 byte inside a string is data, not
 * an end of record). Buffers are reused from answer to answer. Not thread-safe.
 *
 * <p>{@code org.gridstack.frontier.protocol.ResponseParser} checks the same things with regular
 * expressions and fresh strings; it is used once per zip level on the reference answer.
 */
final class FrontierAnswerDecoder {
    private static final byte[] PAYLOAD = ascii("<payload ");
    private static final byte[] ENCODING = ascii("encoding=\"");
    private static final byte[] DATA_OPEN = ascii("<data>");
    private static final byte[] DATA_CLOSE = ascii("</data>");
    private static final byte[] QUALITY = ascii("<quality");
    private static final byte[] GLOBAL_ERROR = ascii("<global_error");
    private static final byte[] FRONTIER_END = ascii("</frontier>");
    private static final byte[] KEEPALIVE = ascii("<keepalive />");
    private static final byte[] BLOBZIP = ascii("BLOBzip");

    private static final int SKIP = -2;
    private static final int INVALID = -1;
    private static final int[] BASE64 = new int[256];

    static {
        Arrays.fill(BASE64, INVALID);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < alphabet.length(); i++) {
            BASE64[alphabet.charAt(i)] = i;
        }
        BASE64['\n'] = SKIP;
        BASE64['\r'] = SKIP;
        BASE64[' '] = SKIP;
    }

    /** The checked payload; {@link #rowStream()} is valid until the next {@link #decode}. */
    final class Decoded {
        boolean zipped;
        long records;
        long fullSize;
        int dataBytes;
        int rowStreamLength;

        byte[] rowStream() {
            return zipped ? inflated.data() : decoded.data();
        }

        int rowStreamLength() {
            return rowStreamLength;
        }

        byte[] rowStreamCopy() {
            return Arrays.copyOf(rowStream(), rowStreamLength);
        }
    }

    private final MessageDigest md5;
    private final Inflater inflater = new Inflater();
    private final GrowableBytes decoded = new GrowableBytes(1 << 20);
    private final GrowableBytes inflated = new GrowableBytes(1 << 20);
    private final Decoded result = new Decoded();

    FrontierAnswerDecoder() {
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no MD5", e);
        }
    }

    Decoded decode(byte[] body, int length) throws AnswerMismatchException {
        if (indexOf(body, 0, length, GLOBAL_ERROR) >= 0) {
            throw new AnswerMismatchException("the answer is a global error: " + excerpt(body, indexOf(body, 0, length, GLOBAL_ERROR), length));
        }
        int end = length;
        while (end > 0 && isSpace(body[end - 1])) {
            end--;
        }
        if (!regionMatches(body, end - FRONTIER_END.length, FRONTIER_END)) {
            throw new AnswerMismatchException("the answer is truncated: it does not end with </frontier> (" + length + " bytes)");
        }
        int payload = indexOf(body, 0, length, PAYLOAD);
        if (payload < 0) {
            throw new AnswerMismatchException("the answer holds no <payload>");
        }
        int dataOpen = indexOf(body, payload, length, DATA_OPEN);
        int dataClose = dataOpen < 0 ? -1 : indexOf(body, dataOpen, length, DATA_CLOSE);
        int quality = dataClose < 0 ? -1 : indexOf(body, dataClose, length, QUALITY);
        if (quality < 0) {
            throw new AnswerMismatchException("the payload lacks <data>...</data> followed by <quality");
        }
        if (indexOf(body, quality, length, PAYLOAD) >= 0) {
            throw new AnswerMismatchException("the answer holds more than one payload; the benchmark sends one query");
        }
        int qualityEnd = indexOf(body, quality, length, ascii("/>"));
        String qualityText = new String(body, quality, qualityEnd - quality, StandardCharsets.ISO_8859_1);
        String error = attribute(qualityText, "error");
        if (!"0".equals(error)) {
            throw new AnswerMismatchException("the payload reports an error: " + qualityText);
        }
        String md5Hex = attribute(qualityText, "md5");
        long records = parseLong(attribute(qualityText, "records"), "records", qualityText);
        long fullSize = parseLong(attribute(qualityText, "full_size"), "full_size", qualityText);
        if (md5Hex == null) {
            throw new AnswerMismatchException("the payload has no md5: " + qualityText);
        }
        int encoding = indexOf(body, payload, dataOpen, ENCODING);
        Decoded r = result;
        r.zipped = encoding >= 0 && regionMatches(body, encoding + ENCODING.length, BLOBZIP);
        r.dataBytes = base64Decode(body, dataOpen + DATA_OPEN.length, dataClose);
        md5.update(decoded.data(), 0, r.dataBytes);
        if (!Arrays.equals(md5.digest(), hexToBytes(md5Hex))) {
            throw new AnswerMismatchException("md5 mismatch: quality says " + md5Hex + " but the " + r.dataBytes + " decoded bytes hash differently");
        }
        if (fullSize < 0 || fullSize > Integer.MAX_VALUE - 64) {
            throw new AnswerMismatchException("unsupported full_size " + fullSize);
        }
        r.rowStreamLength = r.zipped ? inflate(r.dataBytes, (int) fullSize) : r.dataBytes;
        if (r.rowStreamLength != fullSize) {
            throw new AnswerMismatchException("full_size is " + fullSize + " but the row stream has " + r.rowStreamLength + " bytes");
        }
        long counted = RowStreamScanner.countRecords(r.rowStream(), r.rowStreamLength);
        if (counted != records) {
            throw new AnswerMismatchException("quality says " + records + " records but the row stream holds " + counted);
        }
        r.records = records;
        r.fullSize = fullSize;
        return r;
    }

    /** Decodes {@code body[from, to)} into {@link #decoded}; returns the byte count. */
    private int base64Decode(byte[] body, int from, int to) throws AnswerMismatchException {
        decoded.clear();
        byte[] out = decoded.reserve((to - from) / 4 * 3 + 3);
        int o = 0;
        int bits = 0;
        int have = 0;
        int i = from;
        int padding = 0;
        while (i < to) {
            if (have == 0 && padding == 0 && to - i >= 4) {
                // fast path: a whole group of four alphabet characters (all but the line ends)
                int c0 = BASE64[body[i] & 0xff];
                int c1 = BASE64[body[i + 1] & 0xff];
                int c2 = BASE64[body[i + 2] & 0xff];
                int c3 = BASE64[body[i + 3] & 0xff];
                if ((c0 | c1 | c2 | c3) >= 0) {
                    int group = c0 << 18 | c1 << 12 | c2 << 6 | c3;
                    out[o] = (byte) (group >> 16);
                    out[o + 1] = (byte) (group >> 8);
                    out[o + 2] = (byte) group;
                    o += 3;
                    i += 4;
                    continue;
                }
            }
            int b = body[i] & 0xff;
            int v = BASE64[b];
            if (v >= 0) {
                if (padding > 0) {
                    throw new AnswerMismatchException("Base64 data continues after '=' padding at offset " + i);
                }
                bits = bits << 6 | v;
                if (++have == 4) {
                    out[o] = (byte) (bits >> 16);
                    out[o + 1] = (byte) (bits >> 8);
                    out[o + 2] = (byte) bits;
                    o += 3;
                    bits = 0;
                    have = 0;
                }
                i++;
            } else if (v == SKIP) {
                i++;
            } else if (b == '=') {
                padding++;
                i++;
            } else if (b == '<' && regionMatches(body, i, KEEPALIVE)) {
                i += KEEPALIVE.length; // sent while the server waited for the database
            } else {
                throw new AnswerMismatchException("invalid Base64 byte 0x" + Integer.toHexString(b) + " at offset " + i);
            }
        }
        if (have + padding != 0 && (have + padding != 4 || have < 2)) {
            throw new AnswerMismatchException("Base64 data ends in an incomplete group");
        }
        if (have == 2) {
            out[o++] = (byte) (bits >> 4);
        } else if (have == 3) {
            out[o] = (byte) (bits >> 10);
            out[o + 1] = (byte) (bits >> 2);
            o += 2;
        }
        decoded.advance(o);
        return o;
    }

    private int inflate(int compressedLength, int fullSize) throws AnswerMismatchException {
        inflater.reset();
        inflater.setInput(decoded.data(), 0, compressedLength);
        inflated.clear();
        // one byte more than announced, so an over-long stream shows up as a full_size mismatch
        byte[] out = inflated.reserve(fullSize + 1);
        int n = 0;
        try {
            while (!inflater.finished()) {
                int r = inflater.inflate(out, n, out.length - n);
                n += r;
                if (r == 0) {
                    if (inflater.needsInput() || inflater.needsDictionary()) {
                        throw new AnswerMismatchException("the zlib stream is truncated after " + n + " bytes of output");
                    }
                    if (n == out.length) {
                        return n; // longer than full_size
                    }
                }
            }
        } catch (DataFormatException e) {
            throw new AnswerMismatchException("the payload is not a valid zlib stream: " + e.getMessage());
        }
        if (inflater.getRemaining() != 0) {
            throw new AnswerMismatchException(inflater.getRemaining() + " bytes follow the end of the zlib stream");
        }
        return n;
    }

    private static String attribute(String element, String name) {
        String key = " " + name + "=\"";
        int at = element.indexOf(key);
        if (at < 0) {
            return null;
        }
        int start = at + key.length();
        int end = element.indexOf('"', start);
        return end < 0 ? null : element.substring(start, end);
    }

    private static long parseLong(String value, String name, String element) throws AnswerMismatchException {
        if (value == null) {
            throw new AnswerMismatchException("quality has no " + name + ": " + element);
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new AnswerMismatchException("quality " + name + " is not a number: " + element);
        }
    }

    private static byte[] hexToBytes(String hex) throws AnswerMismatchException {
        if (hex.length() != 32) {
            throw new AnswerMismatchException("md5 '" + hex + "' is not 32 hex digits");
        }
        byte[] r = new byte[16];
        for (int i = 0; i < 16; i++) {
            int hi = Character.digit(hex.charAt(2 * i), 16);
            int lo = Character.digit(hex.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                throw new AnswerMismatchException("md5 '" + hex + "' is not hexadecimal");
            }
            r[i] = (byte) (hi << 4 | lo);
        }
        return r;
    }

    static int indexOf(byte[] a, int from, int to, byte[] needle) {
        byte first = needle[0];
        int last = to - needle.length;
        for (int i = Math.max(0, from); i <= last; i++) {
            if (a[i] == first && regionMatches(a, i, needle)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean regionMatches(byte[] a, int at, byte[] needle) {
        return at >= 0 && at + needle.length <= a.length
                && Arrays.equals(a, at, at + needle.length, needle, 0, needle.length);
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }

    private static String excerpt(byte[] body, int from, int length) {
        return new String(body, from, Math.min(200, length - from), StandardCharsets.ISO_8859_1);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
