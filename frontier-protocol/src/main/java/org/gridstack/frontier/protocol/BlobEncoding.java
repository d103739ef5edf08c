package org.gridstack.frontier.protocol;

import java.util.Objects;

/**
 * The payload encoding: {@code BLOB} (row stream Base64-encoded as is) or {@code BLOBzipN}
 * (row stream compressed as a zlib stream at level N, then Base64-encoded). {@code BLOBzip}
 * without a digit means level 5, as in the production servlet.
 *
 * <p>{@code BLOBzip0} is answered as the production servlet 3.42 answers it: the row stream is
 * <em>not</em> compressed (production deflates only for levels above 0), so the data, its md5 and
 * full_size are those of {@code BLOB}; only the payload's {@code encoding} attribute differs, as it
 * echoes the text the client sent. {@link #zipped()} is therefore false for level 0, and a reader
 * of answers decides with {@link #answerIsCompressed(String)}, never with a prefix test.
 *
 * @param text the encoding exactly as the client sent it (echoed in the response)
 * @param zipLevel -1 for plain BLOB, otherwise 0..9 (0: uncompressed, as BLOB)
 */
public record BlobEncoding(String text, int zipLevel) {
    public static final int NO_ZIP = -1;

    /** Whether the row stream is sent as a zlib stream: only for levels 1..9 (not for BLOB or BLOBzip0). */
    public boolean zipped() {
        return zipLevel > 0;
    }

    /**
     * Whether an answer's payload with this {@code encoding} attribute carries a zlib stream:
     * true for {@code BLOBzip} and {@code BLOBzip1}..{@code BLOBzip9}, false for {@code BLOB} and
     * {@code BLOBzip0} (uncompressed, as the production servlet sends them). An attribute this
     * class cannot parse but that starts with {@code BLOBzip} counts as compressed, so that a bad
     * answer is reported by the inflater rather than read as rows.
     *
     * @param encoding the payload's {@code encoding} attribute as received
     */
    public static boolean answerIsCompressed(String encoding) {
        Objects.requireNonNull(encoding, "encoding is null");
        try {
            return parse(encoding).zipped();
        } catch (FrontierProtocolException unparseable) {
            return encoding.startsWith("BLOBzip");
        }
    }

    /** The encoding string a client sends for a retrieve zip level (0 means plain BLOB, as the C client does). */
    public static String forClientZipLevel(int level) {
        if (level < 0 || level > 9) {
            throw new IllegalArgumentException("zip level must be 0..9, got " + level);
        }
        return level == 0 ? "BLOB" : "BLOBzip" + level;
    }

    /**
     * Parses an encoding parameter. The messages follow the production servlet's wording so that
     * operators recognise them.
     */
    public static BlobEncoding parse(String text) throws FrontierProtocolException {
        if (text.equals("BLOB")) {
            return new BlobEncoding(text, NO_ZIP);
        }
        if (!text.startsWith("BLOB")) {
            throw new FrontierProtocolException("Unsupported encoding '" + text + "': use BLOB or BLOBzipN with N in 0..9");
        }
        String sub = text.substring(4);
        if (!sub.startsWith("zip")) {
            throw new FrontierProtocolException("Unrecognized BLOB sub-encoding '" + sub + "': use BLOB or BLOBzipN with N in 0..9");
        }
        String digits = sub.substring(3);
        if (digits.isEmpty()) {
            return new BlobEncoding(text, 5);
        }
        if (digits.length() > 3 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new FrontierProtocolException("Unrecognized BLOB sub-encoding '" + sub + "': the zip level must be a number 0..9");
        }
        int level = Integer.parseInt(digits);
        if (level > 9) {
            throw new FrontierProtocolException("BLOB zip level less than 0 or greater than 9: " + level);
        }
        return new BlobEncoding(text, level);
    }
}
