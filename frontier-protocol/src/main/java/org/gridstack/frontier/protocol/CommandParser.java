package org.gridstack.frontier.protocol;

import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Parses the FroNtier command string (the query string, or the path after {@code /Frontier/}).
 * Parameters are read in order, not as a map: {@code type=} (or {@code meta=}) starts a payload,
 * the next parameter must be {@code encoding=}, and the following ones belong to that payload until
 * the next {@code type=}. {@code ttl} and {@code sec} apply to the whole request. Thread-safe.
 */
public final class CommandParser {
    /** The longest command string accepted (a p1 of 2 MiB plus room for other parameters). */
    public static final int MAX_COMMAND_CHARS = P1Codec.MAX_ENCODED_CHARS + 64 * 1024;
    /** The most payloads one URL may carry. */
    public static final int MAX_PAYLOADS = 100;

    private CommandParser() {
    }

    public static FrontierCommand parse(String command) throws FrontierProtocolException {
        if (command == null || command.isEmpty()) {
            throw new FrontierProtocolException("empty request: expected type=frontier_request:1:DEFAULT&encoding=BLOB...&p1=...");
        }
        if (command.length() > MAX_COMMAND_CHARS) {
            throw new FrontierProtocolException("request is " + command.length() + " characters long; the limit is " + MAX_COMMAND_CHARS);
        }
        if (command.startsWith("/")) {
            command = command.substring(1);
        }
        List<PayloadRequest> payloads = new ArrayList<>();
        Ttl ttl = Ttl.LONG;
        boolean signed = false;

        String[] type = null;
        String encodingText = null;
        BlobEncoding encoding = null;
        String encodingError = null;
        List<Map.Entry<String, String>> params = new ArrayList<>();
        boolean expectEncoding = false;

        int pos = 0;
        int index = 0;
        while (pos <= command.length()) {
            int amp = command.indexOf('&', pos);
            if (amp < 0) {
                amp = command.length();
            }
            String part = command.substring(pos, amp);
            pos = amp + 1;
            index++;
            if (part.isEmpty()) {
                continue; // tolerate "&&" and a trailing "&"
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new FrontierProtocolException("parameter " + index + " ('" + abbreviate(part) + "') is not of the form name=value");
            }
            String name = decode(part.substring(0, eq), index);
            String value = decode(part.substring(eq + 1), index);

            if (expectEncoding) {
                if (!name.equals("encoding")) {
                    throw new FrontierProtocolException("parameter " + index + " is '" + abbreviate(name)
                            + "' but the parameter after type= must be encoding=");
                }
                encodingText = value;
                try {
                    encoding = BlobEncoding.parse(value);
                } catch (FrontierProtocolException e) {
                    encoding = null;
                    encodingError = e.getMessage();
                }
                expectEncoding = false;
                continue;
            }
            switch (name) {
                case "type":
                case "meta":
                    if (type != null) {
                        payloads.add(payload(type, encodingText, encoding, encodingError, params));
                        if (payloads.size() >= MAX_PAYLOADS) {
                            throw new FrontierProtocolException("more than " + MAX_PAYLOADS + " payloads in one request");
                        }
                    }
                    type = parseType(value, index);
                    encodingText = null;
                    encoding = null;
                    encodingError = null;
                    params = new ArrayList<>();
                    expectEncoding = true;
                    break;
                case "ttl":
                    ttl = Ttl.parse(value);
                    break;
                case "sec":
                    if (!value.equals("sig")) {
                        throw new FrontierProtocolException("unknown sec value '" + abbreviate(value) + "': only sec=sig exists");
                    }
                    signed = true;
                    break;
                case "encoding":
                    throw new FrontierProtocolException("parameter " + index + " is encoding= but it must directly follow a type= parameter");
                default:
                    if (type == null) {
                        // parameters before the first payload (e.g. freshkey) only change the cache key
                        break;
                    }
                    params.add(new AbstractMap.SimpleImmutableEntry<>(name, value));
            }
        }
        if (expectEncoding) {
            throw new FrontierProtocolException("the request ends after type=: an encoding= parameter must follow it");
        }
        if (type == null) {
            throw new FrontierProtocolException("no type= parameter: expected type=frontier_request:1:DEFAULT&encoding=BLOB...&p1=...");
        }
        payloads.add(payload(type, encodingText, encoding, encodingError, params));
        return new FrontierCommand(payloads, ttl, signed);
    }

    private static PayloadRequest payload(String[] type, String encodingText, BlobEncoding encoding,
                                          String encodingError, List<Map.Entry<String, String>> params) {
        return new PayloadRequest(type[0], type[1], type[2], encodingText, encoding, encodingError, params);
    }

    private static String[] parseType(String value, int index) throws FrontierProtocolException {
        String[] parts = value.split(":", -1);
        if (parts.length < 2 || parts.length > 3 || parts[0].isEmpty() || parts[1].isEmpty()) {
            throw new FrontierProtocolException("parameter " + index + ": type '" + abbreviate(value)
                    + "' is not of the form OBJECT:VERSION[:METHOD], e.g. frontier_request:1:DEFAULT");
        }
        String method = parts.length == 3 && !parts[2].isEmpty() ? parts[2] : "DEFAULT";
        return new String[] {parts[0], parts[1], method};
    }

    /** Percent-decoding as browsers and the C client expect; '+' stays '+' (p1 never holds one). */
    private static String decode(String s, int index) throws FrontierProtocolException {
        if (s.indexOf('%') < 0) {
            return s;
        }
        byte[] out = new byte[s.length()];
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length()) {
                    throw new FrontierProtocolException("parameter " + index + " has a truncated %-escape");
                }
                int hi = Character.digit(s.charAt(i + 1), 16);
                int lo = Character.digit(s.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw new FrontierProtocolException("parameter " + index + " has an invalid %-escape '" + s.substring(i, i + 3) + "'");
                }
                out[n++] = (byte) (hi * 16 + lo);
                i += 2;
            } else if (c < 0x80) {
                out[n++] = (byte) c;
            } else {
                byte[] enc = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (n + enc.length > out.length) {
                    out = Arrays.copyOf(out, out.length * 2 + enc.length);
                }
                System.arraycopy(enc, 0, out, n, enc.length);
                n += enc.length;
            }
        }
        return new String(out, 0, n, StandardCharsets.UTF_8);
    }

    static String abbreviate(String s) {
        String clean = s.replaceAll("[\\p{Cntrl}]", "?");
        return clean.length() <= 40 ? clean : clean.substring(0, 37) + "...";
    }
}
