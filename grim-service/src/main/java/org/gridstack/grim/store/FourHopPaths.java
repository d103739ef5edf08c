package org.gridstack.grim.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * networkHop's answer from an adjacency map (source endpoint -> target endpoints): every path of
 * exactly four hops from {@code start} that never revisits an endpoint (docs/operations.md #12).
 * Shared by the reference evaluator and the backends that walk the graph in the client.
 */
public final class FourHopPaths {
    private FourHopPaths() {
    }

    public static List<List<Object>> from(Map<String, List<String>> next, String start) {
        List<List<Object>> out = new ArrayList<>();
        for (String a : next.getOrDefault(start, List.of())) {
            if (a.equals(start)) {
                continue;
            }
            for (String b : next.getOrDefault(a, List.of())) {
                if (b.equals(start) || b.equals(a)) {
                    continue;
                }
                for (String c : next.getOrDefault(b, List.of())) {
                    if (c.equals(start) || c.equals(a) || c.equals(b)) {
                        continue;
                    }
                    for (String d : next.getOrDefault(c, List.of())) {
                        if (!d.equals(start) && !d.equals(a) && !d.equals(b) && !d.equals(c)) {
                            out.add(List.of(a, b, c, d));
                        }
                    }
                }
            }
        }
        return out;
    }
}
