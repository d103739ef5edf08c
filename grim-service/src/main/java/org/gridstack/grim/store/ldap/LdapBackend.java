package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.ByteArrayInputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.schema.GrimLdapSchema;
import org.gridstack.grim.store.GrimBackend;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.NativeResult;
import org.gridstack.grim.store.OperationParameters;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.OperationTemplate;
import org.gridstack.grim.store.QueryLimits;
import org.gridstack.grim.store.Rows;
import org.gridstack.grim.store.Update;

import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPConnectionPool;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPSearchException;
import com.unboundid.ldap.sdk.LDAPURL;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
import com.unboundid.ldap.sdk.OperationType;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;
import com.unboundid.ldap.sdk.SimpleBindRequest;
import com.unboundid.ldap.sdk.SingleServerSet;
import com.unboundid.ldap.sdk.schema.Schema;
import com.unboundid.ldif.LDIFReader;
import com.unboundid.ldap.sdk.DN;
import java.security.SecureRandom;
import java.util.concurrent.ExecutionException;

/**
 * GRIM on LDAP. Two deployments: {@link #inMemory()} runs UnboundID's in-memory directory server
 * on a real loopback socket (port 0) with GRIM's schema and equality indexes on the model's
 * indexed attributes; {@link #external} talks to a server such as OpenLDAP slapd (configured from
 * docker/ldap) by URL and root DN. Either way every request goes over LDAP: queries through a
 * pool of anonymous connections, writes through a pool bound as the root DN. See
 * docs/backend-ldap.md for the DIT, the schema and the requests of each operation.
 *
 * <p>Thread-safe: searches run concurrently on the pools; writes (load, apply, the update
 * operation) are serialised by one lock, which is what makes check-then-apply all or nothing.
 */
@ThreadSafe
public final class LdapBackend implements GrimBackend {
    public static final String DEFAULT_BIND_DN = "cn=admin,o=grid";
    private static final int POOL_SIZE = 8;

    @SuppressWarnings("ThreadSafe") // UnboundID: @ThreadSafety(COMPLETELY_THREADSAFE); null for other servers
    private final InMemoryDirectoryServer server;
    private final String host;
    private final int port;
    @SuppressWarnings("ThreadSafe") // UnboundID: @ThreadSafety(COMPLETELY_THREADSAFE)
    private final LDAPConnectionPool reads;
    @SuppressWarnings("ThreadSafe") // UnboundID: @ThreadSafety(COMPLETELY_THREADSAFE)
    private final LDAPConnectionPool writes;
    @SuppressWarnings("ThreadSafe") // UnboundID: @ThreadSafety(COMPLETELY_THREADSAFE)
    private final Schema schema;
    /** In-memory: {@link InMemoryIndexPlanner#shape}; other servers get the filters as built. */
    @SuppressWarnings("ThreadSafe") // InMemoryIndexPlanner::shape (stateless) or the identity
    private final UnaryOperator<Filter> filterShaper;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final GlueLdapMapping glue = new GlueLdapMapping();
    private final LdapReadOperations operations = new LdapReadOperations(glue);

    private LdapBackend(InMemoryDirectoryServer server, String host, int port, String bindDn, String password) throws LDAPException {
        this.server = server;
        this.host = requireNonNull(host, "host is null");
        this.port = port;
        this.schema = GrimLdapSchema.schema();
        this.filterShaper = server != null ? InMemoryIndexPlanner::shape : UnaryOperator.identity();
        SingleServerSet servers = new SingleServerSet(host, port);
        LDAPConnectionPool r = new LDAPConnectionPool(servers, null, 1, POOL_SIZE);
        try {
            this.writes = new LDAPConnectionPool(servers, new SimpleBindRequest(requireNonNull(bindDn, "bindDn is null"),
                    requireNonNull(password, "password is null")), 1, 4);
        } catch (LDAPException e) {
            r.close();
            throw e;
        }
        this.reads = r;
        reads.setMaxWaitTimeMillis(30_000);
        writes.setMaxWaitTimeMillis(30_000);
    }

    /** An in-memory server on 127.0.0.1, a free port, bind DN {@link #DEFAULT_BIND_DN}. */
    public static LdapBackend inMemory() {
        InMemoryDirectoryServer server = null;
        try {
            InMemoryDirectoryServerConfig cfg = new InMemoryDirectoryServerConfig(GlueDit.SUFFIX);
            cfg.setSchema(GrimLdapSchema.schema());
            cfg.setListenerConfigs(InMemoryListenerConfig.createLDAPConfig("ldap", InetAddress.getLoopbackAddress(), 0, null));
            String password = Long.toHexString(new SecureRandom().nextLong());
            cfg.addAdditionalBindCredentials(DEFAULT_BIND_DN, password);
            cfg.setAuthenticationRequiredOperationTypes(EnumSet.of(OperationType.ADD, OperationType.DELETE, OperationType.MODIFY,
                    OperationType.MODIFY_DN));
            cfg.setEqualityIndexAttributes(GlueDit.equalityIndexAttributes());
            cfg.setAccessLogHandler(null);
            server = new InMemoryDirectoryServer(cfg);
            server.startListening();
            return new LdapBackend(server, "127.0.0.1", server.getListenPort(), DEFAULT_BIND_DN, password);
        } catch (LDAPException e) {
            if (server != null) {
                server.shutDown(true);
            }
            throw new GrimException(503, "ldap: cannot start the in-memory directory server: " + e.getMessage(), e);
        }
    }

    /**
     * An external server, e.g. {@code ldap://127.0.0.1:38999} (slapd with GRIM's schema, suffix
     * {@code o=grid}); {@code bindDn} may write under the suffix, anonymous users may read it.
     */
    public static LdapBackend external(String url, String bindDn, String password) {
        try {
            LDAPURL u = new LDAPURL(requireNonNull(url, "url is null"));
            if (!u.hostProvided()) {
                throw new IllegalArgumentException("the LDAP URL '" + url + "' names no server; use ldap://host:port");
            }
            return new LdapBackend(null, u.getHost(), u.getPort(), bindDn, password);
        } catch (LDAPException e) {
            throw new GrimException(503, "ldap: cannot connect to " + url + " as " + bindDn + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String name() {
        return "ldap";
    }

    /** {@code ldap://host:port} of the server this backend talks to. */
    public String url() {
        return "ldap://" + host + ":" + port;
    }

    @Override
    public void load(Dataset data) {
        requireNonNull(data, "data is null");
        writeLock.lock();
        try {
            if (server != null) {
                // the in-memory server reads the export as LDIF, as slapadd would
                String ldif = LdifExporter.export(data);
                server.importFromLDIF(true, new LDIFReader(new ByteArrayInputStream(ldif.getBytes(StandardCharsets.UTF_8))));
            } else {
                clearExternal();
                addByLevel(LdifExporter.entries(data));
            }
        } catch (LDAPException e) {
            throw failed("load", e);
        } finally {
            writeLock.unlock();
        }
    }

    private void clearExternal() throws LDAPException {
        List<String> dns = new ArrayList<>();
        try {
            for (SearchResultEntry e : writes.search(GlueDit.SUFFIX, SearchScope.SUB, Filter.createPresenceFilter("objectClass"), "1.1")
                    .getSearchEntries()) {
                dns.add(e.getDN());
            }
        } catch (LDAPSearchException e) {
            if (e.getResultCode() != ResultCode.NO_SUCH_OBJECT) {
                throw e;
            }
        }
        Map<Integer, List<String>> byDepth = new TreeMap<>(Comparator.reverseOrder());
        for (String dn : dns) {
            byDepth.computeIfAbsent(depth(dn), k -> new ArrayList<>()).add(dn);
        }
        for (List<String> level : byDepth.values()) {
            inParallel(level, dn -> writes.delete(dn));
        }
    }

    private void addByLevel(List<Entry> entries) throws LDAPException {
        Map<Integer, List<Entry>> byDepth = new TreeMap<>();
        for (Entry e : entries) {
            byDepth.computeIfAbsent(depth(e.getDN()), k -> new ArrayList<>()).add(e);
        }
        for (List<Entry> level : byDepth.values()) {
            inParallel(level, e -> writes.add(e));
        }
    }

    private interface LdapTask<T> {
        void run(T item) throws LDAPException;
    }

    /** Runs {@code task} over {@code items} on 4 writer connections; the first failure is thrown. */
    private static <T> void inParallel(List<T> items, LdapTask<T> task) throws LDAPException {
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                futures.add(pool.submit(() -> {
                    for (int i = first; i < items.size(); i += threads) {
                        task.run(items.get(i));
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof LDAPException le) {
                        throw le;
                    }
                    throw new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new LDAPException(ResultCode.USER_CANCELED, "interrupted while loading");
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static int depth(String dn) {
        try {
            return new DN(dn).getRDNs().length;
        } catch (LDAPException e) {
            throw new IllegalStateException("malformed DN " + dn, e);
        }
    }

    @Override
    public Map<String, Long> counts() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (CollectionDef d : GlueModel.collections()) {
            m.put(d.name(), 0L);
        }
        for (SearchResultEntry e : everything("objectClass")) {
            GlueDit.collectionOf(e).ifPresent(d -> m.merge(d.name(), 1L, Long::sum));
        }
        return m;
    }

    @Override
    public Dataset snapshot() {
        Map<String, List<Object[]>> rows = new LinkedHashMap<>();
        for (SearchResultEntry e : everything()) {
            Optional<CollectionDef> d = GlueDit.collectionOf(e);
            d.ifPresent(def -> rows.computeIfAbsent(def.name(), k -> new ArrayList<>()).add(GlueDit.toRow(def, e)));
        }
        Dataset data = new Dataset();
        for (CollectionDef d : GlueModel.collections()) {
            List<Object[]> r = rows.getOrDefault(d.name(), List.of());
            List<List<Object>> sorted = new ArrayList<>();
            for (Object[] row : r) {
                sorted.add(Arrays.asList(row));
            }
            sorted.sort(Rows.ORDER);
            for (List<Object> row : sorted) {
                data.add(d.name(), row.toArray());
            }
        }
        return data;
    }

    private List<SearchResultEntry> everything(String... attributes) {
        try {
            return reads.search(GlueDit.BASE, SearchScope.SUB, Filter.createPresenceFilter("objectClass"), attributes).getSearchEntries();
        } catch (LDAPSearchException e) {
            if (e.getResultCode() == ResultCode.NO_SUCH_OBJECT) {
                return List.of();
            }
            throw failed("read every entry", e);
        }
    }

    @Override
    public OperationResult execute(OperationParameters params, Mode mode) {
        return OperationTemplate.execute(name(), params, mode, m -> connect(), this::answer);
    }

    private OperationTemplate.Answer answer(OperationParameters params, Mode mode) {
        LdapSession session = new LdapSession(reads, filterShaper);
        List<List<Object>> rows = params.operation() == Operation.UPDATE
                ? updateLoad(session, params.text("host"), params.integer("value"))
                : operations.run(session, params, mode);
        return new OperationTemplate.Answer(rows, session.requests(), session.bytes());
    }

    /** #13: a new connection, an anonymous simple bind, close (one request: the bind). */
    private void connect() {
        try (LDAPConnection c = new LDAPConnection(host, port)) {
            c.bind(new SimpleBindRequest());
        } catch (LDAPException e) {
            throw failed("connect", e);
        }
    }

    /** #14: search the hosts by their indexed ID (one request), modify each (one request per host). */
    private List<List<Object>> updateLoad(LdapSession session, String hostId, long value) {
        CollectionDef host = LdapCollections.HOSTS;
        String attr = glue.attribute(host, "load_last_1min");
        writeLock.lock();
        try {
            long n = 0;
            for (SearchResultEntry e : session.searchAll(glue.allOf(glue.objectClassFilter(host), glue.equalityFilter(host, "host_id", hostId)),
                    glue.attribute(host, "host_id"))) {
                if (hostId.equals(glue.text(e, host, "host_id"))) {
                    writes.modify(e.getDN(), new Modification(ModificationType.REPLACE, attr, String.valueOf(value)));
                    session.modified(0);
                    n++;
                }
            }
            return List.of(List.of((Object) n));
        } catch (LDAPException e) {
            throw failed("update " + attr + " of " + hostId, e);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public int apply(List<Update> batch) {
        requireNonNull(batch, "batch is null");
        writeLock.lock();
        try {
            return new LdapUpdater(writes, schema, filterShaper, glue).apply(batch);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public NativeResult nativeQuery(String query, QueryLimits limits) {
        return LdapNativeQuery.run(reads, query, requireNonNull(limits, "limits is null"));
    }

    @Override
    public void close() {
        reads.close();
        writes.close();
        if (server != null) {
            server.shutDown(true);
        }
    }

    static GrimException failed(String what, LDAPException e) {
        return GrimException.backendFailed("ldap", what + " [" + e.getResultCode() + "]", e);
    }
}
