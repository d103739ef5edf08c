package org.gridstack.mds.provider;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.RDN;
import com.unboundid.util.StaticUtils;

/**
 * Seed 002's set-up: an index of N entries, each with one {@code date} attribute that holds the
 * time of the run (generalized time), named {@code cn=entry-<i>} under a parent DN. Every run
 * makes fresh entries, so uncached searches really do the work. Thread-safe.
 */
@ThreadSafe
public final class SyntheticProvider implements InformationProvider {
    private final ProviderSettings settings;
    private final DN parent;
    private final int count;
    private final Clock clock;

    public SyntheticProvider(ProviderSettings settings, DN parent, int count, Clock clock) {
        this.settings = requireNonNull(settings, "settings is null");
        this.parent = requireNonNull(parent, "parent is null");
        this.clock = requireNonNull(clock, "clock is null");
        if (count < 0) {
            throw new IllegalArgumentException("the synthetic provider's entry count " + count + " is negative");
        }
        this.count = count;
    }

    @Override
    public ProviderSettings settings() {
        return settings;
    }

    @Override
    public ProviderOutput collect() {
        Instant now = clock.instant();
        String date = StaticUtils.encodeGeneralizedTime(now.toEpochMilli());
        List<Entry> entries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            DN dn = new DN(new RDN("cn", "entry-" + i), parent);
            Entry e = new Entry(dn);
            e.addAttribute("objectClass", "top", "extensibleObject");
            e.addAttribute("cn", "entry-" + i);
            e.addAttribute("date", date);
            entries.add(e);
        }
        return new ProviderOutput(entries, List.of(), now);
    }
}
