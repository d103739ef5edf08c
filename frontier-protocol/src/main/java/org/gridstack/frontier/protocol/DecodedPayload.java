package org.gridstack.frontier.protocol;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One payload of a {@link DecodedAnswer}: the attributes of its {@code <payload>} and
 * {@code <quality>} elements, the keepalives before its data, its row stream, and what was wrong
 * with its data, if anything ({@link #dataError()}: md5 first, then zlib, then full_size, the
 * order of the C client).
 *
 * <p>The row stream lives in an array of the decoder's ({@link #rowStreamBuffer()}), which a
 * decoder reused for the next answer overwrites: a caller that keeps it uses a decoder per answer
 * or takes {@link #rowStream()}, a copy. Otherwise immutable.
 */
public final class DecodedPayload {
    private final String type;
    private final String version;
    private final String encoding;
    private final Map<String, String> quality;
    private final int keepalives;
    private final byte[] rowStream;
    private final int rowStreamLength;
    private final long decodedBytes;
    private final byte[] decodedData;
    private final String dataError;

    DecodedPayload(String type, String version, String encoding, Map<String, String> quality, int keepalives, byte[] rowStream,
                   int rowStreamLength, long decodedBytes, byte[] decodedData, String dataError) {
        this.type = Objects.requireNonNull(type, "type is null");
        this.version = Objects.requireNonNull(version, "version is null");
        this.encoding = Objects.requireNonNull(encoding, "encoding is null");
        this.quality = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(quality, "quality is null")));
        this.keepalives = keepalives;
        this.rowStream = Objects.requireNonNull(rowStream, "rowStream is null");
        this.rowStreamLength = rowStreamLength;
        this.decodedBytes = decodedBytes;
        this.decodedData = decodedData;
        this.dataError = dataError;
    }

    public String type() {
        return type;
    }

    public String version() {
        return version;
    }

    /** The {@code encoding} attribute as sent ({@code BLOB}, {@code BLOBzip5}, ...). */
    public String encoding() {
        return encoding;
    }

    /** The {@code <quality>} attributes, unescaped. */
    public Map<String, String> quality() {
        return quality;
    }

    /** Keepalive elements before the data. */
    public int keepalives() {
        return keepalives;
    }

    /** {@code quality error}: 0 for success. */
    public int error() {
        return Integer.parseInt(quality.getOrDefault("error", "0"));
    }

    /** {@code quality message}, or null. */
    public String message() {
        return quality.get("message");
    }

    /** {@code quality md5}, or null when the answer has none. */
    public String md5() {
        return quality.get("md5");
    }

    /** {@code quality records}, or -1 without it. */
    public long records() {
        return Long.parseLong(quality.getOrDefault("records", "-1"));
    }

    /** {@code quality full_size}, or -1 without it. */
    public long fullSize() {
        return Long.parseLong(quality.getOrDefault("full_size", "-1"));
    }

    /** {@code quality max_age} in seconds, 0 without it. */
    public long maxAge() {
        return Long.parseLong(quality.getOrDefault("max_age", "0"));
    }

    /** Null when md5, zlib and full_size are right; otherwise what is wrong, for the user. */
    public String dataError() {
        return dataError;
    }

    /** Bytes the Base64 text decoded to (for a zipped payload: the compressed bytes). */
    public long decodedBytes() {
        return decodedBytes;
    }

    /**
     * The array holding the row stream in {@code [0, rowStreamLength())}; it may be longer. It
     * belongs to the decoder: the decoder's next answer overwrites it.
     */
    public byte[] rowStreamBuffer() {
        return rowStream;
    }

    public int rowStreamLength() {
        return rowStreamLength;
    }

    /**
     * A copy of the row stream, after checking the data.
     *
     * @throws FrontierProtocolException with {@link #dataError()} when the data is broken
     */
    public byte[] rowStream() throws FrontierProtocolException {
        if (dataError != null) {
            throw new FrontierProtocolException(dataError);
        }
        return Arrays.copyOf(rowStream, rowStreamLength);
    }

    /** Decodes the rows of {@link #rowStream()} (checks the data first). */
    public RowStreamReader.Decoded decode() throws FrontierProtocolException {
        return RowStreamReader.decode(rowStream());
    }

    /**
     * The Base64-decoded bytes (for a zipped payload the compressed ones), when the decoder's
     * settings keep them ({@link AnswerDecoderSettings#keepDecodedData()}).
     *
     * @throws IllegalStateException when they were not kept
     */
    public byte[] data() {
        if (decodedData == null) {
            throw new IllegalStateException("the decoded data was not kept: decode with AnswerDecoderSettings.withKeepDecodedData(true)");
        }
        return decodedData.clone();
    }

    @Override
    public String toString() {
        return "DecodedPayload[type=" + type + ", encoding=" + encoding + ", quality=" + quality + ", keepalives=" + keepalives
                + ", rowStreamLength=" + rowStreamLength + (dataError == null ? "" : ", dataError=" + dataError) + "]";
    }
}
