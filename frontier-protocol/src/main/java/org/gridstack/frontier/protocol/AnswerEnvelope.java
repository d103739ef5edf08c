package org.gridstack.frontier.protocol;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The XML of a FroNtier answer without its Base64 text, as {@link AnswerDecoder} collects it while
 * it decodes the data: the {@code <frontier>} element, the transaction, each payload's attributes,
 * keepalives and quality, and a global error. The envelope is small (hundreds of bytes), so it is
 * read as text. The rules are the production client's: the answer must end with
 * {@code </frontier>}, {@code <data>} must follow {@code <payload>}, {@code <quality .../>} must
 * follow {@code </data>}, and the transaction's payload count must be met unless there is a global
 * error. Immutable; {@link #parse} is thread-safe.
 *
 * @param serverVersion the {@code version} of {@code <frontier>}
 * @param declaredPayloads the transaction's {@code payloads}, or -1 without a transaction
 * @param payloads each payload's element attributes, quality and keepalives
 * @param globalError the unescaped global error message, or null
 */
record AnswerEnvelope(String serverVersion, int declaredPayloads, List<Payload> payloads, String globalError) {
    /** One payload's envelope. */
    record Payload(Map<String, String> attributes, Map<String, String> quality, int keepalives) {
        String attribute(String name) {
            return attributes.getOrDefault(name, "");
        }
    }

    private static final Pattern FRONTIER = Pattern.compile("<frontier\\s+version=\"([^\"]*)\"\\s+xmlversion=\"([^\"]*)\"\\s*>");
    private static final Pattern TRANSACTION = Pattern.compile("<transaction\\s+payloads=\"(\\d+)\"\\s*>");
    private static final Pattern ATTRIBUTE = Pattern.compile("(\\w+)=\"([^\"]*)\"");
    private static final Pattern GLOBAL_ERROR = Pattern.compile("<global_error\\s+msg=\"([^\"]*)\"\\s*/>");
    private static final Pattern KEEPALIVE = Pattern.compile("\\s*<keepalive\\s*/>");
    /** Where the {@code <frontier>} element must start: near the top, after the declaration and DOCTYPE. */
    private static final int HEAD_BYTES = 1024;

    /** Parses {@code envelope[0..length)}. */
    static AnswerEnvelope parse(byte[] envelope, int length) throws FrontierProtocolException {
        String text = new String(envelope, 0, length, StandardCharsets.ISO_8859_1);
        Matcher f = FRONTIER.matcher(text);
        if (!f.find() || f.start() > HEAD_BYTES) {
            throw new FrontierProtocolException("not a FroNtier response: no <frontier version=... xmlversion=...> element");
        }
        if (!text.stripTrailing().endsWith("</frontier>")) {
            throw new FrontierProtocolException("response truncated: it does not end with </frontier>");
        }
        int declared = -1;
        Matcher t = TRANSACTION.matcher(text);
        if (t.find()) {
            declared = Integer.parseInt(t.group(1));
        }
        List<Payload> payloads = new ArrayList<>();
        int pos = 0;
        while ((pos = text.indexOf("<payload ", pos)) >= 0) {
            int n = payloads.size() + 1;
            int tagEnd = closed(text.indexOf('>', pos), n, "payload");
            Map<String, String> attributes = attributes(text.substring(pos, tagEnd));
            int dataOpen = text.indexOf("<data>", tagEnd);
            if (dataOpen < 0 || !text.substring(tagEnd + 1, dataOpen).isBlank()) {
                throw new FrontierProtocolException("payload " + n + " has no <data> right after <payload>");
            }
            Matcher k = KEEPALIVE.matcher(text).region(dataOpen + "<data>".length(), text.length());
            int keepalives = 0;
            int d = dataOpen + "<data>".length();
            while (k.lookingAt()) {
                keepalives++;
                d = k.end();
                k.region(d, text.length());
            }
            int dataEnd = text.indexOf('<', d);
            if (dataEnd < 0 || !text.startsWith("</data>", dataEnd)) {
                throw new FrontierProtocolException(dataEnd < 0 ? "payload " + n + " data is not closed: response truncated"
                        : "payload " + n + " data holds markup after its Base64 text");
            }
            int qualityOpen = text.indexOf("<quality", dataEnd);
            int qualityEnd = qualityOpen < 0 ? -1 : text.indexOf("/>", qualityOpen);
            if (qualityEnd < 0 || !text.substring(dataEnd + "</data>".length(), qualityOpen).isBlank()) {
                throw new FrontierProtocolException("payload " + n + " has no <quality .../> after its data");
            }
            Map<String, String> quality = attributes(text.substring(qualityOpen, qualityEnd));
            int payloadClose = text.indexOf("</payload>", qualityEnd);
            if (payloadClose < 0) {
                throw new FrontierProtocolException("payload " + n + " is not closed: response truncated");
            }
            payloads.add(new Payload(attributes, quality, keepalives));
            pos = payloadClose + "</payload>".length();
        }
        String globalError = null;
        int g = text.indexOf("<global_error");
        if (g >= 0) {
            int gEnd = text.indexOf("/>", g);
            if (gEnd < 0) {
                throw new FrontierProtocolException("global_error element is not closed");
            }
            Matcher m = GLOBAL_ERROR.matcher(text.substring(g, gEnd + 2));
            if (m.find()) {
                globalError = XmlEscaper.unescapeAttribute(m.group(1));
            }
        }
        if (declared >= 0 && declared != payloads.size() && globalError == null) {
            throw new FrontierProtocolException("transaction declares " + declared + " payloads but " + payloads.size() + " were found");
        }
        return new AnswerEnvelope(f.group(1), declared, List.copyOf(payloads), globalError);
    }

    private static int closed(int end, int payload, String element) throws FrontierProtocolException {
        if (end < 0) {
            throw new FrontierProtocolException("payload " + payload + ": <" + element + "> is not closed");
        }
        return end;
    }

    /** The attributes of a small element, unescaped, in order. */
    private static Map<String, String> attributes(String element) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher a = ATTRIBUTE.matcher(element);
        while (a.find()) {
            out.put(a.group(1), XmlEscaper.unescapeAttribute(a.group(2)));
        }
        return out;
    }
}
