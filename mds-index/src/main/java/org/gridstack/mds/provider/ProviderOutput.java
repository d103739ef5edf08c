package org.gridstack.mds.provider;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Instant;
import java.util.List;

import com.unboundid.ldap.sdk.Entry;

/**
 * The result of one provider run: its entries (read-only copies, in the order produced), the
 * records it skipped and why (e.g. "line 12: ..."), and when the run finished. Immutable and
 * thread-safe as long as nobody modifies the entries, which every consumer treats as read-only.
 */
@ThreadSafe
public record ProviderOutput(
        @SuppressWarnings("ThreadSafe") /* an unmodifiable copy; its entries are never modified */ List<Entry> entries,
        @SuppressWarnings("ThreadSafe") /* unmodifiable copy (List.copyOf) of strings */ List<String> problems,
        Instant collectedAt) {
    public ProviderOutput {
        entries = List.copyOf(requireNonNull(entries, "entries is null"));
        problems = List.copyOf(requireNonNull(problems, "problems is null"));
        requireNonNull(collectedAt, "collectedAt is null");
    }
}
