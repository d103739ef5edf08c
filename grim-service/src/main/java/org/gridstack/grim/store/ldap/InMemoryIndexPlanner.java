package org.gridstack.grim.store.ldap;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.GlueModel;

import com.unboundid.ldap.sdk.Filter;

/**
 * Rewrites a search filter, without changing what it matches, into the form UnboundID's
 * {@code InMemoryDirectoryServer} answers fastest. That server (SDK 7.0) builds a candidate set
 * from its equality indexes before it evaluates the filter: for an AND it copies the set of the
 * first indexed component into a new {@code TreeSet<DN>} and intersects it with every other
 * indexed component's set; an OR is the union of its components' sets (no candidates if any
 * component is unindexed). Each step compares DNs, and a DN comparison normalises every RDN value
 * through the schema's matching rules (a few microseconds), so a candidate set costs tens of
 * microseconds per entry: {@code (&(objectClass=GlueHost)(GlueHostUniqueID=h))} took 1.4 s at
 * scale 1 (29,743 hosts copied and looked up), the same filter with the ID first 1.4 ms, and a
 * scan of all 81,684 entries without any index about 0.2 s.
 *
 * <p>So: in every AND only the component naming the fewest entries stays visible to the index
 * (and only if it names fewer than {@link #SCAN_LIMIT}); the others are still evaluated on each
 * candidate but hidden from the index as {@code (!(!f))}; an OR naming more than the limit is
 * hidden whole (a scan is cheaper). Sizes are estimated from the model at scale 1 (the ratios hold
 * at any scale): an objectClass names its collection's objects, a key value one object plus the
 * objects referencing it. For other servers (slapd intersects ID lists) filters are sent as built.
 * Stateless and thread-safe.
 */
@ThreadSafe
final class InMemoryIndexPlanner {
    /** Estimated size of a component the server has no index for. */
    static final long UNINDEXED = Long.MAX_VALUE;
    /**
     * Above this many candidates a scan of every entry is cheaper than the candidate set
     * (measured at scale 1: about 65 us per candidate of an AND against 2.5 us per scanned entry).
     */
    static final long SCAN_LIMIT = GlueModel.TOTAL_OBJECTS / 32;

    private static final Map<String, Long> BY_CLASS = new HashMap<>();
    private static final Map<String, Long> PER_VALUE = new HashMap<>();

    static {
        Set<String> indexed = new HashSet<>();
        for (String a : GlueDit.equalityIndexAttributes()) {
            indexed.add(lower(a));
        }
        for (CollectionDef d : GlueModel.collections()) {
            BY_CLASS.put(lower(d.glueName()), (long) d.baseCount());
            for (Column c : d.columns()) {
                String a = lower(c.glueName());
                if (!indexed.contains(a) || a.equals("objectclass")) {
                    continue;
                }
                long n;
                if (c.isReference()) {
                    // objects of d per object of the target (at least one)
                    n = Math.max(1, Math.round((double) d.baseCount() / GlueModel.collection(c.references()).baseCount()));
                } else {
                    n = 1; // a key, or an indexed attribute treated as (nearly) unique
                }
                PER_VALUE.merge(a, n, InMemoryIndexPlanner::add);
            }
        }
    }

    private InMemoryIndexPlanner() {
    }

    /** The same filter, shaped for the in-memory server's equality indexes. */
    static Filter shape(Filter f) {
        Filter shaped = shapeIndexed(f);
        long size = estimate(shaped);
        return size != UNINDEXED && size > SCAN_LIMIT ? hide(f) : shaped;
    }

    private static Filter shapeIndexed(Filter f) {
        switch (f.getFilterType()) {
            case Filter.FILTER_TYPE_AND -> {
                Filter[] comps = f.getComponents();
                if (comps.length == 1) {
                    return Filter.createANDFilter(shapeIndexed(comps[0]));
                }
                List<Filter> shaped = new ArrayList<>(comps.length);
                for (Filter c : comps) {
                    shaped.add(shapeIndexed(c));
                }
                Filter best = null;
                long bestSize = UNINDEXED;
                for (Filter s : shaped) {
                    long size = estimate(s);
                    if (size < bestSize) {
                        best = s;
                        bestSize = size;
                    }
                }
                if (best == null) {
                    return Filter.createANDFilter(shaped);
                }
                if (bestSize > SCAN_LIMIT) {
                    return hide(f);
                }
                // the most selective component first and the only one the index sees
                List<Filter> out = new ArrayList<>(comps.length);
                out.add(best);
                for (int i = 0; i < comps.length; i++) {
                    if (shaped.get(i) != best) {
                        out.add(indexable(comps[i]) ? hide(comps[i]) : comps[i]);
                    }
                }
                return Filter.createANDFilter(out);
            }
            case Filter.FILTER_TYPE_OR -> {
                Filter[] comps = f.getComponents();
                List<Filter> unindexed = new ArrayList<>();
                List<Filter> indexed = new ArrayList<>();
                long total = 0;
                for (Filter c : comps) {
                    Filter s = shapeIndexed(c);
                    long size = estimate(s);
                    (size == UNINDEXED ? unindexed : indexed).add(s);
                    total = add(total, size);
                }
                if (total != UNINDEXED && total > SCAN_LIMIT) {
                    return hide(f);
                }
                // an unindexed component first: the server gives up on the index before building any set
                unindexed.addAll(indexed);
                return Filter.createORFilter(unindexed);
            }
            default -> {
                return f;
            }
        }
    }

    /** Whether the server would look {@code f} up in an index (or build a set for it). */
    private static boolean indexable(Filter f) {
        byte t = f.getFilterType();
        return t == Filter.FILTER_TYPE_AND || t == Filter.FILTER_TYPE_OR || (t == Filter.FILTER_TYPE_EQUALITY && estimate(f) != UNINDEXED);
    }

    /** How many entries the server's index names for {@code f} (an estimate), or {@link #UNINDEXED}. */
    static long estimate(Filter f) {
        switch (f.getFilterType()) {
            case Filter.FILTER_TYPE_EQUALITY -> {
                String a = lower(f.getAttributeName());
                if (a.equals("objectclass")) {
                    return BY_CLASS.getOrDefault(lower(f.getAssertionValue()), (long) GlueModel.TOTAL_OBJECTS);
                }
                return PER_VALUE.getOrDefault(a, UNINDEXED);
            }
            case Filter.FILTER_TYPE_AND -> {
                long min = UNINDEXED;
                for (Filter c : f.getComponents()) {
                    min = Math.min(min, estimate(c));
                }
                return min;
            }
            case Filter.FILTER_TYPE_OR -> {
                long total = 0;
                for (Filter c : f.getComponents()) {
                    total = add(total, estimate(c));
                }
                return total;
            }
            default -> {
                return UNINDEXED;
            }
        }
    }

    /** {@code (!(!f))}: matches what {@code f} matches; the in-memory server uses no index for a NOT. */
    static Filter hide(Filter f) {
        return Filter.createNOTFilter(Filter.createNOTFilter(f));
    }

    private static long add(long a, long b) {
        return a == UNINDEXED || b == UNINDEXED || a > UNINDEXED - b ? UNINDEXED : a + b;
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
