package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

import org.basex.api.client.Session;
import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.NativeResult;
import org.gridstack.grim.store.OperationParameters;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.OperationTemplate;
import org.gridstack.grim.store.QueryLimits;
import org.gridstack.grim.store.Update;
import org.basex.core.cmd.XQuery;

/**
 * GRIM on BaseX (the seed's native XML platform, Xindice then): one database holding the
 * documents of {@link XmlLayout}, attribute index restricted to the model's logical indexes and
 * kept current on updates. Embedded ({@link BaseXSettings#embedded}) or client/server.
 *
 * <p>Anonymous native XQueries read, when BaseX is embedded, a {@link ReadCopy} in a BaseX context
 * of its own that follows this database in the background, so they never hold a lock its writer
 * needs; with a BaseX server they run on the server's database (the server's FAIRLOCK setting
 * then decides how long a writer may wait behind them).
 *
 * <p>Thread-safe: reads run concurrently on pooled sessions (BaseX locks per database);
 * {@link #load}, {@link #apply} and the update operation hold {@code writeLock}, because a batch
 * is checked and then written in two steps and must not interleave with another writer.
 */
@ThreadSafe
public final class BaseXBackend implements GrimBackend {
    private final BaseXSettings settings;
    private final SessionFactory sessions;
    private final SessionPool pool;
    private final FaithfulOperations faithful;
    private final BestQueries best;
    /** Serialises writers (load, apply, update). */
    private final ReentrantLock writeLock = new ReentrantLock();
    /** Read-only sessions of native queries on this database (client/server mode). */
    private final ReaderSessions readers;
    /** The copy native queries read (embedded mode), else null. */
    private final ReadCopy readCopy;

    public BaseXBackend(BaseXSettings settings) {
        this.settings = requireNonNull(settings, "settings is null");
        this.sessions = settings.embedded() ? new EmbeddedSessionFactory(settings.dbPath()) : new ClientSessionFactory(settings);
        this.pool = new SessionPool(sessions::open, settings.poolSize());
        this.faithful = new FaithfulOperations(settings.database());
        this.best = new BestQueries(settings.database());
        this.readers = new ReaderSessions(sessions, settings.readerUser(), settings.poolSize());
        this.readCopy = settings.embedded() ? new ReadCopy(settings.dbPath().resolve(READ_COPY_DIRECTORY), settings, this::resyncReadCopy) : null;
    }

    /** The read copy's DBPATH inside the main DBPATH: BaseX never takes a name starting with '.' for a database. */
    static final String READ_COPY_DIRECTORY = ".read-copy";

    @Override
    public String name() {
        return "basex";
    }

    public BaseXSettings settings() {
        return settings;
    }

    /** The attribute names BaseX indexes (ATTRINCLUDE): GLUE names of key and {@code indexed} columns. */
    public static List<String> indexedAttributes() {
        TreeSet<String> names = new TreeSet<>();
        for (CollectionDef def : GlueModel.collections()) {
            for (Column c : def.columns()) {
                if (c.indexed() || def.keyColumns().contains(c)) {
                    names.add(c.glueName());
                }
            }
        }
        return new ArrayList<>(names);
    }

    /** Exports {@code data} with {@link XmlExporter} to a temporary directory and loads BaseX from those files. */
    @Override
    public void load(Dataset data) {
        requireNonNull(data, "data is null");
        Path dir = null;
        try {
            dir = Files.createTempDirectory("grim-basex-export");
            new XmlExporter().export(data, dir);
            loadXml(dir);
        } catch (IOException e) {
            throw GrimException.backendFailed(name(), "exporting XML for the load", e);
        } finally {
            if (dir != null) {
                deleteTree(dir);
            }
        }
    }

    /** Replaces the database with the XML documents under {@code directory} (paths relative to it, as {@link XmlExporter} writes them). */
    public void loadXml(Path directory) {
        requireNonNull(directory, "directory is null");
        List<Path> files;
        try (Stream<Path> s = Files.walk(directory)) {
            files = s.filter(p -> p.toString().endsWith(".xml") && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list XML documents under " + directory + ": " + e.getMessage(), e);
        }
        writeLock.lock();
        try (Session s = sessions.open()) {
            s.execute("SET STRIPWS true");
            s.execute("SET TEXTINDEX false");
            s.execute("SET TOKENINDEX false");
            s.execute("SET FTINDEX false");
            s.execute("SET ATTRINDEX true");
            s.execute("SET ATTRINCLUDE " + String.join(",", indexedAttributes()));
            s.execute("SET UPDINDEX true");
            pool.clear();
            s.execute("CREATE DB " + settings.database());
            for (Path f : files) {
                String path = directory.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/");
                try (InputStream in = Files.newInputStream(f)) {
                    s.add(path, in);
                }
            }
            s.execute("OPTIMIZE");
            if (readCopy != null) {
                readCopy.replaceFrom(s, settings.dbPath());
            }
        } catch (IOException e) {
            throw GrimException.backendFailed(name(), "loading " + directory + " into " + settings.describe(), e);
        } finally {
            writeLock.unlock();
        }
        if (readCopy != null) {
            // the first load returns once native queries can run; later ones (rebuilds) do not wait for the copy
            readCopy.awaitFirstLoad(FIRST_COPY_WAIT);
        }
    }

    /** How long the first load waits for the read copy to be ready (a file copy, seconds at full size). */
    private static final Duration FIRST_COPY_WAIT = Duration.ofMinutes(5);

    @Override
    public Map<String, Long> counts() {
        StringJoiner q = new StringJoiner(", ", "string-join((", "), ' ')");
        for (CollectionDef def : GlueModel.collections()) {
            q.add("count(" + XQueryText.objects(settings.database(), def) + ")");
        }
        String[] numbers = withSession("counting objects", rc -> rc.query(q.toString())).trim().split(" ");
        Map<String, Long> m = new LinkedHashMap<>();
        int i = 0;
        for (CollectionDef def : GlueModel.collections()) {
            m.put(def.name(), Long.parseLong(numbers[i++]));
        }
        return m;
    }

    @Override
    public Dataset snapshot() {
        return withSession("reading the snapshot", rc -> {
            Dataset d = new Dataset();
            for (CollectionDef def : GlueModel.collections()) {
                for (Object[] row : XmlRowReader.objects(def, rc.query(XQueryText.objects(settings.database(), def)))) {
                    d.add(def.name(), row);
                }
            }
            return d;
        });
    }

    @Override
    public OperationResult execute(OperationParameters params, Mode mode) {
        return OperationTemplate.execute(name(), params, mode, this::connect, this::answer);
    }

    private OperationTemplate.Answer answer(OperationParameters params, Mode mode) {
        Operation op = params.operation();
        Session s = borrow();
        RequestCounter rc = new RequestCounter(s);
        List<List<Object>> rows;
        boolean ok = false;
        try {
            if (op == Operation.UPDATE) {
                writeLock.lock();
                try {
                    long updated = Long.parseLong(rc.query(best.update(params)).trim());
                    rows = List.of(List.of(updated));
                    if (readCopy != null && updated > 0) {
                        readCopy.follow(List.of(Update.set("host", params.text("host"),
                                Map.of("load_last_1min", params.value("value")))));
                    }
                } finally {
                    writeLock.unlock();
                }
            } else if (mode == Mode.FAITHFUL) {
                rows = faithful.run(op, params, rc);
            } else {
                rows = XmlRowReader.answers(rc.query(best.query(op, params)), op.columns(), BestQueries.ANSWER_TYPES);
            }
            ok = true;
        } catch (IOException e) {
            throw GrimException.backendFailed(name(), op.label() + " (" + mode.label() + ")", e);
        } finally {
            giveBack(s, ok);
        }
        return new OperationTemplate.Answer(rows, rc.requests(), rc.bytes());
    }

    /** #13: open a new session (embedded: a LocalSession on the database's context; client: a ClientSession login) and close it. */
    private void connect(Mode mode) {
        try (Session s = sessions.open()) {
            requireNonNull(s, "session");
        } catch (IOException e) {
            throw GrimException.backendFailed(name(), "connect", e);
        }
    }

    @Override
    public int apply(List<Update> batch) {
        requireNonNull(batch, "batch is null");
        if (batch.isEmpty()) {
            return 0;
        }
        writeLock.lock();
        try {
            int applied = withSession("applying " + batch.size() + " update(s)", rc -> new UpdateApplier(settings.database(), rc).apply(batch));
            if (readCopy != null) {
                readCopy.follow(batch);
            }
            return applied;
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public NativeResult nativeQuery(String query, QueryLimits limits) {
        requireNonNull(limits, "limits is null");
        SessionPool readerPool;
        Session s;
        try {
            readerPool = readCopy != null ? readCopy.readers(limits.timeout()) : readers.pool();
            s = readerPool.borrow();
        } catch (IOException e) {
            throw GrimException.backendFailed(name(), "opening a read-only session", e);
        }
        boolean ok = false;
        try {
            NativeResult r = NativeQueryRunner.run(s, query, limits);
            ok = true;
            return r;
        } catch (GrimException e) {
            ok = true;
            throw e;
        } catch (IOException e) {
            throw GrimException.backendFailed(name(), "native query", e);
        } finally {
            if (ok) {
                readerPool.giveBack(s);
            } else {
                readerPool.discard(s);
            }
        }
    }

    /**
     * BaseX's compilation report of {@code xquery} (QUERYINFO): shows whether the optimizer rewrote
     * a path to an index access ("apply attribute index"). For tests and operators.
     */
    public String queryInfo(String xquery) {
        try (Session s = sessions.open()) {
            s.execute("SET QUERYINFO true");
            s.execute(new XQuery(xquery));
            return s.info();
        } catch (IOException e) {
            throw GrimException.backendFailed(name(), "explaining a query", e);
        }
    }

    /** The single best-mode XQuery of a read operation (for docs, plans and tests). */
    public String bestQuery(Operation op, Map<String, ?> params) {
        return best.query(op, OperationParameters.of(op, params));
    }

    /**
     * Updates not yet applied to the copy native XQueries read (0 when it is current, and always
     * 0 with a BaseX server, where native queries read the database itself).
     */
    public int readCopyPending() {
        return readCopy == null ? 0 : readCopy.pending();
    }

    @Override
    public void close() {
        if (readCopy != null) {
            readCopy.close();
        }
        pool.close();
        readers.close();
        sessions.close();
    }

    /** Starts the read copy again from a backup of this database, serialised with the writers. */
    private void resyncReadCopy() {
        writeLock.lock();
        try (Session s = sessions.open()) {
            readCopy.replaceFrom(s, settings.dbPath());
        } catch (IOException e) {
            throw GrimException.backendFailed(name(), "copying the database for native queries", e);
        } finally {
            writeLock.unlock();
        }
    }

    private interface SessionWork<T> {
        T run(RequestCounter rc) throws IOException;
    }

    private <T> T withSession(String what, SessionWork<T> work) {
        Session s = borrow();
        boolean ok = false;
        try {
            T t = work.run(new RequestCounter(s));
            ok = true;
            return t;
        } catch (GrimException e) {
            ok = true;
            throw e;
        } catch (IOException e) {
            throw GrimException.backendFailed(name(), what, e);
        } finally {
            giveBack(s, ok);
        }
    }

    private Session borrow() {
        try {
            return pool.borrow();
        } catch (IOException e) {
            throw GrimException.backendFailed(name(), "opening a session to " + settings.describe(), e);
        }
    }

    private void giveBack(Session s, boolean ok) {
        if (ok) {
            pool.giveBack(s);
        } else {
            pool.discard(s);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // a leftover temporary file is harmless
                }
            });
        } catch (IOException e) {
            // a leftover temporary directory is harmless
        }
    }
}
