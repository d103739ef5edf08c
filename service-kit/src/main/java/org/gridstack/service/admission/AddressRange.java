package org.gridstack.service.admission;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.Objects;

/**
 * A block of addresses in CIDR notation ({@code 10.0.0.0/8}, {@code 192.0.2.7}, {@code ::1},
 * {@code 2001:db8::/32}), as operators write them in Squid's {@code acl src} lines. An address
 * without a prefix length is that one address. Immutable.
 */
@ThreadSafe
public final class AddressRange {
    // an array is never thread-safe to the check: this one is made here, never handed out nor written again
    @SuppressWarnings("ThreadSafe")
    private final byte[] network;
    private final int prefixLength;
    private final String text;

    private AddressRange(byte[] network, int prefixLength, String text) {
        this.network = network;
        this.prefixLength = prefixLength;
        this.text = text;
    }

    /**
     * Parses {@code address[/prefix]}; never looks a name up.
     *
     * @throws IllegalArgumentException naming the text when it is not an address block
     */
    public static AddressRange parse(String cidr) {
        Objects.requireNonNull(cidr, "cidr is null");
        String trimmed = cidr.trim();
        int slash = trimmed.indexOf('/');
        String addressText = slash < 0 ? trimmed : trimmed.substring(0, slash);
        InetAddress address = IpLiterals.parse(addressText);
        if (address == null) {
            throw new IllegalArgumentException("not an IP address block: '" + cidr + "'");
        }
        byte[] bytes = address.getAddress();
        int bits = bytes.length * 8;
        int prefix = bits;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(trimmed.substring(slash + 1));
            } catch (NumberFormatException e) {
                prefix = -1;
            }
            if (prefix < 0 || prefix > bits) {
                throw new IllegalArgumentException("prefix length of '" + cidr + "' must be 0.." + bits);
            }
        }
        return new AddressRange(mask(bytes, prefix), prefix, trimmed);
    }

    /** Whether {@code address} lies in this block (an IPv4 address never lies in an IPv6 block). */
    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        return bytes.length == network.length && Arrays.equals(mask(bytes, prefixLength), network);
    }

    private static byte[] mask(byte[] bytes, int prefix) {
        byte[] out = bytes.clone();
        for (int i = 0; i < out.length; i++) {
            int keep = Math.max(0, Math.min(8, prefix - i * 8));
            out[i] &= (byte) (0xFF << (8 - keep));
        }
        return out;
    }

    @Override
    public String toString() {
        return text;
    }
}
