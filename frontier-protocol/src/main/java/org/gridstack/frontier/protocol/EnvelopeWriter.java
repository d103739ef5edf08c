package org.gridstack.frontier.protocol;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Writes the XML envelope of a FroNtier response byte for byte as the production servlet lays it
 * out (declaration, DOCTYPE, one-space indentation steps, attribute order of {@code quality}).
 * The payload data itself is written by the caller between {@link #beginPayload} and
 * {@link #endData}. Not thread-safe.
 */
public final class EnvelopeWriter {
    private final OutputStream out;

    public EnvelopeWriter(OutputStream out) {
        this.out = Objects.requireNonNull(out, "out is null");
    }

    public void begin(String serverVersion) throws IOException {
        write("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n"
                + "<!DOCTYPE frontier SYSTEM \"http://frontier.fnal.gov/frontier.dtd\">\n"
                + "<frontier version=\"" + XmlEscaper.escapeAttribute(serverVersion) + "\" xmlversion=\"1.0\">\n");
    }

    public void beginTransaction(int payloads) throws IOException {
        write(" <transaction payloads=\"" + payloads + "\">\n");
    }

    /** Writes the payload start and {@code <data>}; the caller then writes Base64 or keepalives. */
    public void beginPayload(String type, String version, String encoding) throws IOException {
        write("  <payload type=\"" + XmlEscaper.escapeAttribute(type) + "\" version=\"" + XmlEscaper.escapeAttribute(version)
                + "\" encoding=\"" + XmlEscaper.escapeAttribute(encoding) + "\">\n   <data>");
    }

    /** The keepalive element clients skip while the server waits for the database. */
    public static byte[] keepalive() {
        return KEEPALIVE.clone();
    }

    private static final byte[] KEEPALIVE = "\n<keepalive />".getBytes(StandardCharsets.US_ASCII);

    public void endData() throws IOException {
        write("</data>\n");
    }

    /**
     * Writes {@code <quality .../>} and closes the payload.
     *
     * @param error 0 for success
     * @param message null unless there is one
     * @param maxAge only written when positive
     * @param md5 null to omit
     * @param records negative to omit (errors)
     * @param fullSize uncompressed row stream length
     */
    public void quality(int error, String message, long maxAge, String md5, long records, long fullSize) throws IOException {
        StringBuilder b = new StringBuilder(160).append("   <quality error=\"").append(error).append('"');
        if (message != null) {
            b.append(" message=\"").append(XmlEscaper.escapeAttribute(message)).append('"');
        }
        if (maxAge > 0) {
            b.append(" max_age=\"").append(maxAge).append('"');
        }
        if (md5 != null) {
            b.append(" md5=\"").append(md5).append('"');
        }
        if (records >= 0) {
            b.append(" records=\"").append(records).append('"');
        }
        b.append(" full_size=\"").append(fullSize).append("\"/>\n  </payload>\n");
        write(b.toString());
    }

    public void endTransaction() throws IOException {
        write(" </transaction>\n");
    }

    public void globalError(String message) throws IOException {
        write("\n  <global_error msg=\"" + XmlEscaper.escapeAttribute(message) + "\"/>\n");
    }

    public void end() throws IOException {
        write("</frontier>\n");
    }

    private void write(String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.US_ASCII));
    }
}
