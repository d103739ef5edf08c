package org.gridstack.grim.backends;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.gridstack.grim.config.GrimProperties;
import org.gridstack.grim.generate.GlueDataGenerator;
import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Rows;
import org.gridstack.grim.store.basex.BaseXBackend;
import org.gridstack.grim.store.basex.BaseXSettings;
import org.gridstack.grim.store.basex.XmlExporter;
import org.gridstack.grim.store.ldap.LdapBackend;
import org.gridstack.grim.store.ldap.LdifExporter;
import org.gridstack.grim.store.postgres.EmbeddedPostgres;
import org.gridstack.grim.store.postgres.PostgresBackend;
import org.gridstack.grim.store.replication.SystemOfRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collections;

/**
 * Starts the configured backends and populates them the seed's way (daisy chain): the generator
 * loads PostgreSQL, the relational copy is read back (together with its change-log position) and
 * exported as XML documents and LDIF (kept in the export directory), BaseX is loaded from the XML
 * files and LDAP from the same export, and finally every backend's objects are compared with the
 * relational copy. With {@code grim.postgres.keep-data} and a PostgreSQL that already holds GRIM's
 * data, nothing is generated: the other copies are rebuilt from what PostgreSQL holds.
 * Thread-safe after construction; closing stops everything it started and deletes its files.
 */
@ThreadSafe
public final class GrimStore implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(GrimStore.class);

    @SuppressWarnings("ThreadSafe") // filled by the constructor alone, only read after; GrimBackend is @ThreadSafe
    private final Map<String, GrimBackend> backends = new LinkedHashMap<>();
    @SuppressWarnings("ThreadSafe") // filled by the constructor alone, read by close()
    private final List<AutoCloseable> owned = new ArrayList<>();
    private final Path workDir;
    @SuppressWarnings("ThreadSafe") // volatile: an unmodifiable copy, written once while the constructor compares the copies
    private volatile Map<String, Boolean> consistent = Map.of();
    private final long connections;
    @SuppressWarnings("ThreadSafe") // volatile: written once while the constructor loads the copies, read without a lock
    private volatile long loadedAtChange;

    /**
     * Checks {@code p} ({@link GrimProperties#validate()}: IllegalArgumentException naming every
     * setting out of range, before anything is started), then starts, loads and compares the
     * backends it names; on a failure everything started so far is stopped again.
     */
    public GrimStore(GrimProperties p) throws IOException {
        requireNonNull(p, "properties is null");
        // the settings' one check (Spring ran it at binding already; a caller that built them by
        // hand gets the same refusal here, before anything starts): from here on grim.backends
        // names one to three known backends, each once
        p.validate();
        workDir = Files.createTempDirectory("grim-");
        boolean ok = false;
        try {
            for (String b : p.getBackends()) {
                switch (b.trim()) {
                    case "postgres" -> backends.put("postgres", postgres(p.getPostgres()));
                    case "basex" -> backends.put("basex", basex(p.getBasex()));
                    case "ldap" -> backends.put("ldap", ldap(p.getLdap()));
                    default -> { } // not reached: validate() refused every other name
                }
            }
            if (backends.get("postgres") instanceof PostgresBackend pg && p.getPostgres().isKeepData() && pg.holdsData()) {
                log.info("grim.postgres.keep-data: keeping the data PostgreSQL holds from an earlier run; the other copies are rebuilt from it");
                connections = populate(null);
            } else {
                long t0 = System.nanoTime();
                Dataset generated = new GlueDataGenerator(p.getSeed(), p.getScale()).generate();
                log.info("generated {} objects in {} collections (scale {}, seed {}) in {} ms", generated.totalObjects(),
                        GlueModel.collections().size(), p.getScale(), p.getSeed(), (System.nanoTime() - t0) / 1_000_000);
                connections = populate(generated);
            }
            ok = true;
        } finally {
            if (!ok) {
                close();
            }
        }
    }

    /** Loads the copies from {@code generated} (null: from what PostgreSQL holds); returns the number of connections. */
    private long populate(Dataset generated) throws IOException {
        Dataset source = generated;
        if (backends.get("postgres") instanceof PostgresBackend postgres) {
            long t = System.nanoTime();
            if (generated != null) {
                postgres.load(generated);
            }
            SystemOfRecord.Positioned snapshot = postgres.snapshotWithPosition();
            source = snapshot.data();
            loadedAtChange = snapshot.position();
            log.info("postgres {} in {} ms (change-log position {}); exporting XML and LDIF from the relational copy",
                    generated != null ? "loaded" : "read", (System.nanoTime() - t) / 1_000_000, loadedAtChange);
        }
        Path xmlDir = workDir.resolve("export/xml");
        new XmlExporter().export(source, xmlDir);
        Files.createDirectories(workDir.resolve("export"));
        Files.writeString(workDir.resolve("export/grim.ldif"), LdifExporter.export(source), StandardCharsets.UTF_8);
        // BaseX and LDAP load from the export independently: in parallel, so start-up waits for the
        // slower one rather than for both; then every copy is compared with the source, also in parallel
        List<Callable<Void>> loads = new ArrayList<>();
        GrimBackend basex = backends.get("basex");
        if (basex != null) {
            loads.add(() -> {
                long t = System.nanoTime();
                ((BaseXBackend) basex).loadXml(xmlDir);
                log.info("basex loaded from {} in {} ms", xmlDir, (System.nanoTime() - t) / 1_000_000);
                return null;
            });
        }
        GrimBackend ldap = backends.get("ldap");
        if (ldap != null) {
            Dataset loaded = source;
            loads.add(() -> {
                long t = System.nanoTime();
                ldap.load(loaded);
                log.info("ldap loaded in {} ms", (System.nanoTime() - t) / 1_000_000);
                return null;
            });
        }
        runInParallel(loads);
        Map<String, Boolean> same = Collections.synchronizedMap(new LinkedHashMap<>());
        Dataset expected = source;
        List<Callable<Void>> checks = new ArrayList<>();
        for (GrimBackend b : backends.values()) {
            same.put(b.name(), Boolean.FALSE);
            checks.add(() -> {
                boolean equal = sameObjects(b.snapshot(), expected);
                same.put(b.name(), equal);
                if (!equal) {
                    log.error("{} does not hold the same objects as the relational copy", b.name());
                }
                return null;
            });
        }
        runInParallel(checks);
        consistent = Collections.unmodifiableMap(new LinkedHashMap<>(same));
        log.info("all backends hold the same objects: {}", same);
        return source.count(GlueModel.CONNECTION);
    }

    /** Runs the tasks on threads of their own and waits for all; the first failure is rethrown. */
    private static void runInParallel(List<Callable<Void>> tasks) throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, tasks.size()), r -> new Thread(r, "grim-load"));
        try {
            for (Future<Void> f : pool.invokeAll(tasks)) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while loading the backends", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException io) {
                throw io;
            }
            if (c instanceof RuntimeException re) {
                throw re;
            }
            throw new IOException(c.getMessage(), c);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The change-log position every copy was loaded at (0 without PostgreSQL). */
    public long loadedAtChange() {
        return loadedAtChange;
    }

    /** True when both datasets hold the same objects in every collection (order-independent). */
    public static boolean sameObjects(Dataset a, Dataset b) {
        for (CollectionDef def : GlueModel.collections()) {
            if (!sorted(a, def.name()).equals(sorted(b, def.name()))) {
                return false;
            }
        }
        return true;
    }

    private static List<List<Object>> sorted(Dataset d, String c) {
        return Rows.sort(d.rows(c).stream().map(r -> (List<Object>) Arrays.asList(r)).toList());
    }

    private GrimBackend postgres(GrimProperties.Postgres p) throws IOException {
        if (p.getUrl().isBlank()) {
            EmbeddedPostgres server;
            try {
                server = EmbeddedPostgres.start(p.getTempFileLimit());
            } catch (SQLException e) {
                throw new IOException("cannot start embedded PostgreSQL: " + e.getMessage(), e);
            }
            owned.add(server);
            return PostgresBackend.embedded(server, p.getPoolSize());
        }
        return new PostgresBackend(p.getUrl(), p.getUser(), blankToNull(p.getPassword()), blankToNull(p.getReaderUser()),
                blankToNull(p.getReaderPassword()), p.getPoolSize());
    }

    private GrimBackend basex(GrimProperties.BaseX p) throws IOException {
        if (p.getHost().isBlank()) {
            Path dir = workDir.resolve("basex");
            Files.createDirectories(dir);
            return new BaseXBackend(BaseXSettings.embedded(dir));
        }
        return new BaseXBackend(BaseXSettings.client(p.getHost(), p.getPort(), p.getUser(), p.getPassword()));
    }

    private GrimBackend ldap(GrimProperties.Ldap p) {
        if (p.getUrl().isBlank()) {
            return LdapBackend.inMemory();
        }
        return LdapBackend.external(p.getUrl(), p.getBindDn(), p.getPassword());
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    /** The backend named {@code name}; 400 naming the started ones otherwise. */
    public GrimBackend backend(String name) {
        GrimBackend b = backends.get(name == null || name.isBlank() ? "postgres" : name.trim());
        if (b == null) {
            throw GrimException.badRequest("unknown or not started backend '" + name + "'; started: " + String.join(", ", backends.keySet()));
        }
        return b;
    }

    /**
     * The backends a write names: one started backend, or every started one for {@code all}. Writes
     * never fall back to a default: without {@code backend} the answer is 400, so no provider
     * changes one copy while believing it changed them all.
     */
    public List<String> writeTargets(String name) {
        if (name == null || name.isBlank()) {
            throw GrimException.badRequest("updates need the parameter backend: one of " + String.join(", ", backends.keySet())
                    + ", or all to change every copy");
        }
        return "all".equals(name.trim()) ? List.copyOf(backends.keySet()) : List.of(backend(name).name());
    }

    public Map<String, GrimBackend> backends() {
        return backends;
    }

    /** Every backend's whole copy, by backend name (for checks that the copies are equal). */
    public Map<String, Dataset> snapshots() {
        Map<String, Dataset> m = new LinkedHashMap<>();
        for (GrimBackend b : backends().values()) {
            m.put(b.name(), b.snapshot());
        }
        return m;
    }

    /** Whether each backend held the same objects as the relational copy after loading. */
    public Map<String, Boolean> consistentAfterLoad() {
        return consistent;
    }

    /** Connections in the generated database (the selectivity defaults follow it). */
    public long connections() {
        return connections;
    }

    public Path exportDirectory() {
        return workDir.resolve("export");
    }

    @Override
    public void close() {
        for (GrimBackend b : backends.values()) {
            try {
                b.close();
            } catch (RuntimeException e) {
                log.warn("closing {} failed: {}", b.name(), e.toString());
            }
        }
        for (AutoCloseable c : owned) {
            try {
                c.close();
            } catch (Exception e) {
                log.warn("stopping {} failed: {}", c, e.toString());
            }
        }
        try (Stream<Path> files = Files.walk(workDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            log.warn("could not delete {}: {}", workDir, e.toString());
        }
    }
}
