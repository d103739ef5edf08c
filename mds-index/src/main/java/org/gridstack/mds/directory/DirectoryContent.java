package org.gridstack.mds.directory;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.unboundid.asn1.ASN1Buffer;
import com.unboundid.ldap.protocol.SearchResultEntryProtocolOp;
import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.ReadOnlyEntry;
import com.unboundid.ldap.sdk.LDAPException;
import java.time.Instant;

/**
 * An immutable set of directory entries, as one search sees them: entries by DN (parents before
 * children), the lower-case names of every attribute that occurs (for "unknown attribute"
 * diagnostics), the providers whose data is stale and why, and for each entry its search-result
 * message prepared once (what a search for all user attributes sends), also BER-encoded once, so
 * a cached answer is encoded once and sent many times. Thread-safe.
 */
@ThreadSafe
public final class DirectoryContent {
    @SuppressWarnings("ThreadSafe") // an unmodifiable view of a map nobody else holds (Collections.unmodifiableMap)
    private final Map<DN, Item> byDn;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf) of items whose entries are never modified
    private final List<Item> items;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (Set.copyOf)
    private final Set<String> attributeNames;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (List.copyOf)
    private final List<String> staleNotes;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (Set.copyOf)
    private final Set<DN> parents;
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (Map.copyOf)
    private final Map<DN, Instant> collectedAt;
    private final Instant assembledAt;

    /**
     * One entry with its prepared search-result message and that message's BER encoding (the
     * protocol op alone, without the LDAP message's envelope and ID; never modify the array).
     */
    public record Item(ReadOnlyEntry entry, SearchResultEntryProtocolOp message, byte[] encodedMessage) {
        Item(ReadOnlyEntry entry, SearchResultEntryProtocolOp message) {
            this(entry, message, encode(message));
        }

        private static byte[] encode(SearchResultEntryProtocolOp message) {
            ASN1Buffer buffer = new ASN1Buffer();
            message.writeTo(buffer);
            return buffer.toByteArray();
        }
    }

    /**
     * @param entries the entries, parents before children (not checked: a missing parent only
     *                makes the child unreachable by one-level searches from it)
     * @param staleNotes one line per stale provider or provider that reported a problem
     */
    public DirectoryContent(Collection<? extends Entry> entries, List<String> staleNotes) {
        this(entries, staleNotes, Map.of(), Instant.now());
    }

    /**
     * @param collectedAt when each entry's provider collected it (its {@code modifyTimestamp})
     * @param assembledAt the timestamp of entries not in {@code collectedAt} (made-up parents)
     */
    public DirectoryContent(Collection<? extends Entry> entries, List<String> staleNotes,
            Map<DN, Instant> collectedAt, Instant assembledAt) {
        requireNonNull(entries, "entries is null");
        this.staleNotes = List.copyOf(requireNonNull(staleNotes, "staleNotes is null"));
        this.collectedAt = Map.copyOf(requireNonNull(collectedAt, "collectedAt is null"));
        this.assembledAt = requireNonNull(assembledAt, "assembledAt is null");
        Set<DN> parentSet = new HashSet<>();
        Map<DN, Item> map = new LinkedHashMap<>();
        Set<String> names = new HashSet<>();
        for (Entry e : entries) {
            ReadOnlyEntry ro = e instanceof ReadOnlyEntry r ? r : new ReadOnlyEntry(e);
            DN dn;
            try {
                dn = ro.getParsedDN();
            } catch (LDAPException ex) {
                continue; // the assembler drops entries with bad DNs before they get here
            }
            map.putIfAbsent(dn, new Item(ro, new SearchResultEntryProtocolOp(ro)));
            DN parent = dn.getParent();
            if (parent != null) {
                parentSet.add(parent);
            }
            for (Attribute a : ro.getAttributes()) {
                names.add(a.getBaseName().toLowerCase(Locale.ROOT));
            }
        }
        this.byDn = Collections.unmodifiableMap(map);
        this.items = List.copyOf(map.values());
        this.attributeNames = Set.copyOf(names);
        this.parents = Set.copyOf(parentSet);
    }

    /** Whether some entry here lies directly below {@code dn}. */
    public boolean hasSubordinates(DN dn) {
        return parents.contains(dn);
    }

    /** When the entry's provider collected it (for entries made up here: when the content was assembled). */
    public Instant collectedAt(Entry entry) {
        try {
            return collectedAt.getOrDefault(entry.getParsedDN(), assembledAt);
        } catch (LDAPException e) {
            return assembledAt;
        }
    }

    public static DirectoryContent empty() {
        return new DirectoryContent(List.of(), List.of());
    }

    /** Every entry, parents before children. */
    public List<Item> items() {
        return items;
    }

    public Item get(DN dn) {
        return byDn.get(dn);
    }

    public int size() {
        return items.size();
    }

    /** Whether some entry has an attribute of this name (case-insensitive, without options). */
    public boolean hasAttribute(String baseName) {
        return attributeNames.contains(baseName.toLowerCase(Locale.ROOT));
    }

    /** One line per provider whose data is stale; empty when everything is fresh. */
    public List<String> staleNotes() {
        return staleNotes;
    }

    /** All entries as plain (read-only) entries, e.g. to write them as LDIF. */
    public List<Entry> entries() {
        List<Entry> out = new ArrayList<>(items.size());
        for (Item i : items) {
            out.add(i.entry);
        }
        return out;
    }
}
