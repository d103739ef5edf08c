package org.gridstack.bench.seed001;

import static java.util.Objects.requireNonNull;

import org.gridstack.bench.kit.ClosedLoopDriver;

/**
 * Where a level's users send their query: a factory of checked clients (a wrong answer throws),
 * the items every answer must hold, and the size of one answer in bytes (measured once, before the
 * level). Immutable.
 */
public record Target(ClosedLoopDriver.ClientFactory clients, int items, long answerBytes) {
    public Target {
        requireNonNull(clients, "clients is null");
        if (items < 0 || answerBytes < 0) {
            throw new IllegalArgumentException("items and answerBytes must not be negative");
        }
    }
}
