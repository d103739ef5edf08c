package org.gridstack.bench.mds;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.gridstack.bench.seed001.Design;
import org.gridstack.bench.seed001.DesignSite;
import org.gridstack.bench.seed001.DesignSites;
import org.gridstack.bench.seed001.QueryShape;
import org.gridstack.bench.seed001.SeedSet;
import org.gridstack.bench.seed001.StepTimerSnapshot;
import org.gridstack.bench.seed001.Target;
import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.giis.GiisMode;
import org.gridstack.mds.ldap.StepTimers;
import org.gridstack.mds.provider.InformationProvider;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPException;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * MDS2's side of the three-design seed 001 run, on the GRIS and GIIS of mds-index in this JVM with
 * in-process IPs ({@link DeviceProviders.Kind#JAVA}, the collectors Hawkeye's modules wrap too):
 * set 1 a cached GRIS with 10 IPs (1 memory, 9 cpu), all data; set 2 a GIIS (cachettl 1 day) with
 * 6 such GRISes registered (60 IPs), all data; set 3 a cached GRIS with N memory IPs, the memory
 * data; set 4 a cached GIIS (cachettl 30 s) with N GRISes of 10 IPs registered, all data. Users as
 * in the seed: a new LDAP connection per query ({@link NewConnectionSearch}). The two-attribute
 * variant asks for {@code Mds-Device-Group-name} and one value of every entry. Step timers: the
 * {@code mds.step} timers of both servers and the clients' connect. Not thread-safe.
 */
public final class Seed001MdsSites implements DesignSites {
    /** Set 2: seed 001's six GRIS hosts. */
    static final int DIRECTORY_GRISES = 6;

    private final MeterRegistry meters = new SimpleMeterRegistry();
    private final Timer connect = StepWindow.connectTimer(meters);
    private final StepTimers grisTimers = new StepTimers(meters, "gris");
    private final StepTimers giisTimers = new StepTimers(meters, "giis");
    private GrisFarm aggregateFarm;

    /**
     * The in-process IPs a GRIS of this run collects with ({@code memory} memory IPs, then {@code cpu}
     * cpu IPs, entries below {@code suffix}): the collectors the other designs wrap, so all publish
     * the same data.
     */
    public static List<InformationProvider> collectors(int memory, int cpu, String suffix) throws LDAPException {
        return DeviceProviders.of(DeviceProviders.Kind.JAVA, new DN(suffix), memory, cpu, null, null);
    }

    @Override
    public Design design() {
        return Design.MDS2;
    }

    @Override
    public DesignSite open(SeedSet set, int x, int most) throws Exception {
        int ips = Mds2ScalingBenchmark.MEMORY_IPS + Mds2ScalingBenchmark.CPU_IPS;
        return switch (set) {
            case INFORMATION_SERVER_USERS -> {
                GrisFarm farm = GrisFarm.start(1, DeviceProviders.Kind.JAVA, Mds2ScalingBenchmark.MEMORY_IPS,
                        Mds2ScalingBenchmark.CPU_IPS, CacheMode.ON, null, grisTimers);
                yield new Site(farm, null, farm.port(0), GrisFarm.suffix(0).toString(), DeviceProviders.ALL_FILTER, ips,
                        "Mds-validfrom");
            }
            case DIRECTORY_USERS -> {
                GrisFarm farm = GrisFarm.start(DIRECTORY_GRISES, DeviceProviders.Kind.JAVA, Mds2ScalingBenchmark.MEMORY_IPS,
                        Mds2ScalingBenchmark.CPU_IPS, CacheMode.ON, null, grisTimers);
                RegisteredGiis giis = startGiis(farm, DIRECTORY_GRISES, ips, Mds2ScalingBenchmark.DIRECTORY_CACHETTL);
                yield new Site(farm, giis, giis.port(), IndexLayout.GIIS_SUFFIX, DeviceProviders.ALL_FILTER,
                        DIRECTORY_GRISES * ips, "Mds-validfrom");
            }
            case INFORMATION_SERVER_COLLECTORS -> {
                GrisFarm farm = GrisFarm.start(1, DeviceProviders.Kind.JAVA, x, 0, CacheMode.ON, null, grisTimers);
                yield new Site(farm, null, farm.port(0), GrisFarm.suffix(0).toString(), DeviceProviders.MEMORY_FILTER, x,
                        "Mds-Memory-Ram-freeMB");
            }
            case AGGREGATE_SERVERS -> {
                if (aggregateFarm == null) {
                    // MDS2's cachetimes on every GRIS, as in mds-seed001's set 4
                    aggregateFarm = GrisFarm.start(most, DeviceProviders.Kind.JAVA, Mds2ScalingBenchmark.MEMORY_IPS,
                            Mds2ScalingBenchmark.CPU_IPS, CacheMode.AUTO, null, grisTimers);
                }
                RegisteredGiis giis = startGiis(aggregateFarm, x, ips, Mds2ScalingBenchmark.AGGREGATE_CACHETTL);
                yield new Site(null, giis, giis.port(), IndexLayout.GIIS_SUFFIX, DeviceProviders.ALL_FILTER, x * ips,
                        "Mds-validfrom");
            }
        };
    }

    private RegisteredGiis startGiis(GrisFarm farm, int count, int ips, Duration cachettl) throws Exception {
        try {
            return RegisteredGiis.start(farm, count, ips, GiisMode.CACHED, cachettl, giisTimers);
        } catch (Exception | Error e) {
            if (farm != aggregateFarm) {
                farm.close();
            }
            throw e;
        }
    }

    /** One GRIS or GIIS ready for users; closes the farm and GIIS it was given. */
    private final class Site implements DesignSite {
        private final GrisFarm farm;
        private final RegisteredGiis giis;
        private final int port;
        private final String base;
        private final String filter;
        private final int entries;
        private final String secondAttribute;

        Site(GrisFarm farm, RegisteredGiis giis, int port, String base, String filter, int entries, String secondAttribute) {
            this.farm = farm;
            this.giis = giis;
            this.port = port;
            this.base = base;
            this.filter = filter;
            this.entries = entries;
            this.secondAttribute = secondAttribute;
        }

        @Override
        public Optional<Target> target(QueryShape shape) throws Exception {
            String[] attributes = switch (shape) {
                case WHOLE -> new String[0];
                case TWO_ATTRIBUTES -> new String[] {"Mds-Device-Group-name", secondAttribute};
                case ONE_PERCENT_TWO_ATTRIBUTES -> null;
            };
            if (attributes == null) {
                return Optional.empty();
            }
            long bytes = new NewConnectionSearch(port, base, filter, entries, connect, attributes).check();
            return Optional.of(new Target(i -> new NewConnectionSearch(port, base, filter, entries, connect, attributes), entries,
                    bytes));
        }

        @Override
        public Map<String, long[]> steps() {
            return StepTimerSnapshot.of(meters, StepWindow.METER);
        }

        @Override
        public void close() {
            if (giis != null) {
                giis.close();
            }
            if (farm != null) {
                farm.close();
            }
        }
    }

    @Override
    public void close() {
        if (aggregateFarm != null) {
            aggregateFarm.close();
            aggregateFarm = null;
        }
    }
}
