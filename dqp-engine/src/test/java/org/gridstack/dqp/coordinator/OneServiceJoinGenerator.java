package org.gridstack.dqp.coordinator;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random queries over joins of the demo's host A tables only ({@code measurements},
 * {@code protein_goterm}, {@code goterms}), which a data service may compute itself: two to four
 * tables, inner, left, right and full joins on equalities of columns of one type (every type
 * {@code measurements} has, including NULL keys), extra ON and WHERE conditions (also {@code IN}
 * sub-queries), plain columns,
 * {@code count(*)}, or aggregates with and without groups. Query i of a seed is always the same
 * text. Not thread-safe.
 */
final class OneServiceJoinGenerator {
    private static final String[] JOIN_TYPES = {"join", "left join", "right join", "full join"};

    // a table (or a filtered sub-select of one, to keep joins small), its column kinds and the keys it joins on
    private enum Relation {
        M("measurements", List.of("id", "orf", "replicate", "total", "ratio", "concentration", "sample_day", "start_time", "taken_at",
                "logged_at", "raw"), List.of("id", "total", "sample_day", "concentration", "ratio", "taken_at", "logged_at",
                "start_time", "orf")),
        PG("(select * from protein_goterm where orf like 'YA%')", List.of("orf", "gotermidentifier"), List.of("orf", "gotermidentifier")),
        G("(select * from goterms where id < 'GO:0010000')", List.of("id", "name", "namespace", "isobsolete", "definition"), List.of("id"));

        final String from;
        final List<String> columns;
        final List<String> keys;

        Relation(String from, List<String> columns, List<String> keys) {
            this.from = from;
            this.columns = columns;
            this.keys = keys;
        }
    }

    private static final List<String> NUMBERS = List.of("id", "replicate", "total", "ratio", "concentration");
    private static final List<String> ORDERED = List.of("id", "orf", "replicate", "total", "ratio", "concentration", "sample_day",
            "start_time", "taken_at", "logged_at", "gotermidentifier", "name", "namespace");

    private final long seed;

    OneServiceJoinGenerator(long seed) {
        this.seed = seed;
    }

    /** Query {@code index} of this generator's seed. */
    String query(long index) {
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + index);
        List<Relation> relations = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        StringBuilder from = new StringBuilder();
        int tables = 2 + random.nextInt(3);
        for (int t = 0; t < tables; t++) {
            Relation next = Relation.values()[random.nextInt(Relation.values().length)];
            String alias = next.name().toLowerCase(java.util.Locale.ROOT) + t;
            if (t == 0) {
                from.append(next.from).append(' ').append(alias);
            } else {
                String on = key(random, relations, aliases, next, alias);
                if (on == null) {
                    // the first table joined with itself always has a key
                    next = relations.get(0);
                    alias = next.name().toLowerCase(java.util.Locale.ROOT) + t;
                    on = key(random, relations, aliases, next, alias);
                }
                if (random.nextInt(4) == 0) {
                    on += " and " + condition(random, next, alias);
                }
                from.append(' ').append(JOIN_TYPES[random.nextInt(JOIN_TYPES.length)]).append(' ').append(next.from).append(' ')
                        .append(alias).append(" on ").append(on);
            }
            relations.add(next);
            aliases.add(alias);
        }
        String where = random.nextInt(3) == 0 ? "" : " where " + condition(random, relations, aliases);
        int shape = random.nextInt(10);
        if (shape == 0) {
            return "select count(*) from " + from + where;
        }
        if (shape < 5) {
            List<String> items = new ArrayList<>();
            for (int i = 1 + random.nextInt(4); i > 0; i--) {
                items.add(anyColumn(random, relations, aliases, r -> r.columns));
            }
            return "select " + String.join(", ", items) + " from " + from + where;
        }
        List<String> groups = new ArrayList<>();
        for (int i = random.nextInt(3); i > 0; i--) {
            groups.add(anyColumn(random, relations, aliases, r -> r.columns));
        }
        List<String> items = new ArrayList<>(groups);
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
            items.add(aggregate(random, relations, aliases));
        }
        return "select " + String.join(", ", items) + " from " + from + where + (groups.isEmpty() ? "" : " group by " + String.join(", ", groups));
    }

    // "earlier.k = alias.k": a table with itself on any of its keys, measurements with protein_goterm on orf,
    // protein_goterm with goterms on the term's id; null when no earlier table pairs with the next one
    private static String key(SplittableRandom random, List<Relation> relations, List<String> aliases, Relation next, String alias) {
        List<String> candidates = new ArrayList<>();
        for (int i = 0; i < relations.size(); i++) {
            Relation earlier = relations.get(i);
            for (String k : earlier.keys) {
                if (earlier == next) {
                    candidates.add(aliases.get(i) + "." + k + " = " + alias + "." + k);
                }
            }
            if (earlier == Relation.PG && next == Relation.G) {
                candidates.add(aliases.get(i) + ".gotermidentifier = " + alias + ".id");
            }
            if (earlier == Relation.G && next == Relation.PG) {
                candidates.add(alias + ".gotermidentifier = " + aliases.get(i) + ".id");
            }
            if ((earlier == Relation.M && next == Relation.PG) || (earlier == Relation.PG && next == Relation.M)) {
                candidates.add(aliases.get(i) + ".orf = " + alias + ".orf");
            }
        }
        if (candidates.isEmpty()) {
            return null;
        }
        String on = candidates.get(random.nextInt(candidates.size()));
        if (candidates.size() > 1 && random.nextInt(5) == 0) {
            String second = candidates.get(random.nextInt(candidates.size()));
            if (!second.equals(on)) {
                on += " and " + second;
            }
        }
        return on;
    }

    private static String condition(SplittableRandom random, List<Relation> relations, List<String> aliases) {
        int i = random.nextInt(relations.size());
        if (random.nextInt(5) == 0) {
            // an IN sub-query over one of the tables
            return switch (relations.get(i)) {
                case M -> aliases.get(i) + (random.nextBoolean() ? ".orf in (select orf from protein_goterm where gotermidentifier < 'GO:00"
                        + random.nextInt(10) + "')" : ".replicate in (select replicate from measurements where id < " + random.nextInt(300) + ")");
                case PG -> aliases.get(i) + ".gotermidentifier in (select id from goterms where name like '" + (char) ('a' + random.nextInt(26))
                        + "%')";
                case G -> aliases.get(i) + ".id in (select gotermidentifier from protein_goterm where orf like 'YB%')";
            };
        }
        String c = condition(random, relations.get(i), aliases.get(i));
        if (random.nextInt(4) == 0) {
            int j = random.nextInt(relations.size());
            c = "(" + c + " or " + condition(random, relations.get(j), aliases.get(j)) + ")";
        }
        return c;
    }

    private static String condition(SplittableRandom random, Relation relation, String alias) {
        String column = alias + "." + relation.columns.get(random.nextInt(relation.columns.size()));
        switch (random.nextInt(3)) {
            case 0:
                return column + (random.nextBoolean() ? " is null" : " is not null");
            case 1:
                return switch (relation) {
                    case M -> alias + ".id " + (random.nextBoolean() ? "<" : ">") + " " + random.nextInt(300);
                    case PG -> alias + ".gotermidentifier " + (random.nextBoolean() ? "<" : ">=") + " 'GO:00" + random.nextInt(10) + "'";
                    case G -> random.nextBoolean() ? (random.nextBoolean() ? "not " : "") + alias + ".isobsolete"
                            : alias + ".namespace = 'biological_process'";
                };
            default:
                return switch (relation) {
                    case M -> alias + ".orf like 'Y" + (char) ('A' + random.nextInt(8)) + "%'";
                    case PG -> alias + ".orf like 'YA" + (char) ('A' + random.nextInt(12)) + "%'";
                    case G -> alias + ".name like '" + (char) ('a' + random.nextInt(26)) + "%'";
                };
        }
    }

    private static String aggregate(SplittableRandom random, List<Relation> relations, List<String> aliases) {
        switch (random.nextInt(5)) {
            case 0:
                return "count(*)";
            case 1:
                return "count(" + (random.nextBoolean() ? "distinct " : "") + anyColumn(random, relations, aliases, r -> r.columns) + ")";
            case 2:
                String number = anyColumn(random, relations, aliases, r -> r == Relation.M ? NUMBERS : List.of());
                if (number != null) {
                    return (random.nextBoolean() ? "sum(" : "avg(") + number + ")";
                }
                return "count(*)";
            default:
                String ordered = anyColumn(random, relations, aliases, r -> r.columns.stream().filter(ORDERED::contains).toList());
                return (random.nextBoolean() ? "min(" : "max(") + ordered + ")";
        }
    }

    // a qualified column of one of the tables that has any of the columns chooses; null when none has
    private static String anyColumn(SplittableRandom random, List<Relation> relations, List<String> aliases,
            java.util.function.Function<Relation, List<String>> chooses) {
        List<String> all = new ArrayList<>();
        for (int i = 0; i < relations.size(); i++) {
            for (String c : chooses.apply(relations.get(i))) {
                all.add(aliases.get(i) + "." + c);
            }
        }
        return all.isEmpty() ? null : all.get(random.nextInt(all.size()));
    }
}
