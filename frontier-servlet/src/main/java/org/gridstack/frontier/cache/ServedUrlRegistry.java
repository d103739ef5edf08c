package org.gridstack.frontier.cache;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gridstack.frontier.db.TableName;

/**
 * Which cacheable URLs the servlet has answered, and which tables each one read, so that a change
 * to a table can be turned into exactly the URLs to purge from the caches. Bounded: the least
 * recently served URLs are forgotten first (a forgotten URL expires by its max-age). Thread-safe.
 */
public final class ServedUrlRegistry {
    private final int capacity;
    /** Guarded by this. Access order, so the eldest entry is the least recently served. */
    private final LinkedHashMap<String, Set<TableName>> urls;
    /** Guarded by this. */
    private final Map<TableName, Set<String>> byTable = new HashMap<>();

    public ServedUrlRegistry(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        this.capacity = capacity;
        this.urls = new LinkedHashMap<>(16, 0.75f, true);
    }

    /** Records that {@code target} (path and query as requested) read these schema-qualified tables. */
    public synchronized void served(String target, Collection<TableName> tables) {
        Set<TableName> previous = urls.put(target, Set.copyOf(tables));
        if (previous != null) {
            unindex(target, previous);
        }
        for (TableName t : tables) {
            byTable.computeIfAbsent(t, k -> new HashSet<>()).add(target);
        }
        if (urls.size() > capacity) {
            var eldest = urls.entrySet().iterator().next();
            urls.remove(eldest.getKey());
            unindex(eldest.getKey(), eldest.getValue());
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
        for (String url : found) {
            Set<TableName> read = urls.remove(url);
            if (read != null) {
                unindex(url, read);
            }
        }
        return List.copyOf(found);
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
