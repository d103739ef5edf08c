package org.gridstack.mds.cache;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Optional;

import org.gridstack.mds.provider.ProviderOutput;
import org.gridstack.mds.provider.ProviderSettings;

/**
 * What a reader gets for one provider: its latest output (empty when it never produced any),
 * and whether that output is stale (the provider did not deliver fresh data within its
 * timelimit, or failed) with the reason. Immutable and thread-safe.
 */
@ThreadSafe
public record ProviderView(ProviderSettings settings, Optional<ProviderOutput> output, boolean stale, String staleReason) {
    public ProviderView {
        requireNonNull(settings, "settings is null");
        requireNonNull(output, "output is null");
        requireNonNull(staleReason, "staleReason is null");
    }

    static ProviderView fresh(ProviderSettings settings, ProviderOutput output) {
        return new ProviderView(settings, Optional.of(output), false, "");
    }
}
