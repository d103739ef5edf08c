package org.gridstack.hawkeye.manager;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Instant;

import org.gridstack.hawkeye.classad.ClassAd;

/**
 * The latest ad of one host as the manager holds it: the host's name, the ad, where its agent
 * answers queries (null if it did not say), when it arrived and from which address. Immutable.
 */
@ThreadSafe
public record StoredAd(String name, ClassAd ad, String agentUrl, Instant receivedAt, String sourceAddress) {
    public StoredAd {
        requireNonNull(name, "name is null");
        requireNonNull(ad, "ad is null");
        requireNonNull(receivedAt, "receivedAt is null");
        requireNonNull(sourceAddress, "sourceAddress is null");
    }
}
