package org.gridstack.bench.frontier;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.AnswerDecoder;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.RowStreamReader;

/**
 * One zip level's answer, checked completely once: decoded and checked by the protocol module's
 * {@link AnswerDecoder} as every answer is ({@link AnswerVerifier#checkedPayload}: md5, zlib,
 * full_size, records counted by walking the fields), its encoding the one asked for, and value by
 * value against what plain JDBC returns for the query. Later answers are compared with it. Immutable.
 */
final class ReferenceAnswer {
    private final int zipLevel;
    private final byte[] body;
    private final byte[] rowStream;
    private final long records;

    private ReferenceAnswer(int zipLevel, byte[] body, byte[] rowStream, long records) {
        this.zipLevel = zipLevel;
        this.body = body;
        this.rowStream = rowStream;
        this.records = records;
    }

    static ReferenceAnswer establish(int zipLevel, String encoding, byte[] body, ExpectedRows expected) throws AnswerMismatchException {
        Objects.requireNonNull(encoding, "encoding is null");
        Objects.requireNonNull(body, "body is null");
        Objects.requireNonNull(expected, "expected is null");
        try (AnswerDecoder decoder = new AnswerDecoder(AnswerVerifier.DECODER_SETTINGS)) {
            DecodedPayload p = AnswerVerifier.checkedPayload(decoder, body, body.length);
            if (!encoding.equals(p.encoding())) {
                throw new AnswerMismatchException("the payload's encoding is '" + p.encoding() + "' but '" + encoding + "' was asked for");
            }
            byte[] rowStream = Arrays.copyOf(p.rowStreamBuffer(), p.rowStreamLength());
            checkAgainstJdbc(rowStream, expected);
            if (zipLevel > 0 && (rowStream.length == 0 || p.decodedBytes() >= rowStream.length && rowStream.length > 1024)) {
                throw new AnswerMismatchException("zip level " + zipLevel + " answer is not compressed (" + p.decodedBytes() + " bytes for "
                        + rowStream.length + " bytes of row stream)");
            }
            return new ReferenceAnswer(zipLevel, body.clone(), rowStream, p.records());
        }
    }

    /** Every servlet value must equal the JDBC value (same order, or same multiset when the query has no ORDER BY). */
    private static void checkAgainstJdbc(byte[] rowStream, ExpectedRows expected) throws AnswerMismatchException {
        RowStreamReader.Decoded decoded;
        try {
            decoded = RowStreamReader.decode(rowStream);
        } catch (FrontierProtocolException e) {
            throw new AnswerMismatchException("the row stream does not decode: " + e.getMessage());
        }
        if (decoded.rows().size() != expected.rowCount()) {
            throw new AnswerMismatchException("the servlet returns " + decoded.rows().size() + " rows, JDBC " + expected.rowCount());
        }
        if (decoded.columnNames().size() != expected.columns()) {
            throw new AnswerMismatchException("the servlet returns " + decoded.columnNames().size() + " columns, JDBC " + expected.columns());
        }
        List<String> servlet = new ArrayList<>(decoded.rows().size());
        List<String> jdbc = new ArrayList<>(decoded.rows().size());
        for (int r = 0; r < decoded.rows().size(); r++) {
            servlet.add(key(decoded.rows().get(r)));
            jdbc.add(jdbcKey(expected.rows().get(r)));
        }
        if (!servlet.equals(jdbc)) {
            servlet.sort(null);
            jdbc.sort(null);
            if (!servlet.equals(jdbc)) {
                for (int i = 0; i < servlet.size(); i++) {
                    if (!servlet.get(i).equals(jdbc.get(i))) {
                        throw new AnswerMismatchException("the servlet's rows differ from JDBC's; first difference (sorted): servlet '"
                                + servlet.get(i) + "' vs JDBC '" + jdbc.get(i) + "'");
                    }
                }
            }
        }
    }

    // Rows compared as Latin-1 text of their wire bytes; NULL and field separators cannot occur in values as \u0001/\u0000.
    private static String key(List<RowStreamReader.Field> row) {
        StringBuilder b = new StringBuilder();
        for (RowStreamReader.Field f : row) {
            b.append(f.isNull() ? "\u0001" : new String(f.bytes(), StandardCharsets.ISO_8859_1)).append('\u0000');
        }
        return b.toString();
    }

    // The servlet sends, like servlet 3.42, the low 8 bits of each UTF-16 unit (equal to UTF-8 for ASCII).
    private static String jdbcKey(List<String> row) {
        StringBuilder b = new StringBuilder();
        for (String v : row) {
            if (v == null) {
                b.append('\u0001');
            } else {
                for (int i = 0; i < v.length(); i++) {
                    b.append((char) (v.charAt(i) & 0xff));
                }
            }
            b.append('\u0000');
        }
        return b.toString();
    }

    int zipLevel() {
        return zipLevel;
    }

    byte[] body() {
        return body;
    }

    byte[] rowStream() {
        return rowStream;
    }

    long records() {
        return records;
    }

    long fullSize() {
        return rowStream.length;
    }
}
