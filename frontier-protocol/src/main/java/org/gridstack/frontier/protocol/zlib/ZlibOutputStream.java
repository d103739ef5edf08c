package org.gridstack.frontier.protocol.zlib;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An output stream that writes exactly one zlib stream (RFC 1950) of what is written to it, which
 * any plain zlib inflater reads. {@link #finish()} ends the zlib stream without closing the stream
 * underneath; {@link #close()} does both.
 *
 * <p>Thread-safety: implementations are not thread-safe; one thread at a time uses an instance.
 */
public abstract class ZlibOutputStream extends OutputStream {

    /**
     * Completes the zlib stream (last block and Adler-32 trailer) without closing the underlying
     * stream, and frees native resources. Further writes fail; calling it again does nothing.
     */
    public abstract void finish() throws IOException;

    /** Uncompressed bytes accepted so far. */
    public abstract long bytesIn();

    /** Compressed bytes written to the underlying stream so far. */
    public abstract long bytesOut();

    /** The encoder that produced (or is producing) the compressed bytes, e.g. for metrics. */
    public abstract ZlibEncoderKind encoder();
}
