package org.gridstack.frontier.protocol.zlib;

/**
 * The DEFLATE implementations a zlib stream can be encoded with. Both write standard zlib streams
 * (RFC 1950) that plain zlib inflates; they differ in speed and, a little, in size.
 */
public enum ZlibEncoderKind {
    /** Debian's {@code libdeflate.so.0} (libdeflate, whole-buffer), called through JNA. */
    LIBDEFLATE("libdeflate"),
    /** The JDK's {@link java.util.zip.Deflater} (the system zlib), blocks deflated in parallel. */
    JAVA_UTIL_ZIP("java.util.zip");

    private final String displayName;

    ZlibEncoderKind(String displayName) {
        this.displayName = displayName;
    }

    /** The name used in logs and as the metrics tag value. */
    public String displayName() {
        return displayName;
    }
}
