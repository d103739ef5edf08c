package org.gridstack.rgma.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.service.admission.ClientAddressResolver;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

/**
 * The server-wide bound on consumer queries: beside the per-address share, at most
 * {@code max-running} run at once whatever the addresses, so request threads are left for the
 * producer calls they wait for (before: 600 users from many addresses took every request thread
 * and the producers on the same server could not answer them).
 */
class TestAdmission {
    private static MockHttpServletRequest from(String address) {
        MockHttpServletRequest r = new MockHttpServletRequest("GET", "/rgma/consumer/query");
        r.setRemoteAddr(address);
        return r;
    }

    @Test
    void consumerQueriesBeyondTheServersBoundAreRefusedAt503AndTheirPlacesComeBack() {
        Admission admission = new Admission(ClientAddressResolver.direct(), 4, 4, 2);
        Admission.QuerySlot a = admission.query(from("192.0.2.1"));
        Admission.QuerySlot b = admission.query(from("192.0.2.2"));
        RgmaException full = assertThrows(RgmaException.class, () -> admission.query(from("192.0.2.3")));
        assertEquals(503, full.status(), full.getMessage());
        assertContains("rgma.query.max-running", full.getMessage());
        a.close();
        a.close(); // closing twice gives back once
        Admission.QuerySlot c = admission.query(from("192.0.2.3"));
        assertThrows(RgmaException.class, () -> admission.query(from("192.0.2.4")));
        b.close();
        c.close();
        // a refused query took nothing: the address's share is whole again
        for (int i = 0; i < 2; i++) {
            admission.query(from("192.0.2.3"));
        }
    }

    @Test
    void theAddressShareStillAnswers429() {
        Admission admission = new Admission(ClientAddressResolver.direct(), 1, 1, 10);
        admission.query(from("192.0.2.9"));
        RgmaException overShare = assertThrows(RgmaException.class, () -> admission.query(from("192.0.2.9")));
        assertEquals(429, overShare.status(), overShare.getMessage());
    }

    @Test
    void aBoundBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Admission(ClientAddressResolver.direct(), 1, 1, 0));
    }
}
