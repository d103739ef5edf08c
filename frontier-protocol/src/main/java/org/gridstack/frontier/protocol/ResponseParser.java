package org.gridstack.frontier.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Parses a FroNtier response body (the XML envelope) into its payloads, checking what a careful
 * client checks: well-formed Base64, the md5 of the Base64-decoded bytes, the zlib stream and the
 * {@code full_size}. Keepalive elements are skipped. Thread-safe (stateless).
 */
public final class ResponseParser {
    private static final Pattern FRONTIER = Pattern.compile("<frontier\\s+version=\"([^\"]*)\"\\s+xmlversion=\"([^\"]*)\"\\s*>");
    private static final Pattern ATTRIBUTE = Pattern.compile("(\\w+)=\"([^\"]*)\"");
    private static final Pattern GLOBAL_ERROR = Pattern.compile("<global_error\\s+msg=\"([^\"]*)\"\\s*/>");
    private static final Pattern TRANSACTION = Pattern.compile("<transaction\\s+payloads=\"(\\d+)\"\\s*>");
    private static final String KEEPALIVE = "<keepalive />";

    /** One payload of a response. */
    public record Payload(String type, String version, String encoding, byte[] data, Map<String, String> quality,
                          int keepalives) {
        public int error() {
            return Integer.parseInt(quality.getOrDefault("error", "0"));
        }

        public String message() {
            return quality.get("message");
        }

        public long records() {
            return Long.parseLong(quality.getOrDefault("records", "-1"));
        }

        public long fullSize() {
            return Long.parseLong(quality.getOrDefault("full_size", "-1"));
        }

        public long maxAge() {
            return Long.parseLong(quality.getOrDefault("max_age", "0"));
        }

        /** The uncompressed row stream, after checking md5 and full_size. */
        public byte[] rowStream() throws FrontierProtocolException {
            String md5 = quality.get("md5");
            if (md5 != null && !md5.equals(md5Hex(data))) {
                throw new FrontierProtocolException("md5 mismatch: the response says " + md5 + " but the data hashes to " + md5Hex(data));
            }
            byte[] stream = BlobEncoding.answerIsCompressed(encoding) ? inflate(data, fullSize()) : data;
            long full = fullSize();
            if (full >= 0 && stream.length != full) {
                throw new FrontierProtocolException("full_size is " + full + " but the row stream has " + stream.length + " bytes");
            }
            return stream;
        }

        /** Decodes the rows (checks md5, zlib and full_size first). */
        public RowStreamReader.Decoded decode() throws FrontierProtocolException {
            return RowStreamReader.decode(rowStream());
        }
    }

    /** A whole response. */
    public record Response(String serverVersion, int declaredPayloads, List<Payload> payloads, String globalError) {
    }

    private ResponseParser() {
    }

    public static Response parse(String body) throws FrontierProtocolException {
        return parse(body.getBytes(StandardCharsets.ISO_8859_1));
    }

    /**
     * Parses a response body. The envelope's small tags are read as text; the data between
     * {@code <data>} and {@code </data>} (most of a large answer) is only scanned for its end and
     * Base64-decoded in place, without building strings or regular-expression matches over it.
     */
    public static Response parse(byte[] body) throws FrontierProtocolException {
        String head = new String(body, 0, Math.min(body.length, 1024), StandardCharsets.ISO_8859_1);
        Matcher f = FRONTIER.matcher(head);
        if (!f.find()) {
            throw new FrontierProtocolException("not a FroNtier response: no <frontier version=... xmlversion=...> element");
        }
        if (!endsWith(body, "</frontier>")) {
            throw new FrontierProtocolException("response truncated: it does not end with </frontier>");
        }
        String version = f.group(1);
        int declared = -1;
        Matcher t = TRANSACTION.matcher(head);
        if (t.find()) {
            declared = Integer.parseInt(t.group(1));
        }
        List<Payload> payloads = new ArrayList<>();
        int pos = 0;
        while ((pos = indexOf(body, PAYLOAD_OPEN, pos)) >= 0) {
            int n = payloads.size() + 1;
            int tagEnd = indexOf(body, GT, pos);
            Map<String, String> tag = attributes(body, pos, tagEnd, n, "payload");
            int dataOpen = indexOf(body, DATA_OPEN, tagEnd);
            if (dataOpen < 0 || !blank(body, tagEnd + 1, dataOpen)) {
                throw new FrontierProtocolException("payload " + n + " has no <data> right after <payload>");
            }
            // keepalives come before the data, separated by line feeds
            int d = dataOpen + DATA_OPEN.length;
            int keepalives = 0;
            while (true) {
                while (d < body.length && isSpace(body[d])) {
                    d++;
                }
                if (startsWith(body, d, KEEPALIVE_BYTES)) {
                    d += KEEPALIVE_BYTES.length;
                    keepalives++;
                } else {
                    break;
                }
            }
            // the first markup after the Base64 text must be </data>: one scan finds the end
            int dataEnd = indexOf(body, LT, d);
            if (dataEnd < 0 || !startsWith(body, dataEnd, DATA_CLOSE)) {
                throw new FrontierProtocolException(dataEnd < 0 ? "payload " + n + " data is not closed: response truncated"
                        : "payload " + n + " data holds markup after its Base64 text");
            }
            byte[] bytes;
            try {
                bytes = decodeBase64Lines(body, d, dataEnd);
            } catch (IllegalArgumentException e) {
                throw new FrontierProtocolException("payload " + n + " data is not valid Base64: " + e.getMessage());
            }
            int qualityOpen = indexOf(body, QUALITY_OPEN, dataEnd);
            int qualityEnd = qualityOpen < 0 ? -1 : indexOf(body, SELF_CLOSE, qualityOpen);
            if (qualityEnd < 0 || !blank(body, dataEnd + DATA_CLOSE.length, qualityOpen)) {
                throw new FrontierProtocolException("payload " + n + " has no <quality .../> after its data");
            }
            Map<String, String> quality = attributes(body, qualityOpen, qualityEnd, n, "quality");
            int payloadClose = indexOf(body, PAYLOAD_CLOSE, qualityEnd);
            if (payloadClose < 0) {
                throw new FrontierProtocolException("payload " + n + " is not closed: response truncated");
            }
            payloads.add(new Payload(tag.getOrDefault("type", ""), tag.getOrDefault("version", ""), tag.getOrDefault("encoding", ""),
                    bytes, Collections.unmodifiableMap(quality), keepalives));
            pos = payloadClose + PAYLOAD_CLOSE.length;
        }
        String globalError = null;
        int g = indexOf(body, GLOBAL_OPEN, 0);
        if (g >= 0) {
            int gEnd = indexOf(body, SELF_CLOSE, g);
            if (gEnd < 0) {
                throw new FrontierProtocolException("global_error element is not closed");
            }
            Matcher m = GLOBAL_ERROR.matcher(new String(body, g, gEnd + 2 - g, StandardCharsets.ISO_8859_1));
            if (m.find()) {
                globalError = unescape(m.group(1));
            }
        }
        if (declared >= 0 && declared != payloads.size() && globalError == null) {
            throw new FrontierProtocolException("transaction declares " + declared + " payloads but " + payloads.size() + " were found");
        }
        return new Response(version, declared, List.copyOf(payloads), globalError);
    }

    /** Base64 text in lines: line breaks dropped in one pass, then the JDK's (fast, strict) basic decoder. */
    private static byte[] decodeBase64Lines(byte[] b, int from, int to) {
        byte[] text = new byte[to - from];
        int n = 0;
        int i = from;
        while (i < to) {
            // the usual layout, 76 characters then a line feed, is copied a line at a time
            if (i + 76 < to && b[i + 76] == '\n' && b[i] != '\n') {
                System.arraycopy(b, i, text, n, 76);
                n += 76;
                i += 77;
                continue;
            }
            byte c = b[i++];
            if (c != '\n' && c != '\r' && c != ' ' && c != '\t') {
                text[n++] = c;
            }
        }
        return Base64.getDecoder().decode(n == text.length ? text : java.util.Arrays.copyOf(text, n));
    }

    private static final byte[] PAYLOAD_OPEN = ascii("<payload ");
    private static final byte[] PAYLOAD_CLOSE = ascii("</payload>");
    private static final byte[] DATA_OPEN = ascii("<data>");
    private static final byte[] DATA_CLOSE = ascii("</data>");
    private static final byte[] QUALITY_OPEN = ascii("<quality");
    private static final byte[] GLOBAL_OPEN = ascii("<global_error");
    private static final byte[] SELF_CLOSE = ascii("/>");
    private static final byte[] GT = ascii(">");
    private static final byte[] LT = ascii("<");
    private static final byte[] KEEPALIVE_BYTES = ascii(KEEPALIVE);

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** The attributes of a small element (a tag, never the data), unescaped. */
    private static Map<String, String> attributes(byte[] body, int from, int to, int payload, String element)
            throws FrontierProtocolException {
        if (to < 0) {
            throw new FrontierProtocolException("payload " + payload + ": <" + element + "> is not closed");
        }
        Map<String, String> out = new LinkedHashMap<>();
        Matcher a = ATTRIBUTE.matcher(new String(body, from, to - from, StandardCharsets.ISO_8859_1));
        while (a.find()) {
            out.put(a.group(1), unescape(a.group(2)));
        }
        return out;
    }

    private static int indexOf(byte[] b, byte[] what, int from) {
        return indexOf(b, what, from, b.length);
    }

    private static int indexOf(byte[] b, byte[] what, int from, int to) {
        byte first = what[0];
        int last = to - what.length;
        for (int i = Math.max(0, from); i <= last; i++) {
            if (b[i] == first && startsWith(b, i, what)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean startsWith(byte[] b, int at, byte[] what) {
        if (at < 0 || at + what.length > b.length) {
            return false;
        }
        for (int j = 0; j < what.length; j++) {
            if (b[at + j] != what[j]) {
                return false;
            }
        }
        return true;
    }

    private static boolean endsWith(byte[] b, String suffix) {
        int end = b.length;
        while (end > 0 && isSpace(b[end - 1])) {
            end--;
        }
        return startsWith(b, end - suffix.length(), ascii(suffix));
    }

    private static boolean blank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!isSpace(b[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    public static String md5Hex(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Inflates a zlib stream; with a known size straight into an array of that size (no copies). */
    static byte[] inflate(byte[] data, long expectedSize) throws FrontierProtocolException {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(data);
            if (expectedSize >= 0 && expectedSize <= Integer.MAX_VALUE - 16) {
                byte[] out = new byte[(int) expectedSize];
                int n = 0;
                while (n < out.length) {
                    int got = inflater.inflate(out, n, out.length - n);
                    if (got == 0 && (inflater.finished() || inflater.needsInput() || inflater.needsDictionary())) {
                        break;
                    }
                    n += got;
                }
                if (n < out.length) {
                    throw new FrontierProtocolException("compressed payload is truncated: " + n + " of " + out.length + " bytes");
                }
                // the stream must end exactly here
                byte[] probe = new byte[1];
                if (!inflater.finished() && inflater.inflate(probe) > 0) {
                    throw new FrontierProtocolException("compressed payload holds more than full_size (" + expectedSize + ") bytes");
                }
                if (!inflater.finished()) {
                    throw new FrontierProtocolException("compressed payload is truncated (no end of stream)");
                }
                return out;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, data.length * 4));
            byte[] buf = new byte[64 * 1024];
            while (!inflater.finished()) {
                int n = inflater.inflate(buf);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new FrontierProtocolException("compressed payload is truncated");
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw new FrontierProtocolException("compressed payload is not a valid zlib stream: " + e.getMessage());
        } finally {
            inflater.end();
        }
    }

    static String unescape(String s) {
        if (s.indexOf('&') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int semi = c == '&' ? s.indexOf(';', i) : -1;
            if (semi > i) {
                String ent = s.substring(i + 1, semi);
                String rep = switch (ent) {
                    case "amp" -> "&";
                    case "lt" -> "<";
                    case "gt" -> ">";
                    case "quot" -> "\"";
                    case "apos" -> "'";
                    default -> {
                        try {
                            if (ent.startsWith("#x")) {
                                yield new String(Character.toChars(Integer.parseInt(ent.substring(2), 16)));
                            } else if (ent.startsWith("#")) {
                                yield new String(Character.toChars(Integer.parseInt(ent.substring(1))));
                            }
                        } catch (IllegalArgumentException notAReference) {
                            // left as written: a message is text, not something to fail on
                        }
                        yield null;
                    }
                };
                if (rep != null) {
                    b.append(rep);
                    i = semi + 1;
                    continue;
                }
            }
            b.append(c);
            i++;
        }
        return b.toString();
    }
}
