package org.gridstack.mds.xmlindex;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.stream.Stream;

import org.basex.core.BaseXException;
import org.basex.core.Context;
import org.basex.core.StaticOptions;
import org.basex.core.cmd.Close;
import org.basex.core.cmd.CreateDB;
import org.basex.core.cmd.CreateUser;
import org.basex.core.cmd.Delete;
import org.basex.core.cmd.DropDB;
import org.basex.core.cmd.Grant;
import org.basex.core.cmd.Open;
import org.basex.core.cmd.Put;
import org.basex.core.jobs.JobException;
import org.basex.core.users.User;
import org.basex.io.out.ArrayOutput;
import org.basex.io.serial.Serializer;
import org.basex.query.QueryException;
import org.basex.query.QueryProcessor;
import org.basex.query.iter.Iter;
import org.basex.query.value.type.NodeType;
import org.gridstack.service.work.CancelSwitch;
import java.util.Locale;

/**
 * The index's aggregate: one BaseX database (in a temp folder of its own) holding one document
 * per registration, queried with BaseX's XPath/XQuery engine. Documents are stored by the admin
 * context (one writer at a time); queries run as a user with BaseX's {@code read} permission
 * only, so a query cannot update the database or reach files or the network (those need
 * {@code create} or {@code admin}). Queries are bounded: at most {@code maxConcurrentQueries} at
 * once (others fail fast as busy), and each runs inside BaseX's {@code xquery:eval} with the
 * engine's own limits: a time limit ({@code timeout}, the engine stops the query), a memory limit
 * ({@code memory}), and no permission at all ({@code permission none}: BaseX's internals such as
 * {@code db:system()}, {@code db:list()} or {@code user:list()} are refused); at most
 * {@code maxItems} result items are taken from it (one more tells that there were too many), so a
 * huge result is never built. A query is also stopped when its {@link CancelSwitch} is pulled
 * (its client hung up), which frees its slot at once. The context value of a query is the set of all documents, so
 * {@code //entry} searches everything. Thread-safe.
 */
@ThreadSafe
public final class BaseXDocumentStore implements AutoCloseable {
    static final String DB = "mdsindex";
    static final String READER = "mdsindex-reader";

    private final Path dir;
    @SuppressWarnings("ThreadSafe") // BaseX's database context, documented for use by concurrent sessions (its own locking)
    private final Context context;
    private final String readerPassword;
    private final Semaphore queries;
    private final int maxItems;
    private final int timeLimitSeconds;
    private final int memoryLimitMiB;

    /** A store with a query time limit of 10 s and a memory limit of 256 MiB per query. */
    public BaseXDocumentStore(int maxConcurrentQueries, int maxItems) throws IOException {
        this(maxConcurrentQueries, maxItems, 10, 256);
    }

    /**
     * @param timeLimitSeconds longest a query runs before the engine stops it
     * @param memoryLimitMiB   most memory a query may take before the engine stops it
     */
    public BaseXDocumentStore(int maxConcurrentQueries, int maxItems, int timeLimitSeconds, int memoryLimitMiB)
            throws IOException {
        if (timeLimitSeconds < 1 || memoryLimitMiB < 1) {
            throw new IllegalArgumentException("the query time and memory limits must be at least 1");
        }
        this.timeLimitSeconds = timeLimitSeconds;
        this.memoryLimitMiB = memoryLimitMiB;
        if (maxConcurrentQueries < 1 || maxItems < 1) {
            throw new IllegalArgumentException("maxConcurrentQueries and maxItems must be at least 1");
        }
        this.dir = Files.createTempDirectory("mds-xml-index-");
        this.context = new Context(false);
        context.soptions.set(StaticOptions.DBPATH, dir.toString());
        byte[] secret = new byte[18];
        new SecureRandom().nextBytes(secret);
        this.readerPassword = HexFormat.of().formatHex(secret);
        this.queries = new Semaphore(maxConcurrentQueries);
        this.maxItems = maxItems;
        try {
            new CreateDB(DB).execute(context);
            new CreateUser(READER, readerPassword).execute(context);
            new Grant("read", READER).execute(context);
        } catch (BaseXException e) {
            close();
            throw new IOException("cannot create the index database: " + e.getMessage(), e);
        }
    }

    /** Stores (or replaces) the document of a registration. */
    public synchronized void put(String name, String xml) throws IOException {
        Put put = new Put(path(name));
        put.setInput(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        try {
            put.execute(context);
        } catch (BaseXException e) {
            throw new IOException("the document of " + name + " is not well-formed XML: " + e.getMessage(), e);
        }
    }

    /** Removes the document of a registration (no error when there is none). */
    public synchronized void delete(String name) throws IOException {
        try {
            new Delete(path(name)).execute(context);
        } catch (BaseXException e) {
            throw new IOException("cannot delete the document of " + name + ": " + e.getMessage(), e);
        }
    }

    private static String path(String name) {
        return name + ".xml";
    }

    /** One result item: serialized XML when it is a node, its text otherwise. */
    public record Item(String text, boolean node) {
    }

    /** Runs an XPath (or read-only XQuery) over every document; each result item serialized. */
    public List<Item> query(String xpath) throws XmlQueryException {
        return query(xpath, new CancelSwitch());
    }

    /**
     * Like {@link #query(String)}, and stopped by the engine when {@code cancel} is pulled (its
     * client is gone): the query's slot is freed then, and the caller gets a {@code FAILED}
     * exception saying so. The query runs on the calling thread.
     */
    public List<Item> query(String xpath, CancelSwitch cancel) throws XmlQueryException {
        requireNonNull(cancel, "cancel is null");
        String internal = internalsNamed(xpath);
        if (internal != null) {
            throw new XmlQueryException(XmlQueryException.Kind.FORBIDDEN, "index queries may not use " + internal
                    + " (the index engine's own information)");
        }
        if (!queries.tryAcquire()) {
            throw new XmlQueryException(XmlQueryException.Kind.BUSY, "too many queries at once; retry shortly");
        }
        Context reader = new Context(context); // a session's context: shares the store, has its own user and open database
        try {
            User user = context.users.get(READER);
            if (user == null || !user.matches(readerPassword)) {
                throw new XmlQueryException(XmlQueryException.Kind.FAILED, "the index's query user cannot log in");
            }
            reader.user(user);
            new Open(DB).execute(reader); // the shared, open database (with what was just stored), as a session opens it
            return run(xpath, reader, cancel);
        } catch (BaseXException e) {
            throw new XmlQueryException(XmlQueryException.Kind.FAILED, "cannot open the index database: " + firstLine(e.getMessage()));
        } finally {
            Close.close(reader); // closes this context's database only (Context.close() would close the shared store)
            queries.release();
        }
    }

    /** Runs the wrapped query as {@code reader}; the switch stops the engine's job (and the nested evaluation's). */
    private List<Item> run(String xpath, Context reader, CancelSwitch cancel) throws XmlQueryException {
        try (QueryProcessor qp = new QueryProcessor(wrapper(), reader)) {
            qp.variable("query", xpath);
            qp.parse();
            qp.register(reader); // takes the locks the parsed query names (the database's read lock), as a session's query does
            cancel.attach(qp::stop);
            try {
                qp.optimize();
                Iter iter = qp.iter();
                List<Item> items = new ArrayList<>();
                ArrayOutput out = new ArrayOutput();
                Serializer serializer = Serializer.get(out, qp.qc.parameters());
                for (org.basex.query.value.item.Item item; (item = qp.qc.next(iter)) != null; ) {
                    if (items.size() >= maxItems) {
                        throw new XmlQueryException(XmlQueryException.Kind.INVALID, "the query returns more than "
                                + maxItems + " items; narrow it");
                    }
                    out.reset();
                    serializer.reset();
                    serializer.serialize(item);
                    items.add(new Item(out.toString(), item.type instanceof NodeType));
                }
                return items;
            } finally {
                cancel.detach();
                qp.unregister(reader);
            }
        } catch (JobException e) {
            throw stopped(cancel);
        } catch (QueryException | IOException e) {
            if (cancel.cancelled()) {
                throw stopped(cancel);
            }
            throw refusal(e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }

    private static XmlQueryException stopped(CancelSwitch cancel) {
        return new XmlQueryException(XmlQueryException.Kind.FAILED, cancel.cancelled()
                ? "the query was stopped: its client is gone" : "the query was stopped");
    }

    /** What the engine's message means for the client. */
    private XmlQueryException refusal(String m) {
        String lower = m.toLowerCase(Locale.ROOT);
        if (m.contains("BXXQ0004") || lower.contains("timeout")) {
            return new XmlQueryException(XmlQueryException.Kind.INVALID, "the query ran longer than its time limit of "
                    + timeLimitSeconds + " s and was stopped; narrow it");
        }
        if (m.contains("BXXQ0005") || lower.contains("memory")) {
            return new XmlQueryException(XmlQueryException.Kind.INVALID, "the query needed more than its memory limit of "
                    + memoryLimitMiB + " MiB and was stopped; narrow it");
        }
        if (m.contains("ermission") || m.contains("BXXQ0002")) {
            return new XmlQueryException(XmlQueryException.Kind.FORBIDDEN,
                    "the query needs a permission index queries do not have (files, network, updates): " + firstLine(m));
        }
        return new XmlQueryException(XmlQueryException.Kind.INVALID, firstLine(m));
    }

    /**
     * What {@code permission none} still lets a query read of BaseX itself ({@code db:system()}, {@code user:list()},
     * {@code db:property}, {@code db:info}, {@code inspect:}, {@code prof:}, {@code proc:}), and
     * the ways to name a function without writing its name ({@code function-lookup}, BaseX's
     * module URIs, character references): the first one the query text names, or null. Text
     * matching with whitespace and case ignored, as a second wall behind the permission.
     */
    static String internalsNamed(String query) {
        String q = query.replaceAll("\\s+", "").toLowerCase(Locale.ROOT);
        for (String denied : DENIED) {
            if (q.contains(denied)) {
                return denied;
            }
        }
        return null;
    }

    private static final List<String> DENIED = List.of("db:system", "db:property", "db:info", "db:list", "user:", "inspect:", "prof:",
            "proc:", "job:", "function-lookup", "basex.org/modules", "&#");

    /**
     * The query that runs the client's: inside {@code xquery:eval} with the engine's limits, over
     * all documents, taking at most one item more than the cap. {@code xquery:eval} refuses
     * updating expressions itself.
     */
    private String wrapper() {
        return "declare variable $query external;\n"
                + "subsequence(xquery:eval($query, map { '': db:get('" + DB + "') }, map { 'timeout': " + timeLimitSeconds
                + ", 'memory': " + memoryLimitMiB + ", 'permission': 'none' }), 1, " + (maxItems + 1) + ")";
    }

    /** BaseX's message (position line, then the error code and text) on one line, at most 500 characters. */
    private static String firstLine(String m) {
        String s = m.strip().replaceAll("\\s+", " ");
        return s.length() > 500 ? s.substring(0, 500) + "..." : s;
    }

    @Override
    public synchronized void close() {
        try {
            new DropDB(DB).execute(context);
        } catch (BaseXException e) {
            // the folder is deleted below anyway
        }
        context.close();
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp folder left behind
        }
    }
}
