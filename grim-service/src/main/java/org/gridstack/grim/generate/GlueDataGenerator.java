package org.gridstack.grim.generate;

import static org.gridstack.grim.model.GlueModel.*;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Defaults;
import java.util.Collections;
import java.util.stream.IntStream;

/**
 * The deterministic GLUE data generator of the spec: the same (seed, scale) always gives the same
 * objects. At scale 1.0 the counts are exactly the seed's (81,684 objects in 34 collections);
 * smaller scales shrink every collection proportionally (at least one object each, and at least
 * a few operating systems so "running Linux" still selects).
 *
 * <p>Shape, as the seed describes it: subclusters are homogeneous (one processor, memory and OS
 * description per subcluster, as GLUE subclusters are), a host has a home subcluster and may be
 * shared into up to two more; every host has a NIC, some have two; connections run mostly
 * between hub endpoints of different clusters (fewer inside a subcluster), each hub with about
 * eleven outgoing connections, so four hops from a hub reach on the order of 13,000 paths; the
 * other connections lead from ordinary endpoints into the hubs. The objects {@link Defaults}
 * names are created first with exactly those values.
 */
public final class GlueDataGenerator {
    private static final String[] VO_NAMES = {"atlas", "cms", "lhcb", "alice", "dteam", "ops", "biomed", "compchem",
            "esr", "fusion", "geant4", "hone"};
    private static final String[] NON_LINUX = {"SunOS", "AIX", "IRIX", "FreeBSD", "Darwin", "HP-UX"};
    private static final String[] VENDORS = {"GenuineIntel", "AuthenticAMD", "IBM", "Sun"};
    private static final String[] LRMS = {"pbs", "lsf", "condor", "sge", "torque"};
    private static final String[] ARCH = {"disk", "tape", "multidisk", "other"};
    private static final String[] SE_IMPL = {"dCache", "DPM", "CASTOR", "StoRM", "BeStMan"};
    private static final String[] ACCESS = {"gsiftp", "rfio", "dcap", "xroot", "file"};
    private static final String[] SOFTWARE_NAMES = {"offline", "geant", "root", "pythia", "herwig", "cernlib", "gcc",
            "python", "atlas-release", "cmssw", "gaudi", "lcg-util"};
    private static final String[] SERVICE_TYPES = {"org.glite.wms", "org.glite.FileTransfer", "org.glite.voms",
            "bdii_site", "SRM", "MyProxy", "org.glite.lb.Server"};
    /** Hub out-degree: 11^4 = 14,641 four-hop walks, ~13,000 of them without revisits at full size. */
    private static final double HUB_OUT_DEGREE = 11.0;

    private final long seed;
    private final double scale;

    public GlueDataGenerator(long seed, double scale) {
        if (!(scale > 0) || scale > 10) {
            throw new IllegalArgumentException("scale must be in (0, 10], got " + scale);
        }
        this.seed = seed;
        this.scale = scale;
    }

    public Dataset generate() {
        SplittableRandom rnd = new SplittableRandom(seed);
        Dataset d = new Dataset();
        int nVo = count(VIRTUAL_ORGANIZATION);
        int nSite = count(SITE);
        int nCluster = count(CLUSTER);
        int nSub = Math.max(nCluster, count(SUB_CLUSTER));
        int nProc = count(HOST_PROCESSOR);
        int nMem = count(HOST_MEMORY);
        int nOs = Math.max(4, count(HOST_OS));
        int nHost = Math.max(nSub, count(HOST));
        int nCe = Math.max(nCluster, count(COMPUTING_ELEMENT));
        int nSe = count(STORAGE_ELEMENT);

        List<String> vos = new ArrayList<>();
        for (int i = 0; i < nVo; i++) {
            String id = String.format("vo-%02d", i + 1);
            vos.add(id);
            String name = i < VO_NAMES.length ? VO_NAMES[i] : "vo" + (i + 1);
            d.add(VIRTUAL_ORGANIZATION, id, name, "Virtual organisation " + name);
        }
        List<String> sites = new ArrayList<>();
        for (int i = 0; i < nSite; i++) {
            String id = String.format("site-%02d", i + 1);
            sites.add(id);
            d.add(SITE, id, "Site" + (i + 1), "http://www." + id + ".example.org", "grid-admin@" + id + ".example.org",
                    "City " + (i + 1) + ", Country " + (i % 5 + 1));
        }
        List<String> clusters = new ArrayList<>();
        for (int i = 0; i < nCluster; i++) {
            String id = String.format("cluster-%03d", i + 1);
            clusters.add(id);
            d.add(CLUSTER, id, "Cluster " + (i + 1), sites.get(i % nSite), "/tmp");
        }
        // operating systems: os-01 is the default Linux release; one in six is not Linux
        List<String> osIds = new ArrayList<>();
        List<String> osNames = new ArrayList<>();
        for (int i = 0; i < nOs; i++) {
            String id = String.format("os-%02d", i + 1);
            osIds.add(id);
            String name = i % 6 == 5 ? NON_LINUX[(i / 6) % NON_LINUX.length] : "Linux";
            String release = i == 0 ? Defaults.OS_RELEASE : (name.equals("Linux") ? "SL-" + (3 + i % 3) + "." + (i % 9) + "." + (i % 4) : (5 + i % 5) + "." + (i % 10));
            osNames.add(name);
            d.add(HOST_OS, id, name, release, name.equals("Linux") ? "2.4." + (20 + i) : "r" + i);
        }
        List<Long> ram = new ArrayList<>();
        for (int i = 0; i < nMem; i++) {
            long size = 256L << (i % 5);
            ram.add(size);
            d.add(HOST_MEMORY, String.format("mem-%03d", i + 1), size, size * 2);
        }
        for (int i = 0; i < nProc; i++) {
            String vendor = VENDORS[i % VENDORS.length];
            d.add(HOST_PROCESSOR, String.format("cpu-%03d", i + 1), vendor, vendor + " model " + (i + 1),
                    (long) (800 + 100 * (i % 25)), i % 3 == 0 ? "x86_64" : "ia32");
        }
        // subclusters: round-robin over clusters, homogeneous descriptions
        List<String> subs = new ArrayList<>();
        List<String> subCluster = new ArrayList<>();
        int[] subOs = new int[nSub];
        int[] subMem = new int[nSub];
        int[] subProc = new int[nSub];
        for (int i = 0; i < nSub; i++) {
            String id = String.format("subcluster-%04d", i + 1);
            subs.add(id);
            String cl = clusters.get(i % nCluster);
            subCluster.add(cl);
            subOs[i] = i % nOs;
            subMem[i] = (i * 7) % nMem;
            subProc[i] = (i * 3) % nProc;
            long cpus = 2L * (1 + i % 8);
            d.add(SUB_CLUSTER, id, "SubCluster " + (i + 1), cl, cpus, cpus * 2, "/scratch");
        }
        // hosts: home subcluster round-robin, so every subcluster has hosts
        List<String> hosts = new ArrayList<>();
        int[] hostSub = new int[nHost];
        for (int i = 0; i < nHost; i++) {
            String id = String.format("host-%06d", i + 1);
            hosts.add(id);
            int s = i % nSub;
            hostSub[i] = s;
            String cl = subCluster.get(s);
            String site = sites.get(clusters.indexOf(cl) % nSite);
            d.add(HOST, id, String.format("wn%06d.%s.grid.example.org", i + 1, site), cl, subs.get(s),
                    String.format("cpu-%03d", subProc[s] + 1), String.format("mem-%03d", subMem[s] + 1), osIds.get(subOs[s]),
                    (long) (400 + rnd.nextInt(1200)), (long) (300 + rnd.nextInt(1000)),
                    (long) rnd.nextInt(400), (long) rnd.nextInt(400), (long) rnd.nextInt(400), (long) rnd.nextInt((int) (long) ram.get(subMem[s]) + 1));
        }
        // shared memberships: the default host is shared into two more subclusters
        int nShared = Math.min(count(SUB_CLUSTER_SHARED_HOST), nHost);
        Set<String> pairs = new HashSet<>();
        int[] extra = new int[nHost];
        List<int[]> shared = new ArrayList<>();
        for (int k = 1; k <= 2 && k < nSub; k++) {
            shared.add(new int[] {k, 0});
            extra[0]++;
            pairs.add(k + ":" + 0);
        }
        for (int attempts = 0; shared.size() < nShared && attempts < 50 * nShared; attempts++) {
            int h = rnd.nextInt(nHost);
            int s = rnd.nextInt(nSub);
            if (s == hostSub[h] || extra[h] >= 2 || !pairs.add(s + ":" + h)) {
                continue;
            }
            extra[h]++;
            shared.add(new int[] {s, h});
        }
        for (int[] p : shared) {
            d.add(SUB_CLUSTER_SHARED_HOST, subs.get(p[0]), hosts.get(p[1]));
        }
        // endpoints: eth0 for every host, eth1 for some
        List<String> endpoints = new ArrayList<>();
        int[] endpointHost = new int[Math.max(nHost, count(NETWORK_ADAPTER))];
        for (int i = 0; i < nHost; i++) {
            endpointHost[endpoints.size()] = i;
            endpoints.add(hosts.get(i) + "-eth0");
            d.add(NETWORK_ADAPTER, hosts.get(i) + "-eth0", hosts.get(i), "eth0", ip(i, 0), 1500L);
        }
        int nExtraNic = Math.min(nHost - 1, Math.max(0, count(NETWORK_ADAPTER) - nHost));
        Set<Integer> twoNics = new HashSet<>();
        while (twoNics.size() < nExtraNic) {
            twoNics.add(1 + rnd.nextInt(nHost - 1 > 0 ? nHost - 1 : 1));
        }
        List<Integer> sortedTwo = new ArrayList<>(twoNics);
        Collections.sort(sortedTwo);
        for (int h : sortedTwo) {
            endpointHost[endpoints.size()] = h;
            endpoints.add(hosts.get(h) + "-eth1");
            d.add(NETWORK_ADAPTER, hosts.get(h) + "-eth1", hosts.get(h), "eth1", ip(h, 1), 9000L);
        }
        generateConnections(d, rnd, endpoints, endpointHost, hostSub, subCluster);
        // computing elements, VO views, policies
        List<String> ces = new ArrayList<>();
        for (int i = 0; i < nCe; i++) {
            String id = String.format("ce-%03d", i + 1);
            ces.add(id);
            long cpus = 8L * (1 + rnd.nextInt(64));
            d.add(COMPUTING_ELEMENT, id, "queue" + (i % 4 + 1), clusters.get(i % nCluster), LRMS[i % LRMS.length], cpus,
                    (long) rnd.nextInt((int) cpus + 1), (long) rnd.nextInt(200), i % 17 == 16 ? "Draining" : "Production");
        }
        int nView = count(VO_VIEW);
        for (int i = 0; i < nView; i++) {
            d.add(VO_VIEW, String.format("voview-%04d", i + 1), ces.get(i % nCe), vos.get(i % nVo), (long) rnd.nextInt(100),
                    (long) rnd.nextInt(50));
        }
        int nPolicy = count(POLICY);
        for (int i = 0; i < nPolicy; i++) {
            d.add(POLICY, String.format("policy-%04d", i + 1), ces.get(i % nCe), vos.get(i % nVo), (long) rnd.nextInt(10),
                    (long) (10 + rnd.nextInt(1000)), (long) (60 * (1 + rnd.nextInt(48))), (long) (120 * (1 + rnd.nextInt(48))),
                    policyDescription(i));
        }
        // storage
        List<String> ses = new ArrayList<>();
        for (int i = 0; i < nSe; i++) {
            String id = String.format("se-%03d", i + 1);
            ses.add(id);
            long total = 1000L * (1 + rnd.nextInt(500));
            d.add(STORAGE_ELEMENT, id, String.format("se%03d.%s.example.org", i + 1, sites.get(i % nSite)), sites.get(i % nSite),
                    ARCH[i % ARCH.length], SE_IMPL[i % SE_IMPL.length], "srm." + id + ".example.org", total,
                    (long) rnd.nextInt((int) total));
        }
        int nSa = count(STORAGE_AREA);
        List<String> sas = new ArrayList<>();
        for (int i = 0; i < nSa; i++) {
            String id = String.format("sa-%04d", i + 1);
            sas.add(id);
            long total = 100L * (1 + rnd.nextInt(500));
            d.add(STORAGE_AREA, id, ses.get(i % nSe), "/pnfs/" + ses.get(i % nSe) + "/data/" + vos.get(i % nVo), total,
                    (long) rnd.nextInt((int) total), i % 2 == 0 ? "replica" : "custodial", i % 3 == 0 ? "nearline" : "online");
        }
        int nAp = count(SE_ACCESS_PROTOCOL);
        for (int i = 0; i < nAp; i++) {
            String type = ACCESS[(i / nSe + i) % ACCESS.length];
            d.add(SE_ACCESS_PROTOCOL, String.format("ap-%04d", i + 1), ses.get(i % nSe), type, "1." + (i % 3),
                    (long) (type.equals("gsiftp") ? 2811 : 1094 + i % 10));
        }
        int nCp = count(SE_CONTROL_PROTOCOL);
        for (int i = 0; i < nCp; i++) {
            d.add(SE_CONTROL_PROTOCOL, String.format("cp-%04d", i + 1), ses.get(i % nSe), "SRM", i % 2 == 0 ? "2.2.0" : "1.1.0",
                    "httpg://srm." + ses.get(i % nSe) + ".example.org:8443/srm/managerv2");
        }
        // services
        int nService = count(SERVICE);
        List<String> services = new ArrayList<>();
        for (int i = 0; i < nService; i++) {
            String id = String.format("service-%03d", i + 1);
            services.add(id);
            String type = SERVICE_TYPES[i % SERVICE_TYPES.length];
            d.add(SERVICE, id, type + " at " + sites.get(i % nSite), type, sites.get(i % nSite),
                    "https://" + id + "." + sites.get(i % nSite) + ".example.org:8443/", "3." + (i % 4) + ".0", i % 13 == 12 ? "Warning" : "OK");
        }
        int nSd = count(SERVICE_DATA);
        for (int i = 0; i < nSd; i++) {
            d.add(SERVICE_DATA, String.format("servicedata-%04d", i + 1), services.get(i % nService), "key" + (i / nService + 1),
                    "value-" + rnd.nextInt(100_000));
        }
        // software and applications: the defaults are the first objects
        int nSoftware = count(SOFTWARE);
        List<String> software = new ArrayList<>();
        for (int i = 0; i < nSoftware; i++) {
            String id = String.format("sw-%04d", i + 1);
            software.add(id);
            String name = SOFTWARE_NAMES[i % SOFTWARE_NAMES.length];
            String vo = VO_NAMES[i % VO_NAMES.length];
            String version = (1 + i % 7) + "." + (i % 10) + "." + (i % 3);
            d.add(SOFTWARE, id, name, version, String.format("VO-%s-%s-%04d", vo, name, i + 1), "/opt/exp_soft/" + vo + "/" + name + "/" + version);
        }
        int nApp = count(APPLICATION);
        List<String> apps = new ArrayList<>();
        for (int i = 0; i < nApp; i++) {
            String id = String.format("app-%04d", i + 1);
            apps.add(id);
            String[] bins = {"cmsRun", "athena", "gaudirun", "aliroot", "g4sim"};
            d.add(APPLICATION, id, String.format("%s-%04d", bins[i % bins.length], i + 1), "v" + (1 + i % 5), 100_000L + rnd.nextInt(5_000_000));
        }
        int nUser = count(USER_ACCOUNT);
        List<String> users = new ArrayList<>();
        for (int i = 0; i < nUser; i++) {
            String id = String.format("user-%03d", i + 1);
            users.add(id);
            d.add(USER_ACCOUNT, id, String.format("griduser%03d", i + 1), vos.get(i % nVo), 10_000L + i, i != 0 && i % 10 == 9 ? "suspended" : "active");
        }
        int nLoc = count(LOCATION);
        for (int i = 0; i < nLoc; i++) {
            d.add(LOCATION, String.format("location-%04d", i + 1), subs.get(i % nSub), "EXP_SOFT_" + (i % 9), "/opt/exp/" + i,
                    "1." + (i % 4));
        }
        int nFs = count(LOCAL_FILE_SYSTEM);
        for (int i = 0; i < nFs; i++) {
            d.add(LOCAL_FILE_SYSTEM, String.format("fs-%04d", i + 1), subs.get(i % nSub), "scratch" + (i % 3), "/scratch" + (i % 3),
                    10_000L * (1 + i % 50), i % 2 == 0 ? "ext3" : "xfs");
        }
        // jobSubmit: in the default cluster only subcluster-0001 has both the default user and the default binary
        int[] defaultClusterSubs = indexesOf(subCluster, Defaults.CLUSTER);
        relationship(d, rnd, SUB_CLUSTER_ACCOUNT, subs, users, List.of(new int[] {0, 0}),
                (s, u) -> u == 0 && contains(defaultClusterSubs, s));
        relationship(d, rnd, SUB_CLUSTER_APPLICATION, subs, apps, List.of(new int[] {0, 0}),
                (s, a) -> a == 0 && contains(defaultClusterSubs, s));
        relationship(d, rnd, SUB_CLUSTER_SOFTWARE, subs, software, List.of(new int[] {0, 0}), (a, b) -> false);
        relationshipWithMount(d, rnd, ces, ses);
        relationship(d, rnd, CLUSTER_SERVICE, clusters, services, List.of(), (a, b) -> false);
        relationship(d, rnd, CE_VO, ces, vos, List.of(), (a, b) -> false);
        relationship(d, rnd, SE_VO, ses, vos, List.of(), (a, b) -> false);
        relationship(d, rnd, SERVICE_VO, services, vos, List.of(), (a, b) -> false);
        relationship(d, rnd, SA_VO, sas, vos, List.of(), (a, b) -> false);
        return d;
    }

    private void generateConnections(Dataset d, SplittableRandom rnd, List<String> endpoints, int[] endpointHost, int[] hostSub,
            List<String> subCluster) {
        int nConn = count(CONNECTION);
        int nEnd = endpoints.size();
        int nHub = (int) Math.min(nEnd, Math.max(6, Math.round(nConn / (HUB_OUT_DEGREE + 1.2))));
        int hubEdges = (int) Math.min((long) nHub * (nHub - 1), Math.round(nHub * HUB_OUT_DEGREE));
        hubEdges = Math.min(hubEdges, nConn);
        // hubs: the default endpoint first, the others drawn at random
        List<Integer> hubs = new ArrayList<>();
        Set<Integer> hubSet = new HashSet<>();
        hubs.add(0);
        hubSet.add(0);
        while (hubs.size() < nHub) {
            int e = rnd.nextInt(nEnd);
            if (hubSet.add(e)) {
                hubs.add(e);
            }
        }
        Set<Long> edges = new HashSet<>();
        List<int[]> conns = new ArrayList<>();
        for (int k = 0; k < hubEdges; k++) {
            int src = hubs.get(k % nHub);
            int dst;
            int attempts = 0;
            do {
                dst = hubs.get(rnd.nextInt(nHub));
                // most connections run between clusters, fewer inside one
                boolean sameCluster = subCluster.get(hostSub[endpointHost[src]]).equals(subCluster.get(hostSub[endpointHost[dst]]));
                if (sameCluster && rnd.nextInt(100) < 85 && attempts < 20) {
                    dst = src;
                }
                attempts++;
            } while ((dst == src || edges.contains(edge(src, dst))) && attempts < 1000);
            if (dst == src || !edges.add(edge(src, dst))) {
                continue;
            }
            conns.add(new int[] {src, dst});
        }
        for (int attempts = 0; conns.size() < nConn && attempts < 50 * nConn; attempts++) {
            int src = rnd.nextInt(nEnd);
            int dst = hubs.get(rnd.nextInt(nHub));
            if (src == dst || hubSet.contains(src) || !edges.add(edge(src, dst))) {
                continue;
            }
            conns.add(new int[] {src, dst});
        }
        long[] sequence = new long[conns.size()];
        for (int i = 0; i < sequence.length; i++) {
            sequence[i] = i + 1;
        }
        for (int i = sequence.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            long t = sequence[i];
            sequence[i] = sequence[j];
            sequence[j] = t;
        }
        for (int i = 0; i < conns.size(); i++) {
            int[] c = conns.get(i);
            d.add(CONNECTION, String.format("conn-%06d", i + 1), endpoints.get(c[0]), endpoints.get(c[1]), sequence[i], "tcp",
                    (long) (1024 + rnd.nextInt(60_000)));
        }
    }

    private static long edge(int src, int dst) {
        return ((long) src << 32) | dst;
    }

    private interface PairFilter {
        boolean reject(int a, int b);
    }

    private void relationship(Dataset d, SplittableRandom rnd, String collection, List<String> left, List<String> right,
            List<int[]> forced, PairFilter reject) {
        long possible = (long) left.size() * right.size();
        int n = (int) Math.min(count(collection), possible);
        Set<Long> seen = new HashSet<>();
        List<int[]> out = new ArrayList<>();
        for (int[] f : forced) {
            if (f[0] < left.size() && f[1] < right.size() && seen.add(edge(f[0], f[1]))) {
                out.add(f);
            }
        }
        int attempts = 0;
        while (out.size() < n && attempts++ < n * 50) {
            int a = rnd.nextInt(left.size());
            int b = rnd.nextInt(right.size());
            if (reject.reject(a, b) || !seen.add(edge(a, b))) {
                continue;
            }
            out.add(new int[] {a, b});
        }
        for (int[] p : out) {
            d.add(collection, left.get(p[0]), right.get(p[1]));
        }
    }

    private void relationshipWithMount(Dataset d, SplittableRandom rnd, List<String> ces, List<String> ses) {
        long possible = (long) ces.size() * ses.size();
        int n = (int) Math.min(count(CE_SE_BIND), possible);
        Set<Long> seen = new HashSet<>();
        int made = 0;
        // every CE binds at least one SE (round-robin), the rest at random
        for (int c = 0; c < ces.size() && made < n; c++) {
            int s = c % ses.size();
            seen.add(edge(c, s));
            d.add(CE_SE_BIND, ces.get(c), ses.get(s), "/mnt/" + ses.get(s));
            made++;
        }
        for (int attempts = 0; made < n && attempts < 50 * n; attempts++) {
            int c = rnd.nextInt(ces.size());
            int s = rnd.nextInt(ses.size());
            if (seen.add(edge(c, s))) {
                d.add(CE_SE_BIND, ces.get(c), ses.get(s), "/mnt/" + ses.get(s));
                made++;
            }
        }
    }

    private static int[] indexesOf(List<String> values, String wanted) {
        return IntStream.range(0, values.size()).filter(i -> values.get(i).equals(wanted)).toArray();
    }

    private static boolean contains(int[] a, int v) {
        for (int x : a) {
            if (x == v) {
                return true;
            }
        }
        return false;
    }

    private static String ip(int host, int nic) {
        return "10." + (nic * 64 + (host >> 16)) + "." + ((host >> 8) & 255) + "." + (host & 255);
    }

    /** Policy text sized so a whole policy object is about 340 bytes, as the seed's inserted objects. */
    static String policyDescription(int i) {
        StringBuilder sb = new StringBuilder("Fair-share policy ").append(i + 1)
                .append(": jobs of this VO may use the queue within the limits below; preemption disabled; ");
        while (sb.length() < 306) {
            sb.append("limits reviewed weekly by the site; ");
        }
        return sb.substring(0, 306);
    }

    private int count(String collection) {
        return GlueModel.collection(collection).countAt(scale);
    }
}
