package org.gridstack.service.admission;

import com.google.errorprone.annotations.ThreadSafe;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Objects;

/**
 * Which address a request comes from, for keying shares and limits. The peer's address is the
 * answer unless the peer is a proxy the operator listed as trusted (a site's Squid); then the
 * {@code X-Forwarded-For} hops are read from the right, skipping trusted proxies, and the first
 * hop not trusted is the client. A client can therefore name any address it likes in
 * {@code X-Forwarded-For}, but it is read only when a trusted proxy appended the hop after it.
 * A hop that is not an IP literal (Squid writes {@code unknown} when told to hide it) ends the
 * walk: the client is then the last trusted proxy, so all such clients share one key.
 *
 * <p>Written here rather than taken from Tomcat's {@code RemoteIpFilter}: operators list
 * proxies as address blocks (as in Squid's {@code acl src}), the LDAP and plain-socket listeners
 * need the same rule without a servlet container, and it must not rewrite the request's
 * address that access logs record. Immutable and thread-safe.
 */
@ThreadSafe
public final class ClientAddressResolver {
    /** The header proxies such as Squid append the client's address to. */
    public static final String FORWARDED_FOR = "X-Forwarded-For";

    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf) of immutable ranges
    private final List<AddressRange> trusted;

    private ClientAddressResolver(List<AddressRange> trusted) {
        this.trusted = List.copyOf(trusted);
    }

    /** Trusts no proxy: the peer's address is always the client's. */
    public static ClientAddressResolver direct() {
        return new ClientAddressResolver(List.of());
    }

    /**
     * Trusts the proxies in {@code cidrs} ({@code 127.0.0.1}, {@code 10.1.0.0/16}, {@code ::1}).
     *
     * @throws IllegalArgumentException naming an entry that is not an address block
     */
    public static ClientAddressResolver trusting(List<String> cidrs) {
        List<AddressRange> ranges = new ArrayList<>();
        for (String cidr : Objects.requireNonNull(cidrs, "cidrs is null")) {
            if (cidr != null && !cidr.isBlank()) {
                ranges.add(AddressRange.parse(cidr));
            }
        }
        return new ClientAddressResolver(ranges);
    }

    /** The proxies trusted to name the client, as configured. */
    public List<AddressRange> trustedProxies() {
        return trusted;
    }

    /** Whether {@code address} is a trusted proxy. */
    public boolean isTrusted(InetAddress address) {
        for (AddressRange range : trusted) {
            if (range.contains(address)) {
                return true;
            }
        }
        return false;
    }

    /** The client address of a servlet request (every {@code X-Forwarded-For} header it carries). */
    public InetAddress clientAddress(HttpServletRequest request) {
        Enumeration<String> headers = request.getHeaders(FORWARDED_FOR);
        List<String> values = headers == null ? List.of() : Collections.list(headers);
        return clientAddress(request.getRemoteAddr(), values);
    }

    /**
     * The client address of a request from {@code peerAddress} (an IP literal, as a container
     * reports it) carrying these {@code X-Forwarded-For} header values in order.
     *
     * @throws IllegalArgumentException when {@code peerAddress} is not an IP literal
     */
    public InetAddress clientAddress(String peerAddress, List<String> forwardedFor) {
        InetAddress peer = IpLiterals.parse(Objects.requireNonNull(peerAddress, "peerAddress is null"));
        if (peer == null) {
            throw new IllegalArgumentException("peer address is not an IP literal: " + peerAddress);
        }
        if (trusted.isEmpty() || !isTrusted(peer) || forwardedFor == null) {
            return peer;
        }
        List<String> hops = new ArrayList<>();
        for (String value : forwardedFor) {
            if (value != null) {
                for (String hop : value.split(",")) {
                    hops.add(hop);
                }
            }
        }
        InetAddress client = peer;
        for (int i = hops.size() - 1; i >= 0; i--) {
            InetAddress hop = IpLiterals.parse(hops.get(i));
            if (hop == null) {
                return client;
            }
            client = hop;
            if (!isTrusted(hop)) {
                return hop;
            }
        }
        return client;
    }
}
