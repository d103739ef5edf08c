package org.gridstack.grim.store.ldap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridstack.grim.generate.GlueDataGenerator;
import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Defaults;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.NativeResult;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.grim.store.QueryLimits;
import org.gridstack.grim.store.ReferenceEvaluator;
import org.gridstack.grim.store.Rows;
import org.gridstack.grim.store.Update;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPException;

/**
 * The checks every LDAP deployment must pass (in-memory server, real slapd): the loaded objects,
 * every operation in both modes against the Java reference, the update rules, the native query.
 * Subclasses provide a loaded backend; update checks run last and restore what they change.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class LdapBackendChecks {
    static final double SCALE = 0.03;

    /** Generated once per JVM: the same data for every deployment. */
    static final Dataset DATA = new GlueDataGenerator(42, SCALE).generate();

    abstract LdapBackend backend();

    /** Requests per operation and mode seen by {@link #everyOperationMatchesTheReference} (for reports). */
    final Map<Operation, Map<Mode, Integer>> requests = new EnumMap<>(Operation.class);

    @Test
    @Order(1)
    void snapshotAfterLoadEqualsTheDataset() {
        assertEquals(DATA.counts(), backend().counts());
        Dataset snap = backend().snapshot();
        for (CollectionDef d : GlueModel.collections()) {
            assertEquals(sorted(DATA.rows(d.name())), sorted(snap.rows(d.name())), d.name());
        }
    }

    @Test
    @Order(2)
    void everyOperationMatchesTheReference() {
        for (Operation op : Operation.values()) {
            if (op == Operation.CONNECT || op == Operation.UPDATE) {
                continue;
            }
            for (Map<String, Object> params : parameterSets(op)) {
                OperationResult expected = ReferenceEvaluator.evaluate(DATA, op, params);
                for (Mode mode : Mode.values()) {
                    OperationResult r = backend().execute(op, mode, params);
                    assertEquals(expected.rows(), r.rows(), op.label() + " " + mode + " " + params);
                    assertEquals(op.columns(), r.columns());
                    assertTrue(r.requests() >= 1, op.label() + " sends a request");
                    assertTrue(r.rows().isEmpty() || r.bytes() > 0, op.label() + " counts bytes");
                    requests.computeIfAbsent(op, k -> new EnumMap<>(Mode.class)).merge(mode, r.requests(), Math::max);
                }
            }
        }
        System.out.println(getClass().getSimpleName() + " requests per operation (max over parameter sets): " + requests);
    }

    @Test
    @Order(3)
    void defaultsGiveTheAnswersTheSpecPromises() {
        long connections = DATA.count(GlueModel.CONNECTION);
        assertEquals(1, backend().execute(Operation.JOB_SUBMIT, Mode.BEST, Defaults.of(Operation.JOB_SUBMIT, connections)).rows().size());
        assertTrue(backend().execute(Operation.NON_SCOPED, Mode.BEST, Defaults.of(Operation.NON_SCOPED, connections)).rows().isEmpty());
        assertEquals(1, backend().execute(Operation.INDEXED, Mode.FAITHFUL, Defaults.of(Operation.INDEXED, connections)).rows().size());
        assertFalse(backend().execute(Operation.MANY_RELATIONS, Mode.BEST, Defaults.of(Operation.MANY_RELATIONS, connections)).rows().isEmpty());
    }

    @Test
    @Order(4)
    void faithfulNeverSendsFewerRequestsThanBest() {
        long connections = DATA.count(GlueModel.CONNECTION);
        for (Operation op : List.of(Operation.SCOPED_HOSTS, Operation.NON_SCOPED_HOSTS, Operation.SCOPED, Operation.INDEXED,
                Operation.MANY_RELATIONS, Operation.JOB_SUBMIT)) {
            Map<String, Object> p = Defaults.of(op, connections);
            int faithful = backend().execute(op, Mode.FAITHFUL, p).requests();
            int best = backend().execute(op, Mode.BEST, p).requests();
            assertTrue(best < faithful, op.label() + ": best " + best + " requests, faithful " + faithful);
        }
    }

    @Test
    @Order(5)
    void connectIsOneRequestWithoutRows() {
        OperationResult r = backend().execute(Operation.CONNECT, Mode.FAITHFUL, Map.of());
        assertEquals(1, r.requests());
        assertTrue(r.rows().isEmpty());
    }

    @Test
    @Order(10)
    void nativeQueryReadsFiltersAndUrls() throws LDAPException {
        NativeResult r = backend().nativeQuery("(&(objectClass=GlueSite)(GlueSiteUniqueID=" + Defaults.SITE + "))", QueryLimits.DEFAULT);
        assertEquals(List.of("dn", "ldif"), r.columns());
        assertEquals(1, r.rows().size());
        // slapd answers the DN in the case of the attribute's definition (Mds-Vo-name): compare as DNs
        assertEquals(new DN("GlueSiteUniqueID=" + Defaults.SITE + "," + GlueDit.BASE), new DN((String) r.rows().get(0).get(0)));
        assertFalse(r.truncated());
        NativeResult u = backend().nativeQuery("ldap:///" + GlueDit.BASE + "?GlueSEName?one?(objectClass=GlueSite)", QueryLimits.DEFAULT);
        assertEquals(DATA.count(GlueModel.SITE), u.rows().size());
        assertEquals("ldap-url", u.language());
        NativeResult cut = backend().nativeQuery("(objectClass=GlueHost)", new QueryLimits(Duration.ofSeconds(10), 3, 1 << 20));
        assertEquals(3, cut.rows().size());
        assertTrue(cut.truncated());
    }

    @Test
    @Order(11)
    void nativeQueryErrorsSayWhatWasWrong() {
        GrimException e = assertThrows(GrimException.class, () -> backend().nativeQuery("(objectClass=GlueHost", QueryLimits.DEFAULT));
        assertEquals(400, e.status());
        assertTrue(e.getMessage().contains("malformed LDAP filter"), e.getMessage());
        e = assertThrows(GrimException.class, () -> backend().nativeQuery("ldap:///o=grid?x?badscope", QueryLimits.DEFAULT));
        assertEquals(400, e.status());
        assertTrue(e.getMessage().contains("malformed LDAP URL"), e.getMessage());
        e = assertThrows(GrimException.class, () -> backend().nativeQuery("ldap://evil.example.org/o=grid", QueryLimits.DEFAULT));
        assertEquals(400, e.status());
        assertTrue(e.getMessage().contains("names a server"), e.getMessage());
        e = assertThrows(GrimException.class, () -> backend().nativeQuery(" ", QueryLimits.DEFAULT));
        assertEquals(400, e.status());
        e = assertThrows(GrimException.class, () -> backend().nativeQuery("(objectClass=GlueHost)", new QueryLimits(Duration.ofSeconds(10), 10_000, 200)));
        assertEquals(422, e.status());
        assertTrue(e.getMessage().contains("exceeds 200 bytes"), e.getMessage());
    }

    @Test
    @Order(20)
    void updateOperationSetsTheLoadAndCountsObjects() {
        Map<String, Object> p = new LinkedHashMap<>(Map.of("host", Defaults.HOST, "value", 77L));
        OperationResult r = backend().execute(Operation.UPDATE, Mode.FAITHFUL, p);
        assertEquals(List.of(List.of(1L)), r.rows());
        assertEquals(2, r.requests(), "search + modify");
        OperationResult look = backend().execute(Operation.HOST_LOOKUP, Mode.BEST, Map.of("host", Defaults.HOST));
        assertEquals(77L, look.rows().get(0).get(2));
        Object original = DATA.rows(GlueModel.HOST).stream().filter(h -> h[0].equals(Defaults.HOST)).findFirst().orElseThrow()[
                GlueModel.collection(GlueModel.HOST).indexOf("load_last_1min")];
        backend().apply(List.of(Update.set(GlueModel.HOST, Defaults.HOST, Map.of("load_last_1min", original)).validated()));
        assertEquals(List.of(List.of(0L)), backend().execute(Operation.UPDATE, Mode.BEST, Map.of("host", "no-such-host", "value", 1L)).rows());
    }

    @Test
    @Order(21)
    void updateRulesAnswer404And409AndApplyNothing() {
        CollectionDef host = GlueModel.collection(GlueModel.HOST);
        assertStatus(404, List.of(Update.set(GlueModel.HOST, "no-such-host", Map.of("load_last_1min", 1L))));
        String someSite = (String) DATA.rows(GlueModel.SITE).get(0)[0];
        assertStatus(409, List.of(new Update(Update.Kind.INSERT, GlueModel.SITE, List.of(someSite), Map.of("name", "x"))));
        assertStatus(409, List.of(new Update(Update.Kind.INSERT, GlueModel.CLUSTER, List.of("cluster-new"), Map.of("site_id", "no-such-site"))));
        assertStatus(409, List.of(new Update(Update.Kind.DELETE, GlueModel.SITE, List.of(someSite), Map.of())));
        assertStatus(404, List.of(new Update(Update.Kind.DELETE, GlueModel.SITE, List.of("no-such-site"), Map.of())));
        // all or nothing: a good SET followed by a bad one changes nothing
        assertStatus(404, List.of(Update.set(GlueModel.HOST, Defaults.HOST, Map.of("load_last_1min", 999L)),
                Update.set(GlueModel.HOST, "no-such-host", Map.of("load_last_1min", 1L))));
        Object stored = backend().execute(Operation.HOST_LOOKUP, Mode.BEST, Map.of("host", Defaults.HOST)).rows().get(0).get(2);
        Object original = DATA.rows(GlueModel.HOST).stream().filter(h -> h[0].equals(Defaults.HOST)).findFirst().orElseThrow()[
                host.indexOf("load_last_1min")];
        assertEquals(original, stored);
        assertSnapshotEqualsData();
    }

    @Test
    @Order(22)
    void insertSetMoveAndDeleteAreSeenByQueriesAndSnapshots() {
        Object[] ce = DATA.rows(GlueModel.COMPUTING_ELEMENT).get(0);
        Object[] vo = DATA.rows(GlueModel.VIRTUAL_ORGANIZATION).get(0);
        // insert a cluster and a subcluster under it in one batch, then a policy
        String site = (String) DATA.rows(GlueModel.SITE).get(0)[0];
        int changed = backend().apply(List.of(
                new Update(Update.Kind.INSERT, GlueModel.CLUSTER, List.of("cluster-new"), Map.of("name", "new", "site_id", site)).validated(),
                new Update(Update.Kind.INSERT, GlueModel.SUB_CLUSTER, List.of("sc-new"), Map.of("cluster_id", "cluster-new", "physical_cpus", 4L)).validated(),
                new Update(Update.Kind.INSERT, GlueModel.POLICY, List.of("policy-new"),
                        Map.of("ce_id", ce[0], "vo_id", vo[0], "priority", 3L, "description", "scenario 4 insert")).validated()));
        assertEquals(3, changed);
        Map<String, Long> counts = backend().counts();
        assertEquals(DATA.count(GlueModel.POLICY) + 1, counts.get(GlueModel.POLICY));
        // move the default host into the new subcluster/cluster: its entry moves (modify DN) and scoped queries follow
        Map<String, Object> hostParams = Map.of("host", Defaults.HOST);
        backend().apply(List.of(Update.set(GlueModel.HOST, Defaults.HOST, Map.of("sub_cluster_id", "sc-new", "cluster_id", "cluster-new")).validated()));
        Dataset now = backend().snapshot();
        for (Operation op : List.of(Operation.MANY_RELATIONS, Operation.INDEXED)) {
            for (Mode mode : Mode.values()) {
                assertEquals(ReferenceEvaluator.evaluate(now, op, hostParams).rows(), backend().execute(op, mode, hostParams).rows(), op + " " + mode);
            }
        }
        Object[] host = DATA.rows(GlueModel.HOST).stream().filter(h -> h[0].equals(Defaults.HOST)).findFirst().orElseThrow();
        CollectionDef hd = GlueModel.collection(GlueModel.HOST);
        String osRelease = (String) DATA.rows(GlueModel.HOST_OS).stream().filter(o -> o[0].equals(host[hd.indexOf("os_id")])).findFirst().orElseThrow()[2];
        Map<String, Object> scoped = Map.of("cluster", "cluster-new", "release", osRelease);
        for (Mode mode : Mode.values()) {
            assertEquals(List.of(List.of(Defaults.HOST, Defaults.HOST_NAME)), backend().execute(Operation.SCOPED_HOSTS, mode, scoped).rows(), mode.label());
        }
        // the subcluster is referenced by the host now
        assertStatus(409, List.of(new Update(Update.Kind.DELETE, GlueModel.SUB_CLUSTER, List.of("sc-new"), Map.of())));
        // undo everything in one batch: move the host back, delete the new objects (children first)
        Map<String, Object> back = new LinkedHashMap<>();
        back.put("sub_cluster_id", host[hd.indexOf("sub_cluster_id")]);
        back.put("cluster_id", host[hd.indexOf("cluster_id")]);
        assertEquals(4, backend().apply(List.of(Update.set(GlueModel.HOST, Defaults.HOST, back).validated(),
                new Update(Update.Kind.DELETE, GlueModel.POLICY, List.of("policy-new"), Map.of()).validated(),
                new Update(Update.Kind.DELETE, GlueModel.SUB_CLUSTER, List.of("sc-new"), Map.of()).validated(),
                new Update(Update.Kind.DELETE, GlueModel.CLUSTER, List.of("cluster-new"), Map.of()).validated())));
        assertSnapshotEqualsData();
    }

    @Test
    @Order(23)
    void setToNullRemovesTheAttributeAndAnEntryGlueRefusesIsA400() {
        Object[] sw = DATA.rows(GlueModel.SOFTWARE).get(0);
        Map<String, Object> nullVersion = new LinkedHashMap<>();
        nullVersion.put("version", null);
        backend().apply(List.of(new Update(Update.Kind.SET, GlueModel.SOFTWARE, List.of((String) sw[0]), nullVersion).validated()));
        Object[] stored = backend().snapshot().rows(GlueModel.SOFTWARE).stream().filter(r -> r[0].equals(sw[0])).findFirst().orElseThrow();
        assertEquals(null, stored[GlueModel.collection(GlueModel.SOFTWARE).indexOf("version")]);
        Object version = sw[GlueModel.collection(GlueModel.SOFTWARE).indexOf("version")];
        backend().apply(List.of(new Update(Update.Kind.SET, GlueModel.SOFTWARE, List.of((String) sw[0]), Map.of("version", version)).validated()));
        // GlueServiceData MUSTs GlueServiceDataKey: an insert without data_key cannot become an LDAP entry
        Object[] service = DATA.rows(GlueModel.SERVICE).get(0);
        Update withoutKey = new Update(Update.Kind.INSERT, GlueModel.SERVICE_DATA, List.of("sd-new"), Map.of("service_id", service[0]));
        // validation refuses it for every backend; the LDAP backend refuses it on its own too
        assertEquals(400, assertThrows(GrimException.class, withoutKey::validated).status());
        GrimException e = assertThrows(GrimException.class, () -> backend().apply(List.of(withoutKey)));
        assertEquals(400, e.status());
        assertTrue(e.getMessage().contains("GlueServiceDataKey"), e.getMessage());
        assertSnapshotEqualsData();
    }

    @Test
    @Order(30)
    void concurrentQueriesAndUpdatesKeepAnswersAndData() throws Exception {
        long connections = DATA.count(GlueModel.CONNECTION);
        List<Operation> reads = List.of(Operation.SOFTWARE_LOOKUP, Operation.STORAGE_LOOKUP, Operation.MANY_RELATIONS, Operation.JOB_SUBMIT);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(6);
        try {
            List<java.util.concurrent.Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                Operation op = reads.get(t);
                Map<String, Object> p = Defaults.of(op, connections);
                List<List<Object>> expected = ReferenceEvaluator.evaluate(DATA, op, p).rows();
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 20; i++) {
                        assertEquals(expected, backend().execute(op, i % 2 == 0 ? Mode.BEST : Mode.FAITHFUL, p).rows(), op.label());
                    }
                    return null;
                }));
            }
            for (int t = 0; t < 2; t++) {
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 20; i++) {
                        backend().execute(Operation.UPDATE, Mode.BEST, Map.of("host", Defaults.HOST, "value", (long) i));
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : futures) {
                f.get(60, java.util.concurrent.TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        Object original = DATA.rows(GlueModel.HOST).stream().filter(h -> h[0].equals(Defaults.HOST)).findFirst().orElseThrow()[
                GlueModel.collection(GlueModel.HOST).indexOf("load_last_1min")];
        backend().apply(List.of(Update.set(GlueModel.HOST, Defaults.HOST, Map.of("load_last_1min", original)).validated()));
        assertSnapshotEqualsData();
    }

    void assertSnapshotEqualsData() {
        Dataset snap = backend().snapshot();
        for (CollectionDef d : GlueModel.collections()) {
            assertEquals(sorted(DATA.rows(d.name())), sorted(snap.rows(d.name())), d.name());
        }
    }

    private void assertStatus(int status, List<Update> batch) {
        List<Update> valid = new ArrayList<>();
        for (Update u : batch) {
            valid.add(u.validated());
        }
        GrimException e = assertThrows(GrimException.class, () -> backend().apply(valid));
        assertEquals(status, e.status(), e.getMessage());
    }

    /** The defaults, plus values taken from the data so that every operation also has a non-empty answer. */
    static List<Map<String, Object>> parameterSets(Operation op) {
        long connections = DATA.count(GlueModel.CONNECTION);
        List<Map<String, Object>> sets = new ArrayList<>();
        sets.add(Defaults.of(op, connections));
        switch (op) {
            case SCOPED, NON_SCOPED -> {
                CollectionDef se = GlueModel.collection(GlueModel.STORAGE_ELEMENT);
                for (Object[] r : DATA.rows(GlueModel.STORAGE_ELEMENT).subList(0, 2)) {
                    sets.add(Map.of("site", r[se.indexOf("site_id")], "name", r[se.indexOf("name")]));
                }
            }
            case INDEXED, MANY_RELATIONS, HOST_LOOKUP -> {
                List<Object[]> hosts = DATA.rows(GlueModel.HOST);
                sets.add(Map.of("host", hosts.get(hosts.size() / 2)[0]));
                sets.add(Map.of("host", hosts.get(hosts.size() - 1)[0]));
            }
            case NON_INDEXED -> {
                CollectionDef h = GlueModel.collection(GlueModel.HOST);
                sets.add(Map.of("hostName", DATA.rows(GlueModel.HOST).get(7)[h.indexOf("host_name")]));
            }
            case SCOPED_HOSTS, NON_SCOPED_HOSTS -> {
                CollectionDef c = GlueModel.collection(GlueModel.CLUSTER);
                Object cl = DATA.rows(GlueModel.CLUSTER).get(DATA.count(GlueModel.CLUSTER) - 1)[c.indexOf("cluster_id")];
                for (Object[] os : DATA.rows(GlueModel.HOST_OS)) {
                    sets.add(Map.of("cluster", cl, "release", os[2]));
                }
            }
            case NETWORK_HOP -> {
                for (Object[] c : DATA.rows(GlueModel.CONNECTION).subList(0, 3)) {
                    sets.add(Map.of("endpoint", c[1]));
                }
            }
            case SOFTWARE_LOOKUP -> sets.add(Map.of("moduleName", DATA.rows(GlueModel.SOFTWARE).get(3)[3]));
            case STORAGE_LOOKUP -> sets.add(Map.of("controlHost", DATA.rows(GlueModel.STORAGE_ELEMENT).get(1)[5]));
            default -> {
            }
        }
        return sets;
    }

    static List<List<Object>> sorted(List<Object[]> rows) {
        List<List<Object>> out = new ArrayList<>();
        for (Object[] r : rows) {
            out.add(Arrays.asList(r));
        }
        out.sort(Rows.ORDER);
        return out;
    }
}
