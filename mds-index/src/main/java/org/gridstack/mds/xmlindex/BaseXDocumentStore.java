package org.gridstack.mds.xmlindex;

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

import org.basex.api.client.LocalQuery;
import org.basex.api.client.LocalSession;
import org.basex.core.BaseXException;
import org.basex.core.Context;
import org.basex.core.StaticOptions;
import org.basex.core.cmd.CreateDB;
import org.basex.core.cmd.CreateUser;
import org.basex.core.cmd.Delete;
import org.basex.core.cmd.DropDB;
import org.basex.core.cmd.Grant;
import org.basex.core.cmd.Open;
import org.basex.core.cmd.Put;
import org.basex.server.LoginException;

/**
 * The index's aggregate: one BaseX database (in a temp folder of its own) holding one document
 * per registration, queried with BaseX's XPath/XQuery engine. Documents are stored by the admin
 * context (one writer at a time); queries run as a user with BaseX's {@code read} permission
 * only, so a query cannot update the database or reach files or the network (those need
 * {@code create} or {@code admin}). Queries are bounded: at most {@code maxConcurrentQueries} at
 * once (others fail fast as busy) and {@code maxItems} result items. The context item of a query
 * is the set of all documents, so {@code //entry} searches everything. Thread-safe.
 */
public final class BaseXDocumentStore implements AutoCloseable {
    static final String DB = "mdsindex";
    static final String READER = "mdsindex-reader";

    private final Path dir;
    private final Context context;
    private final String readerPassword;
    private final Semaphore queries;
    private final int maxItems;

    public BaseXDocumentStore(int maxConcurrentQueries, int maxItems) throws IOException {
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
        if (!queries.tryAcquire()) {
            throw new XmlQueryException(XmlQueryException.Kind.BUSY, "too many queries at once; retry shortly");
        }
        try (LocalSession session = new LocalSession(context, READER, readerPassword)) {
            session.execute(new Open(DB));
            List<Item> items = new ArrayList<>();
            try (LocalQuery q = session.query(xpath)) {
                if (q.updating()) {
                    throw new XmlQueryException(XmlQueryException.Kind.FORBIDDEN, "updating expressions are not allowed");
                }
                while (q.more()) {
                    if (items.size() >= maxItems) {
                        throw new XmlQueryException(XmlQueryException.Kind.INVALID, "the query returns more than "
                                + maxItems + " items; narrow it");
                    }
                    String text = q.next();
                    items.add(new Item(text, q.type() instanceof org.basex.query.value.type.NodeType));
                }
            }
            return items;
        } catch (LoginException e) {
            throw new XmlQueryException(XmlQueryException.Kind.FAILED, "the index's query user cannot log in");
        } catch (IOException e) {
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            if (m.contains("ermission")) {
                throw new XmlQueryException(XmlQueryException.Kind.FORBIDDEN,
                        "the query needs a permission index queries do not have (files, network, updates): " + firstLine(m));
            }
            throw new XmlQueryException(XmlQueryException.Kind.INVALID, firstLine(m));
        } finally {
            queries.release();
        }
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
