package org.gridstack.grim.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.gridstack.grim.store.GrimException;
import org.junit.jupiter.api.Test;

/** The bounds of anonymous native queries, per client address and per backend. */
class TestNativeQueryGate {
    @Test
    void aClientOverItsBoundIsRefusedAndItsPlaceComesBackWhenAQueryEnds() {
        NativeQueryGate gate = new NativeQueryGate(1, 5);
        NativeQueryGate.Permit first = gate.enter("10.0.0.1", "postgres");
        GrimException secondOfClient = assertThrows(GrimException.class, () -> gate.enter("10.0.0.1", "basex"));
        assertEquals(429, secondOfClient.status(), secondOfClient.getMessage());
        assertContains("max-per-client", secondOfClient.getMessage());
        gate.enter("10.0.0.2", "postgres").close();
        first.close();
        gate.enter("10.0.0.1", "basex").close();
    }

    @Test
    void aBackendOverItsBoundIsRefusedWithoutCountingTheRefusedClient() {
        NativeQueryGate gate = new NativeQueryGate(2, 2);
        NativeQueryGate.Permit a = gate.enter("a", "postgres");
        NativeQueryGate.Permit b = gate.enter("b", "postgres");
        GrimException thirdOnBackend = assertThrows(GrimException.class, () -> gate.enter("c", "postgres"));
        assertEquals(429, thirdOnBackend.status(), thirdOnBackend.getMessage());
        assertContains("postgres already runs 2", thirdOnBackend.getMessage());
        gate.enter("c", "ldap").close();
        NativeQueryGate.Permit c2 = gate.enter("c", "ldap");
        gate.enter("c", "ldap").close(); // c holds one place; its refused postgres query did not keep one
        c2.close();
        a.close();
        gate.enter("c", "postgres").close();
        b.close();
    }
}
