package org.gridstack.service.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class TestAddressShare {
    private static InetAddress ip(String literal) throws Exception {
        return InetAddress.getByName(literal);
    }

    @Test
    void oneAddressGetsItsShareAndNoMore() throws Exception {
        AddressShare share = new AddressShare(2);
        AddressShare.Slot a = share.tryEnter(ip("127.0.0.1"));
        AddressShare.Slot b = share.tryEnter(ip("127.0.0.1"));
        assertNotNull(a);
        assertNotNull(b);
        assertNull(share.tryEnter(ip("127.0.0.1")), "a third slot for the same address");
        assertNotNull(share.tryEnter(ip("127.0.0.2")), "another address is not affected");
        a.close();
        assertNotNull(share.tryEnter(ip("127.0.0.1")), "a closed slot is given back");
    }

    @Test
    void closingTwiceGivesBackOnce() throws Exception {
        AddressShare share = new AddressShare(2);
        AddressShare.Slot a = share.tryEnter(ip("10.0.0.1"));
        share.tryEnter(ip("10.0.0.1"));
        a.close();
        a.close();
        assertEquals(1, share.holding(ip("10.0.0.1")));
    }

    @Test
    void anAddressHoldingNothingHasNoEntry() throws Exception {
        AddressShare share = new AddressShare(1);
        share.tryEnter(ip("10.0.0.1")).close();
        assertEquals(0, share.addresses());
    }

    @Test
    void ipv6AddressesOfOneSlash64AreOneClient() throws Exception {
        AddressShare share = new AddressShare(1);
        assertNotNull(share.tryEnter(ip("2001:db8:1:2::1")));
        assertNull(share.tryEnter(ip("2001:db8:1:2:ffff::9")), "same /64");
        assertNotNull(share.tryEnter(ip("2001:db8:1:3::1")), "another /64");
    }

    @Test
    void ipv4MappedIpv6IsTheIpv4Address() throws Exception {
        AddressShare share = new AddressShare(1);
        assertNotNull(share.tryEnter(ip("192.0.2.1")));
        assertNull(share.tryEnter(ip("::ffff:192.0.2.1")));
    }

    @Test
    void ofCapacityTakesTheFractionAtLeastOne() {
        assertEquals(5, AddressShare.ofCapacity(10, 0.5).perAddress());
        assertEquals(1, AddressShare.ofCapacity(3, 0.1).perAddress());
        assertThrows(IllegalArgumentException.class, () -> AddressShare.ofCapacity(10, 0));
        assertThrows(IllegalArgumentException.class, () -> AddressShare.ofCapacity(10, 1.5));
        assertThrows(IllegalArgumentException.class, () -> AddressShare.ofCapacity(0, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new AddressShare(0));
    }
}
