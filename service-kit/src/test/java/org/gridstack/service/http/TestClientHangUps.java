package org.gridstack.service.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetAddress;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** How {@link ClientHangUps} reads the kernel's TCP table lines (the connection tests are in the services that use it, e.g. GRIM's {@code TestNativeQueryHangUp}). */
class TestClientHangUps {
    @Test
    void readsIpv4AndIpv4MappedIpv6Entries() throws Exception {
        Assumptions.assumeTrue(ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN, "the table's words are in host order");
        ClientHangUps.Connection expected = new ClientHangUps.Connection(8080, InetAddress.getByName("127.0.0.2"), 50000);
        assertEquals(expected, ClientHangUps.parse("0100007F:1F90", "0200007F:C350"));
        assertEquals(expected, ClientHangUps.parse("00000000000000000000000000000000:1F90", "0000000000000000FFFF00000200007F:C350"));
    }

    @Test
    void refusesWhatIsNotAnEntry() {
        assertNull(ClientHangUps.parse("local_address", "rem_address"));
        assertNull(ClientHangUps.parse("0100007F:1F90", "0100:C350"));
        assertNull(ClientHangUps.parse("0100007F:XYZ", "0100007F:C350"));
    }
}
