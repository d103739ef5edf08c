package org.gridstack.service.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestClientAddressResolver {
    private static InetAddress ip(String literal) throws Exception {
        return InetAddress.getByName(literal);
    }

    @Test
    void withoutTrustedProxiesTheHeaderIsIgnored() throws Exception {
        ClientAddressResolver direct = ClientAddressResolver.direct();
        assertEquals(ip("127.0.0.1"), direct.clientAddress("127.0.0.1", List.of("192.0.2.9")));
    }

    @Test
    void anUntrustedPeerCannotNameAnotherAddress() throws Exception {
        ClientAddressResolver resolver = ClientAddressResolver.trusting(List.of("10.0.0.0/8"));
        assertEquals(ip("127.0.0.1"), resolver.clientAddress("127.0.0.1", List.of("192.0.2.9")));
    }

    @Test
    void aTrustedProxyNamesItsClient() throws Exception {
        ClientAddressResolver resolver = ClientAddressResolver.trusting(List.of("10.0.0.0/8"));
        assertEquals(ip("192.0.2.9"), resolver.clientAddress("10.1.2.3", List.of("192.0.2.9")));
    }

    @Test
    void hopsAreReadFromTheRightSkippingTrustedProxies() throws Exception {
        ClientAddressResolver resolver = ClientAddressResolver.trusting(List.of("10.0.0.0/8", "::1"));
        // the client wrote "198.51.100.1" itself; the tier-2 proxy (10.0.0.2) appended the client's real address
        assertEquals(ip("192.0.2.9"),
                resolver.clientAddress("10.0.0.1", List.of("198.51.100.1, 192.0.2.9", "10.0.0.2")));
        assertEquals(ip("192.0.2.9"), resolver.clientAddress("::1", List.of("192.0.2.9")));
    }

    @Test
    void aHopThatIsNoAddressLeavesTheLastTrustedProxy() throws Exception {
        ClientAddressResolver resolver = ClientAddressResolver.trusting(List.of("10.0.0.0/8"));
        assertEquals(ip("10.0.0.2"), resolver.clientAddress("10.0.0.1", List.of("unknown, 10.0.0.2")));
        assertEquals(ip("10.0.0.1"), resolver.clientAddress("10.0.0.1", List.of("localhost")));
    }

    @Test
    void portsAndBracketsAreAccepted() throws Exception {
        ClientAddressResolver resolver = ClientAddressResolver.trusting(List.of("127.0.0.1"));
        assertEquals(ip("192.0.2.9"), resolver.clientAddress("127.0.0.1", List.of("192.0.2.9:5555")));
        assertEquals(ip("2001:db8::1"), resolver.clientAddress("127.0.0.1", List.of("[2001:db8::1]:443")));
    }

    @Test
    void rangesMatchByPrefix() {
        AddressRange range = AddressRange.parse("192.0.2.0/25");
        assertTrue(range.contains(address("192.0.2.127")));
        assertFalse(range.contains(address("192.0.2.128")));
        assertFalse(AddressRange.parse("::/0").contains(address("192.0.2.1")), "families do not mix");
        assertTrue(AddressRange.parse("0.0.0.0/0").contains(address("203.0.113.5")));
    }

    @Test
    void badRangesAreRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClientAddressResolver.trusting(List.of("squid.example.org")));
        assertTrue(e.getMessage().contains("squid.example.org"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AddressRange.parse("10.0.0.0/33"));
        assertThrows(IllegalArgumentException.class, () -> AddressRange.parse("300.0.0.1"));
    }

    private static InetAddress address(String literal) {
        try {
            return ip(literal);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
