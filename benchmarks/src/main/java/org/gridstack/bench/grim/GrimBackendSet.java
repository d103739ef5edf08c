package org.gridstack.bench.grim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.gridstack.grim.generate.GlueDataGenerator;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.basex.BaseXBackend;
import org.gridstack.grim.store.basex.BaseXSettings;
import org.gridstack.grim.store.ldap.LdapBackend;
import org.gridstack.grim.store.postgres.EmbeddedPostgres;
import org.gridstack.grim.store.postgres.PostgresBackend;
import java.util.Collections;

/**
 * The backends of one benchmark run, in this JVM, populated the seed's way (daisy chain): the
 * generator loads PostgreSQL, BaseX and LDAP are loaded from PostgreSQL's {@code snapshot()} (from
 * the generated objects when PostgreSQL is not part of the run), then every backend's object
 * counts are compared with the source. Load times are kept for the report. Closing stops what it
 * started and deletes BaseX's files. Thread-safe after {@link #load}.
 */
public final class GrimBackendSet implements AutoCloseable {
    /** The service's default generator seed ({@code grim.seed}). */
    public static final long SEED = 42;
    public static final List<String> ALL = List.of("postgres", "basex", "ldap");

    private final Map<String, GrimBackend> backends = new LinkedHashMap<>();
    private final Map<String, Long> loadMillis = new LinkedHashMap<>();
    private final List<AutoCloseable> owned = new ArrayList<>();
    private Path basexDir;
    private Dataset source;

    private GrimBackendSet() {
    }

    /** Starts and loads {@code names} (any of postgres, basex, ldap) at {@code scale}. */
    public static GrimBackendSet load(List<String> names, double scale, long seed) throws Exception {
        for (String n : names) {
            if (!ALL.contains(n)) {
                throw new IllegalArgumentException("unknown backend '" + n + "'; use any of " + ALL);
            }
        }
        GrimBackendSet set = new GrimBackendSet();
        boolean ok = false;
        try {
            long t = System.nanoTime();
            Dataset generated = new GlueDataGenerator(seed, scale).generate();
            set.loadMillis.put("generate", (System.nanoTime() - t) / 1_000_000);
            set.source = generated;
            if (names.contains("postgres")) {
                t = System.nanoTime();
                EmbeddedPostgres server = EmbeddedPostgres.start();
                set.owned.add(server);
                PostgresBackend pg = PostgresBackend.embedded(server, 16);
                set.owned.add(0, pg);
                pg.load(generated);
                set.source = pg.snapshot();
                set.loadMillis.put("postgres", (System.nanoTime() - t) / 1_000_000);
                set.backends.put("postgres", pg);
            }
            if (names.contains("basex")) {
                t = System.nanoTime();
                set.basexDir = Files.createTempDirectory("grim-bench-basex-");
                BaseXBackend basex = new BaseXBackend(BaseXSettings.embedded(set.basexDir));
                set.owned.add(0, basex);
                basex.load(set.source);
                set.loadMillis.put("basex", (System.nanoTime() - t) / 1_000_000);
                set.backends.put("basex", basex);
            }
            if (names.contains("ldap")) {
                t = System.nanoTime();
                LdapBackend ldap = LdapBackend.inMemory();
                set.owned.add(0, ldap);
                ldap.load(set.source);
                set.loadMillis.put("ldap", (System.nanoTime() - t) / 1_000_000);
                set.backends.put("ldap", ldap);
            }
            Map<String, Long> expected = set.source.counts();
            for (GrimBackend b : set.backends.values()) {
                Map<String, Long> got = b.counts();
                if (!expected.equals(got)) {
                    throw new IllegalStateException(b.name() + " holds other object counts than the source after loading: " + got
                            + " instead of " + expected);
                }
            }
            ok = true;
            return set;
        } finally {
            if (!ok) {
                set.close();
            }
        }
    }

    /** Backends by name, in the order postgres, basex, ldap. */
    public Map<String, GrimBackend> backends() {
        return Collections.unmodifiableMap(backends);
    }

    public GrimBackend backend(String name) {
        GrimBackend b = backends.get(name);
        if (b == null) {
            throw new IllegalArgumentException("backend " + name + " is not part of this run; loaded: " + backends.keySet());
        }
        return b;
    }

    /** The objects every backend was loaded from (PostgreSQL's read-back copy when it ran). */
    public Dataset source() {
        return source;
    }

    public long connections() {
        return source.count(GlueModel.CONNECTION);
    }

    /** Milliseconds for generate and per backend (start + load). */
    public Map<String, Long> loadMillis() {
        return Collections.unmodifiableMap(loadMillis);
    }

    @Override
    public void close() {
        for (AutoCloseable c : owned) {
            try {
                c.close();
            } catch (Exception e) {
                System.err.println("closing " + c + " failed: " + e);
            }
        }
        owned.clear();
        if (basexDir != null) {
            try (Stream<Path> files = Files.walk(basexDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                System.err.println("cannot delete " + basexDir + ": " + e);
            }
        }
    }
}
