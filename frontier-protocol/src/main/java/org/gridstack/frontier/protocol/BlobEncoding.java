package org.gridstack.frontier.protocol;

/**
 * The payload encoding: {@code BLOB} (row stream Base64-encoded as is) or {@code BLOBzipN}
 * (row stream compressed as a zlib stream at level N, then Base64-encoded). {@code BLOBzip}
 * without a digit means level 5, as in the production servlet.
 *
 * @param text the encoding exactly as the client sent it (echoed in the response)
 * @param zipLevel -1 for plain BLOB, otherwise 0..9
 */
public record BlobEncoding(String text, int zipLevel) {
    public static final int NO_ZIP = -1;

    public boolean zipped() {
        return zipLevel != NO_ZIP;
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
