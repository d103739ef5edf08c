package org.gridstack.frontier.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The {@code p1} parameter: SQL text (one trailing newline dropped), zlib-compressed, Base64-encoded
 * and made URL-safe by {@code + -> .}, {@code / -> -}, {@code = -> _}. Thread-safe (stateless).
 * Decoding is bounded per payload ({@link #MAX_SQL_BYTES}) and, with a {@link SqlBudget}, per request.
 */
public final class P1Codec {
    /** Largest SQL text accepted, as in the C client (1 MiB). */
    public static final int MAX_SQL_BYTES = 1 << 20;
    /** Largest encoded parameter accepted before decoding anything. */
    public static final int MAX_ENCODED_CHARS = 2 * MAX_SQL_BYTES;

    private P1Codec() {
    }

    /** Encodes SQL the way the C client does (zlib level 9). */
    public static String encode(String sql) {
        if (sql.endsWith("\n")) {
            sql = sql.substring(0, sql.length() - 1);
        }
        byte[] in = sql.getBytes(StandardCharsets.UTF_8);
        if (in.length > MAX_SQL_BYTES) {
            throw new IllegalArgumentException("SQL text is " + in.length + " bytes; the limit is " + MAX_SQL_BYTES);
        }
        Deflater deflater = new Deflater(9);
        try {
            deflater.setInput(in);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(in.length / 2 + 64);
            byte[] buf = new byte[8192];
            while (!deflater.finished()) {
                int n = deflater.deflate(buf);
                out.write(buf, 0, n);
            }
            return toUrlSafe(Base64.getEncoder().encodeToString(out.toByteArray()));
        } finally {
            deflater.end();
        }
    }

    /** Decodes a {@code p1} value to SQL text; every failure names what was wrong. */
    public static String decode(String p1) throws FrontierProtocolException {
        return decode(p1, SqlBudget.unlimited(), 1);
    }

    /**
     * Decodes a {@code p1} value to SQL text, charging the inflated bytes to the request's
     * {@code budget} as they come out of the inflater: inflating stops at the first block that
     * would pass the per-payload limit (a {@link FrontierProtocolException} for this payload) or the
     * request's budget (a {@link SqlBudgetExceededException} for the whole request), so neither
     * costs more than one block (8 KiB) beyond its limit.
     *
     * @param budget the SQL the request may still inflate; charged even when this payload then
     *        fails for another reason (the work was done)
     * @param payload the 1-based position of this {@code p1}'s payload in the request, named in
     *        the error when it runs the budget out
     */
    public static String decode(String p1, SqlBudget budget, int payload) throws FrontierProtocolException {
        Objects.requireNonNull(p1, "p1 is null");
        Objects.requireNonNull(budget, "budget is null");
        if (p1.isEmpty()) {
            throw new FrontierProtocolException("p1 is empty: it must hold the zlib-compressed, URL-safe Base64 SQL text");
        }
        if (p1.length() > MAX_ENCODED_CHARS) {
            throw new FrontierProtocolException("p1 is " + p1.length() + " characters long; the limit is " + MAX_ENCODED_CHARS);
        }
        byte[] compressed;
        try {
            compressed = Base64.getDecoder().decode(fromUrlSafe(p1));
        } catch (IllegalArgumentException e) {
            throw new FrontierProtocolException("p1 is not valid URL-safe Base64: " + e.getMessage());
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed);
            ByteArrayOutputStream out = new ByteArrayOutputStream(compressed.length * 4);
            byte[] buf = new byte[8192];
            while (!inflater.finished()) {
                int n = inflater.inflate(buf);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new FrontierProtocolException("p1 holds a truncated zlib stream");
                }
                if (out.size() + n > MAX_SQL_BYTES) {
                    throw new FrontierProtocolException("p1 decompresses to more than " + MAX_SQL_BYTES + " bytes of SQL");
                }
                budget.charge(n, payload);
                out.write(buf, 0, n);
            }
            if (inflater.getRemaining() > 0) {
                throw new FrontierProtocolException("p1 has " + inflater.getRemaining() + " bytes after the end of its zlib stream");
            }
            byte[] sql = out.toByteArray();
            var decoder = StandardCharsets.UTF_8.newDecoder();
            try {
                return decoder.decode(ByteBuffer.wrap(sql)).toString();
            } catch (CharacterCodingException e) {
                throw new FrontierProtocolException("p1 SQL text is not valid UTF-8");
            }
        } catch (DataFormatException e) {
            throw new FrontierProtocolException("p1 is not a valid zlib stream: " + e.getMessage());
        } finally {
            inflater.end();
        }
    }

    static String toUrlSafe(String base64) {
        return base64.replace('+', '.').replace('/', '-').replace('=', '_');
    }

    static String fromUrlSafe(String p1) {
        return p1.replace('.', '+').replace('-', '/').replace('_', '=');
    }
}
