package org.gridstack.mds.directory;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import org.gridstack.mds.cache.ProviderView;
import org.gridstack.mds.provider.ProviderOutput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.RDN;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;

/**
 * Builds the {@link DirectoryContent} a server answers from: the suffix entries (and their
 * ancestors, e.g. {@code o=Grid} above {@code Mds-Vo-name=local,o=Grid}) made up when no
 * provider supplies them, then every provider's entries that lie below a suffix. An entry
 * outside every suffix, or whose DN another provider already used, is dropped and logged once
 * per provider output. The result is memoised: while the providers' outputs are the same
 * objects (cached), the same content is returned, so prepared messages are reused.
 * Thread-safe (lock-free).
 */
@ThreadSafe
public final class DirectoryAssembler {
    private static final Logger log = LoggerFactory.getLogger(DirectoryAssembler.class);

    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf)
    private final List<DN> suffixes;
    @SuppressWarnings("ThreadSafe") // Memo: a key list never modified once published, and a @ThreadSafe DirectoryContent
    private final AtomicReference<Memo> memo = new AtomicReference<>();

    private record Memo(List<Object> key, DirectoryContent content) {
    }

    public DirectoryAssembler(List<DN> suffixes) {
        requireNonNull(suffixes, "suffixes is null");
        if (suffixes.isEmpty()) {
            throw new IllegalArgumentException("a directory needs at least one suffix");
        }
        this.suffixes = List.copyOf(suffixes);
    }

    public List<DN> suffixes() {
        return suffixes;
    }

    /** The content for these provider views (the same instance as last time if nothing changed). */
    public DirectoryContent assemble(List<ProviderView> views) {
        List<Object> key = new ArrayList<>(views.size() * 2);
        for (ProviderView v : views) {
            key.add(v.output().orElse(null));
            key.add(v.staleReason());
        }
        Memo m = memo.get();
        if (m != null && sameKey(m.key, key)) {
            return m.content;
        }
        DirectoryContent content = build(views);
        memo.set(new Memo(key, content));
        return content;
    }

    private static boolean sameKey(List<Object> a, List<Object> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            if (x instanceof String s ? !s.equals(y) : x != y) {
                return false;
            }
        }
        return true;
    }

    private DirectoryContent build(List<ProviderView> views) {
        Map<DN, Entry> entries = new LinkedHashMap<>();
        Map<DN, Instant> collected = new HashMap<>();
        Set<ProviderOutput> warned = Collections.newSetFromMap(new IdentityHashMap<>());
        List<String> stale = new ArrayList<>();
        for (ProviderView v : views) {
            if (v.stale()) {
                stale.add(v.staleReason() + (v.output().isPresent() ? " (serving its last data, collected "
                        + v.output().get().collectedAt() + ")" : " (no data yet)"));
            }
            if (v.output().isEmpty()) {
                continue;
            }
            ProviderOutput out = v.output().get();
            if (!out.problems().isEmpty()) {
                // a provider that exited non-zero or printed broken records: the client is told, once per provider
                int more = out.problems().size() - 1;
                stale.add(out.problems().get(0) + (more > 0 ? " (and " + more + " more problems)" : ""));
            }
            int outside = 0;
            int duplicate = 0;
            for (Entry e : out.entries()) {
                DN dn;
                try {
                    dn = e.getParsedDN();
                } catch (LDAPException ex) {
                    outside++;
                    continue;
                }
                if (!underSomeSuffix(dn)) {
                    outside++;
                    continue;
                }
                Entry before = entries.putIfAbsent(dn, e);
                if (before != null) {
                    if (!before.equals(e)) { // the same entry from two sources (a shared parent) is no conflict
                        duplicate++;
                    }
                } else {
                    collected.put(dn, out.collectedAt());
                }
            }
            if ((outside > 0 || duplicate > 0) && warned.add(out)) {
                log.warn("provider {}: {} entries outside the suffixes {} and {} with DNs already used were dropped",
                        v.settings().name(), outside, suffixes, duplicate);
            }
        }
        Set<DN> have = new HashSet<>(entries.keySet());
        List<Entry> all = new ArrayList<>(entries.size() + 4);
        for (DN suffix : suffixes) {
            for (DN d = suffix; d != null && !d.isNullDN(); d = d.getParent()) {
                if (have.add(d)) {
                    all.add(madeUp(d));
                }
            }
        }
        all.addAll(entries.values());
        all.sort(Comparator.comparingInt(DirectoryAssembler::depth));
        return new DirectoryContent(all, stale, collected, Instant.now());
    }

    private boolean underSomeSuffix(DN dn) {
        for (DN s : suffixes) {
            if (dn.isDescendantOf(s, true)) {
                return true;
            }
        }
        return false;
    }

    private static int depth(Entry e) {
        try {
            return e.getParsedDN().getRDNs().length;
        } catch (LDAPException ex) {
            return Integer.MAX_VALUE;
        }
    }

    /** A container entry for a suffix or its ancestor: MdsVo for Mds-Vo-name, organization for o. */
    static Entry madeUp(DN dn) {
        Entry e = new Entry(dn);
        RDN rdn = dn.getRDN();
        String attr = rdn.getAttributeNames()[0];
        String value = rdn.getAttributeValues()[0];
        if (attr.equalsIgnoreCase("Mds-Vo-name")) {
            e.addAttribute("objectClass", "MdsVo");
        } else if (attr.equalsIgnoreCase("o")) {
            e.addAttribute("objectClass", "organization");
        } else if (attr.equalsIgnoreCase("ou")) {
            e.addAttribute("objectClass", "organizationalUnit");
        } else if (attr.equalsIgnoreCase("GLUE2GroupID")) {
            e.addAttribute("objectClass", "GLUE2Group");
        } else {
            e.addAttribute("objectClass", "extensibleObject");
        }
        e.addAttribute(attr, value);
        return e;
    }
}
