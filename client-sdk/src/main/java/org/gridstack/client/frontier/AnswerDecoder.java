package org.gridstack.client.frontier;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.gridstack.frontier.protocol.BlobEncoding;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.ResponseParser;

/**
 * Decodes a FroNtier answer while it arrives: one pass over the body in which the Base64 text of
 * each payload is decoded, fed to MD5 and (for {@code BLOBzipN}) inflated, without holding the
 * body, the Base64 text or the compressed bytes in memory (MD5 of a large payload runs on a second
 * thread, see {@link PayloadHasher}). Everything else (the small XML
 * envelope, keepalives included) is kept and parsed at the end by {@link ResponseParser}, so the
 * envelope rules are the same as the servlet tests'. What the checks found (md5, zlib, full_size)
 * is reported per payload, not thrown, so the caller can check in the C client's order (status,
 * global_error, SQL error, then data). Not thread-safe; one instance per answer.
 */
final class AnswerDecoder {
    /** One payload: its envelope (quality attributes), its row stream, and what went wrong with its data, if anything. */
    record Payload(ResponseParser.Payload envelope, byte[] rowStream, int rowStreamLength, String dataError) {
    }

    /** A whole answer. */
    record Answer(ResponseParser.Response envelope, List<Payload> payloads, long bodyBytes) {
    }

    private static final byte[] DATA_OPEN = ascii("<data>");
    private static final byte[] DATA_CLOSE = ascii("</data>");
    private static final byte[] KEEPALIVE = ascii("<keepalive />");
    private static final byte[] KEEPALIVE_SHORT = ascii("<keepalive/>");
    private static final Pattern ENCODING = Pattern.compile("encoding=\"([^\"]*)\"");
    private static final int MAX_ENVELOPE_BYTES = 1 << 20;

    /** Base64 alphabet value of a byte; -1 for anything else. */
    private static final byte[] SEXTET = new byte[256];

    /** The 12 bits of two Base64 characters ({@code c1 << 8 | c2}); -1 unless both are in the alphabet. Halves the lookups of the hot loop. */
    private static final short[] PAIR = new short[1 << 16];

    static {
        Arrays.fill(SEXTET, (byte) -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < alphabet.length(); i++) {
            SEXTET[alphabet.charAt(i)] = (byte) i;
        }
        for (int i = 0; i < PAIR.length; i++) {
            int hi = SEXTET[i >> 8];
            int lo = SEXTET[i & 0xff];
            PAIR[i] = (short) (hi < 0 || lo < 0 ? -1 : hi << 6 | lo);
        }
    }

    private enum State { OUTSIDE, DATA, TAG_IN_DATA }

    private final byte[] in = new byte[64 * 1024];
    private byte[] decoded;
    private int decodedLength;
    private byte[] envelope = new byte[1024];
    private int envelopeLength;
    private State state = State.OUTSIDE;
    private final List<PayloadData> payloads = new ArrayList<>();
    private PayloadData current;
    private int quad;
    private int sextets;
    private int padding;
    private long bodyBytes;
    private final long sizeHint;

    private AnswerDecoder(long sizeHint) {
        this.sizeHint = sizeHint;
    }

    /**
     * Reads the body to its end and decodes it.
     *
     * @param sizeHint the body's length if known (Content-Length), else -1; sizes the row stream buffer
     * @throws FrontierProtocolException when the body is not a FroNtier answer (envelope, Base64)
     * @throws IOException when reading fails (truncation, timeout)
     */
    static Answer decode(InputStream body, long sizeHint) throws IOException, FrontierProtocolException {
        AnswerDecoder d = new AnswerDecoder(sizeHint);
        try {
            return d.run(body);
        } finally {
            for (PayloadData p : d.payloads) {
                p.end();
            }
        }
    }

    private Answer run(InputStream body) throws IOException, FrontierProtocolException {
        for (int n; (n = body.read(in, 0, in.length)) >= 0; ) {
            bodyBytes += n;
            feed(n);
        }
        if (state != State.OUTSIDE) {
            throw new FrontierProtocolException("payload " + payloads.size() + " data is not closed: response truncated");
        }
        ResponseParser.Response env = ResponseParser.parse(Arrays.copyOf(envelope, envelopeLength));
        if (env.payloads().size() != payloads.size()) {
            throw new FrontierProtocolException(payloads.size() + " <data> elements but " + env.payloads().size() + " well-formed payloads");
        }
        List<Payload> out = new ArrayList<>(payloads.size());
        for (int i = 0; i < payloads.size(); i++) {
            ResponseParser.Payload e = env.payloads().get(i);
            PayloadData p = payloads.get(i);
            out.add(new Payload(e, p.rowStream(), (int) p.length, p.checkAgainst(e)));
        }
        return new Answer(env, List.copyOf(out), bodyBytes);
    }

    private void feed(int n) throws FrontierProtocolException {
        int i = 0;
        while (i < n) {
            switch (state) {
                case OUTSIDE -> {
                    // the envelope: small, copied as is
                    byte c = in[i++];
                    appendEnvelope(c);
                    if (c == '>' && envelopeEndsWith(DATA_OPEN)) {
                        startPayload();
                        state = State.DATA;
                    }
                }
                case DATA -> i = base64(i, n);
                case TAG_IN_DATA -> {
                    byte c = in[i++];
                    appendEnvelope(c);
                    if (c == '>') {
                        if (envelopeEndsWith(DATA_CLOSE)) {
                            endPayloadData();
                            state = State.OUTSIDE;
                        } else if (envelopeEndsWith(KEEPALIVE) || envelopeEndsWith(KEEPALIVE_SHORT)) {
                            if (current.decodedBytes > 0 || decodedLength > 0 || sextets > 0 || padding > 0) {
                                throw new FrontierProtocolException("payload " + payloads.size() + " has a keepalive inside its Base64 text");
                            }
                            state = State.DATA;
                        } else {
                            throw new FrontierProtocolException("payload " + payloads.size() + " data holds markup after its Base64 text");
                        }
                    }
                }
            }
        }
    }

    /** Decodes Base64 text from {@code in[i..n)} until the end of the buffer or a '<'; returns where it stopped. */
    private int base64(int i, int n) throws FrontierProtocolException {
        byte[] b = in;
        byte[] out = decoded;
        int o = decodedLength;
        while (i < n) {
            if (sextets == 0 && padding == 0) {
                // the common case: whole groups of four alphabet characters
                int last = n - 4;
                int room = out.length - 3;
                while (i <= last && o <= room) {
                    int hi = PAIR[(b[i] & 0xff) << 8 | (b[i + 1] & 0xff)];
                    int lo = PAIR[(b[i + 2] & 0xff) << 8 | (b[i + 3] & 0xff)];
                    if ((hi | lo) < 0) {
                        break;
                    }
                    int v = hi << 12 | lo;
                    out[o] = (byte) (v >> 16);
                    out[o + 1] = (byte) (v >> 8);
                    out[o + 2] = (byte) v;
                    o += 3;
                    i += 4;
                }
                if (o > room) {
                    decodedLength = o;
                    flushDecoded();
                    out = decoded;
                    o = 0;
                    continue;
                }
                if (i >= n) {
                    break;
                }
            }
            byte c = b[i++];
            int v = SEXTET[c & 0xff];
            if (v >= 0) {
                if (padding > 0) {
                    throw new FrontierProtocolException("payload " + payloads.size() + " data is not valid Base64: text after the '=' padding");
                }
                quad = quad << 6 | v;
                if (++sextets == 4) {
                    if (o > out.length - 3) {
                        decodedLength = o;
                        flushDecoded();
                        out = decoded;
                        o = 0;
                    }
                    out[o] = (byte) (quad >> 16);
                    out[o + 1] = (byte) (quad >> 8);
                    out[o + 2] = (byte) quad;
                    o += 3;
                    quad = 0;
                    sextets = 0;
                }
            } else if (c == '\n' || c == '\r' || c == ' ' || c == '\t') {
                // line breaks of the Base64 text
            } else if (c == '=') {
                if (++padding > 2 || sextets < 2) {
                    throw new FrontierProtocolException("payload " + payloads.size() + " data is not valid Base64: misplaced '=' padding");
                }
            } else if (c == '<') {
                decodedLength = o;
                appendEnvelope(c);
                state = State.TAG_IN_DATA;
                return i;
            } else {
                throw new FrontierProtocolException("payload " + payloads.size() + " data is not valid Base64: illegal character 0x"
                        + Integer.toHexString(c & 0xff));
            }
        }
        decodedLength = o;
        return i;
    }

    private void startPayload() {
        String head = new String(envelope, 0, envelopeLength, StandardCharsets.ISO_8859_1);
        int tag = head.lastIndexOf("<payload");
        String encoding = "";
        if (tag >= 0) {
            Matcher m = ENCODING.matcher(head.substring(tag, head.length() - DATA_OPEN.length));
            if (m.find()) {
                encoding = m.group(1);
            }
        }
        long expected = sizeHint > 0 ? sizeHint * 3 / 4 : 64 * 1024;
        current = new PayloadData(BlobEncoding.answerIsCompressed(encoding), expected, PayloadHasher.forSize(sizeHint));
        payloads.add(current);
        decoded = current.hasher.buffer();
        quad = 0;
        sextets = 0;
        padding = 0;
        decodedLength = 0;
    }

    private void endPayloadData() throws FrontierProtocolException {
        // a last group of 2 or 3 characters, padded or not, holds 1 or 2 bytes
        if (sextets == 1) {
            throw new FrontierProtocolException("payload " + payloads.size() + " data is not valid Base64: a single character in the last group");
        }
        if (padding > 0 && sextets + padding != 4) {
            throw new FrontierProtocolException("payload " + payloads.size() + " data is not valid Base64: wrong '=' padding");
        }
        if (decodedLength > decoded.length - 3) {
            flushDecoded();
        }
        if (sextets == 2) {
            decoded[decodedLength++] = (byte) (quad >> 4);
        } else if (sextets == 3) {
            decoded[decodedLength++] = (byte) (quad >> 10);
            decoded[decodedLength++] = (byte) (quad >> 2);
        }
        flushDecoded();
        current.endData();
        current = null;
    }

    /** Hands the decoded bytes to the hasher and the row stream, and continues in a fresh buffer. */
    private void flushDecoded() {
        if (decodedLength > 0) {
            current.hasher.hash(decoded, decodedLength);
            current.accept(decoded, decodedLength);
            decodedLength = 0;
            current.hasher = current.hasher.grown(current.decodedBytes);
            decoded = current.hasher.buffer();
        }
    }

    private void appendEnvelope(byte c) throws FrontierProtocolException {
        if (envelopeLength == envelope.length) {
            if (envelopeLength >= MAX_ENVELOPE_BYTES) {
                throw new FrontierProtocolException("the XML around the data is larger than " + MAX_ENVELOPE_BYTES + " bytes: not a FroNtier answer");
            }
            envelope = Arrays.copyOf(envelope, envelope.length * 2);
        }
        envelope[envelopeLength++] = c;
    }

    private boolean envelopeEndsWith(byte[] suffix) {
        int at = envelopeLength - suffix.length;
        if (at < 0) {
            return false;
        }
        for (int j = 0; j < suffix.length; j++) {
            if (envelope[at + j] != suffix[j]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * The decoded bytes of one payload: hashed (by the hasher), and the row stream (inflated when
     * zipped) collected in blocks that grow geometrically, so an answer of unknown length is
     * copied once at the end instead of at every doubling.
     */
    private static final class PayloadData {
        private static final int MIN_BLOCK = 64 * 1024;
        private static final int MAX_BLOCK = 16 << 20;

        private PayloadHasher hasher;
        private final Inflater inflater;
        private final List<byte[]> fullBlocks = new ArrayList<>();
        private byte[] block;
        private int blockLength;
        private long length;
        private long decodedBytes;
        private String error;
        private byte[] rowStream;

        PayloadData(boolean zipped, long expectedDecoded, PayloadHasher hasher) {
            this.hasher = hasher;
            inflater = zipped ? new Inflater() : null;
            long guess = zipped ? expectedDecoded * 4 : expectedDecoded;
            block = new byte[(int) Math.max(1024, Math.min(guess, MAX_BLOCK))];
        }

        /** Room in the current block; a new, larger block when it is full. */
        private int room() {
            if (blockLength == block.length) {
                if (length + MIN_BLOCK > Integer.MAX_VALUE - 16) {
                    throw new IllegalStateException("row stream larger than 2 GB");
                }
                fullBlocks.add(block);
                block = new byte[(int) Math.min(MAX_BLOCK, Math.max(MIN_BLOCK, length))];
                blockLength = 0;
            }
            return block.length - blockLength;
        }

        /** The row stream part of {@code b[0..n)} (the hasher has it already). */
        void accept(byte[] b, int n) {
            decodedBytes += n;
            if (error != null) {
                return; // keep reading the answer (and hashing it), but the data is already known to be bad
            }
            if (inflater == null) {
                for (int at = 0; at < n; ) {
                    int k = Math.min(n - at, room());
                    System.arraycopy(b, at, block, blockLength, k);
                    blockLength += k;
                    length += k;
                    at += k;
                }
                return;
            }
            if (inflater.finished()) {
                error = "compressed payload continues after the end of its zlib stream";
                return;
            }
            inflater.setInput(b, 0, n);
            try {
                while (true) {
                    int free = room(); // may start a new block: before reading block and blockLength
                    int got = inflater.inflate(block, blockLength, free);
                    blockLength += got;
                    length += got;
                    if (inflater.finished()) {
                        if (inflater.getRemaining() > 0) {
                            error = "compressed payload continues after the end of its zlib stream";
                        }
                        return;
                    }
                    if (got == 0) {
                        if (inflater.needsDictionary()) {
                            error = "compressed payload needs a preset dictionary";
                            return;
                        }
                        if (inflater.needsInput()) {
                            return;
                        }
                    }
                }
            } catch (DataFormatException e) {
                error = "compressed payload is not a valid zlib stream: " + e.getMessage();
            }
        }

        /** The row stream in one array (the only block, or the blocks copied once into an array of the exact length). */
        byte[] rowStream() {
            if (rowStream == null) {
                if (fullBlocks.isEmpty()) {
                    rowStream = block;
                } else {
                    rowStream = new byte[(int) length];
                    int at = 0;
                    for (byte[] b : fullBlocks) {
                        System.arraycopy(b, 0, rowStream, at, b.length);
                        at += b.length;
                    }
                    System.arraycopy(block, 0, rowStream, at, blockLength);
                    fullBlocks.clear();
                    block = rowStream;
                    blockLength = (int) length;
                }
            }
            return rowStream;
        }

        void endData() {
            if (error == null && inflater != null && !inflater.finished()) {
                error = "compressed payload is truncated (no end of stream)";
            }
        }

        /** The first problem of the data against the envelope's quality attributes, or null. */
        String checkAgainst(ResponseParser.Payload e) {
            String expected = e.quality().get("md5");
            if (expected != null) {
                String actual = hasher.hexDigest();
                if (!expected.equals(actual)) {
                    return "md5 mismatch: the response says " + expected + " but the data hashes to " + actual;
                }
            }
            if (error != null) {
                return error;
            }
            long full = e.fullSize();
            if (full >= 0 && length != full) {
                return "full_size is " + full + " but the row stream has " + length + " bytes";
            }
            return null;
        }

        void end() {
            hasher.release();
            if (inflater != null) {
                inflater.end();
            }
        }
    }
}
