package org.gridstack.frontier.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.gridstack.frontier.protocol.zlib.Libdeflate;

/**
 * The FroNtier answer decoder: reads a response body in one pass, from an {@link InputStream}
 * while it arrives or from an array, and for each payload decodes the Base64 text, hashes the
 * decoded bytes with MD5 (on a second thread for large payloads, see
 * {@link AnswerDecoderSettings}), inflates {@code BLOBzipN} data and checks md5 and
 * {@code full_size} against {@code <quality>}. Neither the body nor the Base64 text is held; the
 * small XML around the data (keepalives included) is collected on the way and read at the end
 * ({@link AnswerEnvelope}). Broken structure (not an answer, bad Base64, truncation) is thrown;
 * broken data is reported per payload ({@link DecodedPayload#dataError()}), so that a client can
 * check in the C client's order. Counting records is the row stream's business
 * ({@link RowStreamReader#countRecords}).
 *
 * <p>Inflating: by default with {@link Inflater} as the data arrives. Given a {@link Libdeflate}, a
 * zipped payload's compressed bytes are collected instead and inflated in one libdeflate call at
 * the payload's end (about twice zlib's speed); the outcome, errors included, is the same.
 *
 * <p>Buffers (row streams, the envelope, the inflater, the digest) are kept from answer to answer,
 * so a load driver with one decoder per thread allocates almost nothing per answer; the row
 * streams of an answer are therefore valid until the same decoder decodes the next one.
 * Not thread-safe: one instance per thread. {@link #close()} frees the inflater's native memory.
 */
public final class AnswerDecoder implements AutoCloseable {
    private static final byte[] DATA_OPEN = ascii("<data>");
    private static final byte[] DATA_CLOSE = ascii("</data>");
    private static final byte[] KEEPALIVE = ascii("<keepalive />");
    private static final byte[] KEEPALIVE_SHORT = ascii("<keepalive/>");
    private static final byte[] PAYLOAD_OPEN = ascii("<payload");
    private static final byte[] ENCODING = ascii("encoding=\"");
    private static final int READ_BUFFER_BYTES = 64 * 1024;
    private static final int MIN_ROW_STREAM_BYTES = 64 * 1024;
    private static final int MAX_FIRST_ROW_STREAM_BYTES = 16 << 20;
    private static final long MAX_ROW_STREAM_BYTES = Integer.MAX_VALUE - 16;

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

    private final AnswerDecoderSettings settings;
    private final Libdeflate libdeflate; // null: java.util.zip, streaming
    private LibdeflateInflate wholeInflate; // created on the first zipped payload, with libdeflate
    private final PayloadHasher.Inline inlineHasher;
    private final List<Slot> slots = new ArrayList<>();
    private byte[] readBuffer;
    private byte[] envelope = new byte[1024];
    private int envelopeLength;
    private Inflater inflater;
    private State state;
    private int payloadCount;
    private Slot current;
    private long sizeHint;
    private long bodyBytes;
    // Base64 state: the bits of an incomplete group, how many characters it has, '=' seen
    private int quad;
    private int sextets;
    private int padding;
    // where decoded bytes go: out[outStart, outLimit), filled up to o
    private byte[] out;
    private int outStart;
    private int outLimit;
    private int o;

    /** A decoder with {@link AnswerDecoderSettings#defaults()}. */
    public AnswerDecoder() {
        this(AnswerDecoderSettings.defaults());
    }

    public AnswerDecoder(AnswerDecoderSettings settings) {
        this(settings, null);
    }

    /**
     * @param libdeflate inflates zipped payloads whole, in one call each; {@code null}: java.util.zip
     *                   as the data arrives
     */
    public AnswerDecoder(AnswerDecoderSettings settings, Libdeflate libdeflate) {
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.libdeflate = libdeflate;
        this.inlineHasher = new PayloadHasher.Inline(settings.md5OnSecondThreadFromBytes());
    }

    /**
     * A whole body decoded by a fresh decoder, with every payload's data checked: the easy form
     * for tests and one-off reads. The row streams belong to the caller.
     *
     * @throws FrontierProtocolException when the body is not an answer, carries a global error or
     *     a payload's data is broken
     */
    public static DecodedAnswer decodeIntact(byte[] body) throws FrontierProtocolException {
        try (AnswerDecoder d = new AnswerDecoder()) {
            return d.decode(body, 0, body.length).requireIntact();
        }
    }

    /**
     * Reads the body to its end and decodes it.
     *
     * @param sizeHint the body's length if known (Content-Length), else -1; sizes the row stream
     *     buffers and decides early whether MD5 runs on a second thread
     * @throws FrontierProtocolException when the body is not a FroNtier answer (envelope, Base64)
     * @throws IOException when reading fails (truncation, timeout)
     */
    public DecodedAnswer decode(InputStream body, long sizeHint) throws IOException, FrontierProtocolException {
        Objects.requireNonNull(body, "body is null");
        if (readBuffer == null) {
            readBuffer = new byte[READ_BUFFER_BYTES];
        }
        start(sizeHint);
        try {
            for (int n; (n = body.read(readBuffer, 0, readBuffer.length)) >= 0; ) {
                bodyBytes += n;
                feed(readBuffer, 0, n);
            }
            return finish();
        } finally {
            releaseHashers();
        }
    }

    /** Decodes the body {@code body[offset, offset + length)}. */
    public DecodedAnswer decode(byte[] body, int offset, int length) throws FrontierProtocolException {
        Objects.checkFromIndexSize(offset, length, Objects.requireNonNull(body, "body is null").length);
        start(length);
        try {
            bodyBytes = length;
            feed(body, offset, offset + length);
            return finish();
        } finally {
            releaseHashers();
        }
    }

    private void start(long hint) {
        sizeHint = hint;
        bodyBytes = 0;
        envelopeLength = 0;
        payloadCount = 0;
        current = null;
        state = State.OUTSIDE;
    }

    private DecodedAnswer finish() throws FrontierProtocolException {
        if (state != State.OUTSIDE) {
            throw new FrontierProtocolException("payload " + payloadCount + " data is not closed: response truncated");
        }
        AnswerEnvelope env = AnswerEnvelope.parse(envelope, envelopeLength);
        if (env.payloads().size() != payloadCount) {
            throw new FrontierProtocolException(payloadCount + " <data> elements but " + env.payloads().size() + " well-formed payloads");
        }
        List<DecodedPayload> payloads = new ArrayList<>(payloadCount);
        for (int i = 0; i < payloadCount; i++) {
            AnswerEnvelope.Payload e = env.payloads().get(i);
            Slot s = slots.get(i);
            byte[] kept = null;
            if (settings.keepDecodedData()) {
                kept = s.zipped ? Arrays.copyOf(s.decoded, s.decodedLength) : Arrays.copyOf(s.rows, s.rowsLength);
            }
            payloads.add(new DecodedPayload(e.attribute("type"), e.attribute("version"), e.attribute("encoding"), e.quality(),
                    e.keepalives(), s.rows, s.rowsLength, s.decodedBytes, kept, s.checkAgainst(e.quality())));
        }
        return new DecodedAnswer(env.serverVersion(), env.declaredPayloads(), env.globalError(), payloads, bodyBytes);
    }

    private void releaseHashers() {
        for (int i = 0; i < payloadCount; i++) {
            Slot s = slots.get(i);
            if (s.hasher != null) {
                s.hasher.release();
                s.hasher = null;
            }
        }
    }

    private void feed(byte[] b, int from, int to) throws FrontierProtocolException {
        int i = from;
        while (i < to) {
            switch (state) {
                case OUTSIDE -> {
                    // the envelope: small, copied as is
                    byte c = b[i++];
                    appendEnvelope(c);
                    if (c == '>' && envelopeEndsWith(DATA_OPEN)) {
                        startPayload();
                        state = State.DATA;
                    }
                }
                case DATA -> i = base64(b, i, to);
                case TAG_IN_DATA -> {
                    byte c = b[i++];
                    appendEnvelope(c);
                    if (c == '>') {
                        if (envelopeEndsWith(DATA_CLOSE)) {
                            endPayloadData();
                            state = State.OUTSIDE;
                        } else if (envelopeEndsWith(KEEPALIVE) || envelopeEndsWith(KEEPALIVE_SHORT)) {
                            if (current.decodedBytes > 0 || o > outStart || sextets > 0 || padding > 0) {
                                throw new FrontierProtocolException("payload " + payloadCount + " has a keepalive inside its Base64 text");
                            }
                            state = State.DATA;
                        } else {
                            throw new FrontierProtocolException("payload " + payloadCount + " data holds markup after its Base64 text");
                        }
                    }
                }
            }
        }
    }

    /** Decodes Base64 text from {@code b[i..n)} until its end or a '<'; returns where it stopped. */
    private int base64(byte[] b, int i, int n) throws FrontierProtocolException {
        byte[] target = out;
        int at = o;
        while (i < n) {
            if (sextets == 0 && padding == 0) {
                // the common case: whole groups of four alphabet characters
                int last = n - 4;
                int room = outLimit - 3;
                while (i <= last && at <= room) {
                    int hi = PAIR[(b[i] & 0xff) << 8 | (b[i + 1] & 0xff)];
                    int lo = PAIR[(b[i + 2] & 0xff) << 8 | (b[i + 3] & 0xff)];
                    if ((hi | lo) < 0) {
                        break;
                    }
                    int v = hi << 12 | lo;
                    target[at] = (byte) (v >> 16);
                    target[at + 1] = (byte) (v >> 8);
                    target[at + 2] = (byte) v;
                    at += 3;
                    i += 4;
                }
                if (at > room) {
                    o = at;
                    flush();
                    target = out;
                    at = o;
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
                    throw new FrontierProtocolException("payload " + payloadCount + " data is not valid Base64: text after the '=' padding");
                }
                quad = quad << 6 | v;
                if (++sextets == 4) {
                    if (at > outLimit - 3) {
                        o = at;
                        flush();
                        target = out;
                        at = o;
                    }
                    target[at] = (byte) (quad >> 16);
                    target[at + 1] = (byte) (quad >> 8);
                    target[at + 2] = (byte) quad;
                    at += 3;
                    quad = 0;
                    sextets = 0;
                }
            } else if (c == '\n' || c == '\r' || c == ' ' || c == '\t') {
                // line breaks of the Base64 text
            } else if (c == '=') {
                if (++padding > 2 || sextets < 2) {
                    throw new FrontierProtocolException("payload " + payloadCount + " data is not valid Base64: misplaced '=' padding");
                }
            } else if (c == '<') {
                o = at;
                appendEnvelope(c);
                state = State.TAG_IN_DATA;
                return i;
            } else {
                throw new FrontierProtocolException("payload " + payloadCount + " data is not valid Base64: illegal character 0x"
                        + Integer.toHexString(c & 0xff));
            }
        }
        o = at;
        return i;
    }

    private void startPayload() {
        String encoding = lastPayloadEncoding();
        if (payloadCount == slots.size()) {
            slots.add(new Slot());
        }
        current = slots.get(payloadCount++);
        boolean zipped = BlobEncoding.answerIsCompressed(encoding);
        // a first guess at the row stream's size from the body's: Base64 is 4/3, zlib ~1/4 at most
        long decodedGuess = sizeHint > 0 ? sizeHint * 3 / 4 + 16 : MIN_ROW_STREAM_BYTES;
        long rowsGuess = Math.min(MAX_FIRST_ROW_STREAM_BYTES, zipped ? decodedGuess * 4 : decodedGuess);
        PayloadHasher hasher = sizeHint >= settings.md5OnSecondThreadFromBytes()
                ? new PayloadHasher.Async(PayloadHasher.md5()) : inlineHasher.restart();
        current.start(zipped, (int) Math.max(MIN_ROW_STREAM_BYTES, rowsGuess), hasher);
        if (zipped && libdeflate != null) {
            current.collectCompressed = true;
        } else if (zipped) {
            if (inflater == null) {
                inflater = new Inflater();
            } else {
                inflater.reset();
            }
        }
        quad = 0;
        sextets = 0;
        padding = 0;
        if (zipped) {
            out = hasher.stagingBuffer();
            outStart = 0;
            outLimit = out.length;
        } else {
            // uncompressed: decoded straight into the row stream, hashed region by region
            out = current.rows;
            outStart = 0;
            outLimit = Math.min(out.length, PayloadHasher.CHUNK_BYTES);
        }
        o = outStart;
    }

    /** The {@code encoding} attribute of the {@code <payload>} element just collected, or "". */
    private String lastPayloadEncoding() {
        int end = envelopeLength - DATA_OPEN.length;
        int tag = lastIndexOf(PAYLOAD_OPEN, end);
        if (tag < 0) {
            return "";
        }
        int attr = indexOf(ENCODING, tag, end);
        if (attr < 0) {
            return "";
        }
        int from = attr + ENCODING.length;
        int to = from;
        while (to < end && envelope[to] != '"') {
            to++;
        }
        return new String(envelope, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private void endPayloadData() throws FrontierProtocolException {
        // a last group of 2 or 3 characters, padded or not, holds 1 or 2 bytes
        if (sextets == 1) {
            throw new FrontierProtocolException("payload " + payloadCount + " data is not valid Base64: a single character in the last group");
        }
        if (padding > 0 && sextets + padding != 4) {
            throw new FrontierProtocolException("payload " + payloadCount + " data is not valid Base64: wrong '=' padding");
        }
        if (o > outLimit - 3) {
            flush();
        }
        if (sextets == 2) {
            out[o++] = (byte) (quad >> 4);
        } else if (sextets == 3) {
            out[o++] = (byte) (quad >> 10);
            out[o++] = (byte) (quad >> 2);
        }
        flush();
        if (current.collectCompressed) {
            inflateWhole(current);
        } else if (current.zipped && current.error == null && !inflater.finished()) {
            current.error = "compressed payload is truncated (no end of stream)";
        }
        current.digest = current.hasher.hexDigest();
        current.hasher = null;
        current = null;
    }

    /**
     * The decoded bytes {@code out[outStart, o)} are complete: hashes them and passes them on (an
     * uncompressed payload has them in its row stream already), then makes room for more.
     */
    private void flush() throws FrontierProtocolException {
        Slot s = current;
        int n = o - outStart;
        if (!s.zipped) {
            if (n > 0) {
                s.hasher.hash(out, outStart, n, false);
                s.decodedBytes += n;
                s.rowsLength = o;
                s.hasher = s.hasher.grown(s.decodedBytes);
            }
            if (out.length - o < 3) {
                s.growRows(o);
                out = s.rows;
            }
            outStart = o;
            outLimit = Math.min(out.length, o + PayloadHasher.CHUNK_BYTES);
            return;
        }
        if (n > 0) {
            s.hasher.hash(out, 0, n, true);
            s.decodedBytes += n;
            if (settings.keepDecodedData() || s.collectCompressed) {
                s.keepDecoded(out, n);
            }
            if (!s.collectCompressed) {
                inflate(s, out, n);
            }
            s.hasher = s.hasher.grown(s.decodedBytes);
            out = s.hasher.stagingBuffer();
        }
        outStart = 0;
        o = 0;
        outLimit = out.length;
    }

    /**
     * Inflates a payload's collected compressed bytes with libdeflate in one call. A stream
     * libdeflate refuses is inflated again by java.util.zip, which names what is wrong with it in
     * the same words as the streaming path.
     */
    private void inflateWhole(Slot s) throws FrontierProtocolException {
        if (wholeInflate == null) {
            wholeInflate = new LibdeflateInflate(libdeflate);
        }
        long guess = Math.max(s.rows.length, 4L * s.decodedLength);
        long n = wholeInflate.inflate(s.decoded, s.decodedLength, guess, MAX_ROW_STREAM_BYTES);
        if (n >= 0) {
            s.ensureRows(n);
            wholeInflate.copyOut(s.rows, (int) n);
            s.rowsLength = (int) n;
        } else if (n == LibdeflateInflate.TRAILING_DATA) {
            s.error = "compressed payload continues after the end of its zlib stream";
        } else if (n == LibdeflateInflate.TOO_LARGE) {
            throw new FrontierProtocolException("row stream larger than " + MAX_ROW_STREAM_BYTES + " bytes");
        } else {
            // not a zlib stream libdeflate accepts: let zlib say why, as the streaming path would
            if (inflater == null) {
                inflater = new Inflater();
            } else {
                inflater.reset();
            }
            inflate(s, s.decoded, s.decodedLength);
            if (s.error == null && !inflater.finished()) {
                s.error = "compressed payload is truncated (no end of stream)";
            }
            if (s.error == null) {
                s.error = "compressed payload is not a valid zlib stream (refused by libdeflate)";
            }
        }
    }

    /** Inflates {@code b[0, n)} onto the payload's row stream; a problem is noted on the payload (the rest is still read and hashed). */
    private void inflate(Slot s, byte[] b, int n) throws FrontierProtocolException {
        if (s.error != null) {
            return;
        }
        if (inflater.finished()) {
            s.error = "compressed payload continues after the end of its zlib stream";
            return;
        }
        inflater.setInput(b, 0, n);
        try {
            while (true) {
                if (s.rowsLength == s.rows.length) {
                    s.growRows(s.rowsLength);
                }
                int got = inflater.inflate(s.rows, s.rowsLength, s.rows.length - s.rowsLength);
                s.rowsLength += got;
                if (inflater.finished()) {
                    if (inflater.getRemaining() > 0) {
                        s.error = "compressed payload continues after the end of its zlib stream";
                    }
                    return;
                }
                if (got == 0) {
                    if (inflater.needsDictionary()) {
                        s.error = "compressed payload needs a preset dictionary";
                        return;
                    }
                    if (inflater.needsInput()) {
                        return;
                    }
                }
            }
        } catch (DataFormatException e) {
            s.error = "compressed payload is not a valid zlib stream: " + e.getMessage();
        }
    }

    private void appendEnvelope(byte c) throws FrontierProtocolException {
        if (envelopeLength == envelope.length) {
            if (envelopeLength >= settings.maxEnvelopeBytes()) {
                throw new FrontierProtocolException("the XML around the data is larger than " + settings.maxEnvelopeBytes()
                        + " bytes: not a FroNtier answer");
            }
            envelope = Arrays.copyOf(envelope, Math.min(settings.maxEnvelopeBytes(), envelope.length * 2));
        }
        envelope[envelopeLength++] = c;
    }

    private boolean envelopeEndsWith(byte[] suffix) {
        int at = envelopeLength - suffix.length;
        return at >= 0 && Arrays.equals(envelope, at, envelopeLength, suffix, 0, suffix.length);
    }

    private int lastIndexOf(byte[] what, int end) {
        for (int i = end - what.length; i >= 0; i--) {
            if (Arrays.equals(envelope, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        return -1;
    }

    private int indexOf(byte[] what, int from, int end) {
        for (int i = from; i + what.length <= end; i++) {
            if (Arrays.equals(envelope, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Frees the inflater; the decoder must not be used afterwards. */
    @Override
    public void close() {
        releaseHashers();
        if (wholeInflate != null) {
            wholeInflate.close();
            wholeInflate = null;
        }
        if (inflater != null) {
            inflater.end();
            inflater = null;
        }
    }

    /**
     * What one payload position of the answer decoded to; kept with its arrays for the next
     * answer's payload at the same position.
     */
    private static final class Slot {
        private static final byte[] NONE = new byte[0];

        private boolean zipped;
        private boolean collectCompressed; // zipped, inflated whole by libdeflate at the end
        private byte[] rows = NONE;
        private int rowsLength;
        private byte[] decoded = NONE;
        private int decodedLength;
        private long decodedBytes;
        private PayloadHasher hasher;
        private String digest;
        private String error;

        void start(boolean zipped, int rowsCapacity, PayloadHasher hasher) {
            this.zipped = zipped;
            this.collectCompressed = false;
            this.hasher = hasher;
            rowsLength = 0;
            decodedLength = 0;
            decodedBytes = 0;
            digest = null;
            error = null;
            if (rows.length < rowsCapacity) {
                rows = new byte[rowsCapacity];
            }
        }

        /** A larger row stream array holding the first {@code keep} bytes (the old array stays as it is: the MD5 thread may still read it). */
        void growRows(int keep) throws FrontierProtocolException {
            if (rows.length >= MAX_ROW_STREAM_BYTES) {
                throw new FrontierProtocolException("row stream larger than " + MAX_ROW_STREAM_BYTES + " bytes");
            }
            byte[] bigger = new byte[(int) Math.min(MAX_ROW_STREAM_BYTES, Math.max(MIN_ROW_STREAM_BYTES, 2L * rows.length))];
            System.arraycopy(rows, 0, bigger, 0, keep);
            rows = bigger;
        }

        /** Room for a row stream of {@code n} bytes, written from the start (nothing is kept). */
        void ensureRows(long n) {
            if (rows.length < n) {
                rows = new byte[(int) Math.min(MAX_ROW_STREAM_BYTES, Math.max(n, Math.min(MAX_ROW_STREAM_BYTES, 2L * rows.length)))];
            }
        }

        void keepDecoded(byte[] b, int n) {
            if (decoded.length - decodedLength < n) {
                decoded = Arrays.copyOf(decoded, Math.max(decodedLength + n, 2 * decoded.length));
            }
            System.arraycopy(b, 0, decoded, decodedLength, n);
            decodedLength += n;
        }

        /** The first problem of the data against the quality attributes (md5, zlib, full_size), or null. */
        String checkAgainst(Map<String, String> quality) {
            String expected = quality.get("md5");
            if (expected != null && !expected.equals(digest)) {
                return "md5 mismatch: the response says " + expected + " but the data hashes to " + digest;
            }
            if (error != null) {
                return error;
            }
            String full = quality.get("full_size");
            if (full != null) {
                try {
                    long fullSize = Long.parseLong(full);
                    if (fullSize >= 0 && rowsLength != fullSize) {
                        return "full_size is " + fullSize + " but the row stream has " + rowsLength + " bytes";
                    }
                } catch (NumberFormatException e) {
                    return "full_size '" + full + "' is not a number";
                }
            }
            return null;
        }
    }
}
