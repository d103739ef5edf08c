package org.gridstack.service.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class TestCancelSwitch {
    @Test
    void aCancelStopsTheAttachedWorkOnce() {
        CancelSwitch s = new CancelSwitch();
        AtomicInteger stops = new AtomicInteger();
        s.attach(stops::incrementAndGet);
        assertFalse(s.cancelled());
        s.cancel();
        s.cancel();
        assertTrue(s.cancelled());
        assertEquals(1, stops.get());
    }

    @Test
    void aCancelBeforeTheWorkIsAttachedStopsItWhenAttached() {
        CancelSwitch s = new CancelSwitch();
        s.cancel();
        AtomicInteger stops = new AtomicInteger();
        s.attach(stops::incrementAndGet);
        assertEquals(1, stops.get());
    }

    @Test
    void aCancelAfterTheWorkEndedStopsNothing() {
        CancelSwitch s = new CancelSwitch();
        AtomicInteger stops = new AtomicInteger();
        s.attach(stops::incrementAndGet);
        s.detach();
        s.cancel();
        assertEquals(0, stops.get());
        assertTrue(s.cancelled());
    }
}
