package org.gridstack.frontier.web;

import java.io.IOException;
import java.io.OutputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.Executor;
import java.util.zip.Deflater;
import org.gridstack.frontier.protocol.BlobEncoding;
import org.gridstack.frontier.protocol.PipelinedOutputStream;
import org.gridstack.frontier.protocol.RowStreamWriter;
import org.gridstack.frontier.protocol.zlib.Base64LineOutputStream;
import org.gridstack.frontier.protocol.zlib.ZlibEncoderKind;
import org.gridstack.frontier.protocol.zlib.ZlibEncoders;
import org.gridstack.frontier.protocol.zlib.ZlibOutputStream;

/**
 * One payload's encoder chain, as the production servlet encodes {@code <data>}: rows ->
 * [zlib for {@code BLOBzipN}: libdeflate in one call at the end, or java.util.zip blocks in
 * parallel] -> pipeline -> MD5 -> Base64 lines -> the response. The pipeline runs MD5, Base64 and
 * the writes to the response on another core while rows are read (on the calling thread when no
 * executor is given). The MD5 is of the bytes inside the Base64, as the clients check it.
 *
 * <p>Not thread-safe: one payload's writer uses it; the pipeline's own thread is internal.
 * Finishing or abandoning it never closes the response.
 */
final class PayloadEncoder {
    private static final int PIPELINE_BLOCK = 64 * 1024;
    private static final int PIPELINE_BLOCKS = 4;

    private final MessageDigest md5 = md5();
    private final Base64LineOutputStream base64;
    private final PipelinedOutputStream pipeline;
    private final ZlibOutputStream zlib;
    private final RowStreamWriter rows;

    /**
     * @param pipelineExecutor where the pipeline's stage runs; {@code null}: on the calling thread
     */
    PayloadEncoder(OutputStream out, BlobEncoding encoding, ZlibEncoders zlibEncoders, Executor pipelineExecutor) {
        base64 = new Base64LineOutputStream(new NonClosing(out));
        pipeline = new PipelinedOutputStream(new DigestOutputStream(base64, md5), pipelineExecutor, PIPELINE_BLOCK, PIPELINE_BLOCKS);
        zlib = encoding.zipped() ? zlibEncoders.open(pipeline, encoding.zipLevel()) : null;
        rows = new RowStreamWriter(zlib != null ? zlib : pipeline);
    }

    /** Where the query's rows go. */
    RowStreamWriter rows() {
        return rows;
    }

    /**
     * Ends the stream: everything is compressed, digested and written to the response.
     *
     * @return the DEFLATE encoder that wrote a zipped payload, {@code null} for an unzipped one
     */
    ZlibEncoderKind finish() throws IOException {
        rows.drain();
        if (zlib != null) {
            zlib.finish();
        }
        pipeline.finish();
        base64.finish();
        return zlib == null ? null : zlib.encoder();
    }

    /** The MD5 of the stream, in hex (after {@link #finish()}). */
    String md5Hex() {
        return HexFormat.of().formatHex(md5.digest());
    }

    /** Stops the chain after a failure; afterwards nothing more reaches the response from it. */
    void abandon() {
        try {
            if (zlib != null) {
                zlib.finish();
            }
        } catch (IOException | RuntimeException ignored) {
            // the stream is being replaced by an error; its state does not matter
        }
        try {
            pipeline.finish(); // waits until the other core has written all it was given
            base64.finish();
        } catch (IOException | RuntimeException ignored) {
            // as above
        }
    }

    /**
     * Writes the data of a payload whose encoder existed but produced nothing (an error payload,
     * as the production servlet: an empty stream, zipped when the encoding is) and returns its MD5 in hex.
     */
    static String writeEmpty(OutputStream out, BlobEncoding encoding) throws IOException {
        byte[] empty = emptyStream(encoding);
        Base64LineOutputStream base64 = new Base64LineOutputStream(new NonClosing(out));
        base64.write(empty);
        base64.finish();
        return HexFormat.of().formatHex(md5().digest(empty));
    }

    private static byte[] emptyStream(BlobEncoding encoding) {
        if (!encoding.zipped()) {
            return new byte[0];
        }
        Deflater d = new Deflater(encoding.zipLevel());
        try {
            d.finish();
            byte[] buf = new byte[64];
            int n = d.deflate(buf);
            return Arrays.copyOf(buf, n);
        } finally {
            d.end();
        }
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Keeps finish/close of the encoders from closing the response. */
    private static final class NonClosing extends OutputStream {
        private final OutputStream out;

        NonClosing(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() {
        }
    }
}
