package org.gridstack.service.admission;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/** Parses IP address literals, never names: a header or setting must not cause a DNS look-up. */
final class IpLiterals {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    private IpLiterals() {
    }

    /**
     * The address {@code text} spells ({@code 192.0.2.1}, {@code ::1}, {@code [::1]}; an IPv4
     * address may carry a {@code :port}, an IPv6 one in brackets too), or {@code null} when it
     * spells none.
     */
    static InetAddress parse(String text) {
        String s = text.trim();
        if (s.startsWith("[")) {
            int close = s.indexOf(']');
            if (close < 0) {
                return null;
            }
            s = s.substring(1, close);
        } else if (s.indexOf(':') == s.lastIndexOf(':') && s.indexOf(':') > 0) {
            s = s.substring(0, s.indexOf(':')); // IPv4 with a port
        }
        if (IPV4.matcher(s).matches()) {
            for (String part : s.split("\\.")) {
                if (Integer.parseInt(part) > 255) {
                    return null;
                }
            }
        } else if (!IPV6.matcher(s).matches()) {
            return null;
        }
        try {
            return InetAddress.getByName(s); // a literal: no look-up
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
