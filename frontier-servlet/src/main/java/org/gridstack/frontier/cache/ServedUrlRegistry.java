package org.gridstack.frontier.cache;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.gridstack.frontier.db.TableChange;
import org.gridstack.frontier.db.TableName;

/**
 * Which cacheable URLs the servlet has answered, which tables each one read and, for row-level
 * invalidation, which rows of a table each one can depend on (a {@link RowPredicate} per simple
 * payload), so that a change to a table can be turned into exactly the URLs to purge from the
 * caches. Bounded: the least recently served URLs are forgotten first (a forgotten URL expires by
 * its max-age). Thread-safe.
 */
@ThreadSafe
public final class ServedUrlRegistry {
    /**
     * One payload of a served URL: its SQL, the values bound to its {@code ?} markers and the
     * schema-qualified tables it read.
     */
    public record Payload(String sql, List<String> binds, Set<TableName> tables) {
        public Payload {
            Objects.requireNonNull(sql, "sql is null");
            binds = List.copyOf(binds);
            tables = Set.copyOf(tables);
        }
    }

    /** The URLs to purge for a change, and how many readers of the table could be kept. */
    public record Affected(List<String> urls, int skipped) {
        public Affected {
            urls = List.copyOf(urls);
        }
    }

    /**
     * What one URL read: its tables and, per table, the predicates of its payloads when every
     * payload reading that table is summarised (a table absent from {@code predicates} is read
     * without a summary: any change to it purges the URL).
     */
    private record Entry(Set<TableName> tables, Map<TableName, List<RowPredicate>> predicates) {
    }

    private final int capacity;
    private final boolean rowGranularity;
    /** Guarded by this. Access order, so the eldest entry is the least recently served. */
    @GuardedBy("this")
    private final LinkedHashMap<String, Entry> urls;
    /** Guarded by this. */
    @GuardedBy("this")
    private final Map<TableName, Set<String>> byTable = new HashMap<>();
    /** Guarded by this. How many changes have been seen per table, to catch answers computed while a change was seen. */
    @GuardedBy("this")
    private final Map<TableName, Long> changesSeen = new HashMap<>();
    /** Told about answers that may have been computed before a change whose purge they missed. */
    @SuppressWarnings("ThreadSafe") // volatile: set once by the invalidator, read without a lock
    private volatile Consumer<String> lateAnswers = target -> { };

    /** A registry for table-level invalidation. */
    public ServedUrlRegistry(int capacity) {
        this(capacity, false);
    }

    /**
     * @param rowGranularity summarise simple payloads' WHERE clauses so that row changes that cannot
     *     affect an answer do not purge it
     */
    public ServedUrlRegistry(int capacity, boolean rowGranularity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        this.capacity = capacity;
        this.rowGranularity = rowGranularity;
        this.urls = new LinkedHashMap<>(16, 0.75f, true);
    }

    public boolean rowGranularity() {
        return rowGranularity;
    }

    /** Where answers go that were being computed while a change to their tables was seen (the invalidator purges them again). */
    public void onLateAnswer(Consumer<String> handler) {
        this.lateAnswers = Objects.requireNonNull(handler, "handler is null");
    }

    /** A change to these tables was seen (called when it is seen, before its purges run). */
    public synchronized void changeSeen(Collection<TableName> tables) {
        for (TableName t : tables) {
            changesSeen.merge(t, 1L, Long::sum);
        }
    }

    /** The number of changes seen so far to these tables; taken before a query runs. */
    public synchronized long changesSeen(Collection<TableName> tables) {
        long n = 0;
        for (TableName t : tables) {
            n += changesSeen.getOrDefault(t, 0L);
        }
        return n;
    }

    /**
     * Called after an answer was sent and recorded: when a change to its tables was seen since the
     * query started ({@code changesBefore}, from {@link #changesSeen}), the answer may hold the old
     * data while the change's purge ran before the cache stored it. Such a URL is handed to the
     * late-answer handler, which purges it again once the cache has it.
     */
    public void answered(String target, Collection<TableName> tables, long changesBefore) {
        if (changesSeen(tables) != changesBefore) {
            lateAnswers.accept(target);
        }
    }

    /** Records that {@code target} (path and query as requested) read these schema-qualified tables. */
    public void served(String target, Collection<TableName> tables) {
        put(target, new Entry(Set.copyOf(tables), Map.of()));
    }

    /**
     * Records that {@code target} read {@code tables} through {@code payloads}; with row granularity,
     * a payload reading one table with a simple WHERE clause is summarised.
     */
    public void served(String target, Collection<TableName> tables, List<Payload> payloads) {
        if (!rowGranularity) {
            served(target, tables);
            return;
        }
        synchronized (this) {
            Entry known = urls.get(target); // also marks it recently served
            if (known != null && known.tables().equals(Set.copyOf(tables))) {
                return; // same URL, same SQL: same summary
            }
        }
        Map<TableName, List<RowPredicate>> predicates = new HashMap<>();
        Set<TableName> unsummarised = new HashSet<>();
        for (Payload p : payloads) {
            Optional<RowPredicate> predicate = p.tables().size() == 1 ? PredicateExtractor.extract(p.sql(), p.binds()) : Optional.empty();
            if (predicate.isPresent()) {
                predicates.computeIfAbsent(p.tables().iterator().next(), k -> new ArrayList<>()).add(predicate.get());
            } else {
                unsummarised.addAll(p.tables());
            }
        }
        predicates.keySet().removeAll(unsummarised);
        predicates.keySet().retainAll(Set.copyOf(tables));
        Map<TableName, List<RowPredicate>> frozen = new HashMap<>();
        predicates.forEach((t, list) -> frozen.put(t, List.copyOf(list)));
        put(target, new Entry(Set.copyOf(tables), Map.copyOf(frozen)));
    }

    private synchronized void put(String target, Entry entry) {
        Entry previous = urls.put(target, entry);
        if (previous != null) {
            unindex(target, previous.tables());
        }
        for (TableName t : entry.tables()) {
            byTable.computeIfAbsent(t, k -> new HashSet<>()).add(target);
        }
        if (urls.size() > capacity) {
            var eldest = urls.entrySet().iterator().next();
            urls.remove(eldest.getKey());
            unindex(eldest.getKey(), eldest.getValue().tables());
        }
    }

    /** The URLs that read any of these tables; they are forgotten (a purged URL is re-registered when served again). */
    public synchronized List<String> takeReaders(Collection<TableName> tables) {
        Set<String> found = new HashSet<>();
        for (TableName t : tables) {
            Set<String> s = byTable.get(t);
            if (s != null) {
                found.addAll(s);
            }
        }
        forget(found);
        return List.copyOf(found);
    }

    /**
     * The URLs whose answers {@code change} may have changed: every reader of the table when the
     * whole table changed or the URL has no summary for it, otherwise the readers with a predicate
     * that some old or new row image may satisfy. They are forgotten; the others stay remembered.
     */
    public synchronized Affected takeAffected(TableChange change) {
        Set<String> readers = byTable.get(change.table());
        if (readers == null) {
            return new Affected(List.of(), 0);
        }
        if (change.wholeTableChanged()) {
            return new Affected(takeReaders(Set.of(change.table())), 0);
        }
        Set<String> found = new HashSet<>();
        int skipped = 0;
        for (String url : readers) {
            Entry e = urls.get(url);
            List<RowPredicate> predicates = e == null ? null : e.predicates().get(change.table());
            if (predicates == null || predicates.stream().anyMatch(p -> p.mayMatchAny(change.rows(), change.columns()))) {
                found.add(url);
            } else {
                skipped++;
            }
        }
        forget(found);
        return new Affected(List.copyOf(found), skipped);
    }

    /** Every remembered URL; they are forgotten (flushing a whole cache). */
    public synchronized List<String> takeAll() {
        List<String> all = List.copyOf(urls.keySet());
        urls.clear();
        byTable.clear();
        return all;
    }

    public synchronized int size() {
        return urls.size();
    }

    @GuardedBy("this")
    private void forget(Set<String> found) {
        for (String url : found) {
            Entry read = urls.remove(url);
            if (read != null) {
                unindex(url, read.tables());
            }
        }
    }

    @GuardedBy("this")
    private void unindex(String target, Set<TableName> tables) {
        for (TableName t : tables) {
            Set<String> s = byTable.get(t);
            if (s != null) {
                s.remove(target);
                if (s.isEmpty()) {
                    byTable.remove(t);
                }
            }
        }
    }
}
