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
    private static final Pattern PAYLOAD = Pattern.compile(
            "<payload\\s+type=\"([^\"]*)\"\\s+version=\"([^\"]*)\"\\s+encoding=\"([^\"]*)\"\\s*>\\s*<data>(.*?)</data>\\s*<quality((?:\\s+\\w+=\"[^\"]*\")*)\\s*/>\\s*</payload>",
            Pattern.DOTALL);
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
            byte[] stream = encoding.startsWith("BLOBzip") ? inflate(data) : data;
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

    public static Response parse(byte[] body) throws FrontierProtocolException {
        return parse(new String(body, StandardCharsets.ISO_8859_1));
    }

    public static Response parse(String body) throws FrontierProtocolException {
        Matcher f = FRONTIER.matcher(body);
        if (!f.find()) {
            throw new FrontierProtocolException("not a FroNtier response: no <frontier version=... xmlversion=...> element");
        }
        if (!body.trim().endsWith("</frontier>")) {
            throw new FrontierProtocolException("response truncated: it does not end with </frontier>");
        }
        String version = f.group(1);
        int declared = -1;
        Matcher t = TRANSACTION.matcher(body);
        if (t.find()) {
            declared = Integer.parseInt(t.group(1));
        }
        List<Payload> payloads = new ArrayList<>();
        Matcher p = PAYLOAD.matcher(body);
        while (p.find()) {
            String data = p.group(4);
            int keepalives = 0;
            int k;
            while ((k = data.indexOf(KEEPALIVE)) >= 0) {
                data = data.substring(0, k) + data.substring(k + KEEPALIVE.length());
                keepalives++;
            }
            byte[] bytes;
            try {
                bytes = Base64.getMimeDecoder().decode(data.replaceAll("\\s+", ""));
            } catch (IllegalArgumentException e) {
                throw new FrontierProtocolException("payload " + (payloads.size() + 1) + " data is not valid Base64: " + e.getMessage());
            }
            Map<String, String> quality = new LinkedHashMap<>();
            Matcher a = ATTRIBUTE.matcher(p.group(5));
            while (a.find()) {
                quality.put(a.group(1), unescape(a.group(2)));
            }
            payloads.add(new Payload(unescape(p.group(1)), unescape(p.group(2)), unescape(p.group(3)), bytes,
                    Collections.unmodifiableMap(quality), keepalives));
        }
        Matcher g = GLOBAL_ERROR.matcher(body);
        String globalError = g.find() ? unescape(g.group(1)) : null;
        if (declared >= 0 && declared != payloads.size() && globalError == null) {
            throw new FrontierProtocolException("transaction declares " + declared + " payloads but " + payloads.size() + " were found");
        }
        return new Response(version, declared, List.copyOf(payloads), globalError);
    }

    public static String md5Hex(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] inflate(byte[] data) throws FrontierProtocolException {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(data);
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
