package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.RDN;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.ldap.StepTimers;
import org.gridstack.mds.provider.ProcessRunner;
import java.net.InetAddress;

/**
 * Seed 001's GRISes, all in this JVM, each an LDAP listener of its own on a free port of
 * 127.0.0.1 (seed 001 ran up to 600 GRIS processes spread over six hosts; here they share one JVM
 * and its two cores). GRIS {@code i} serves {@code Mds-Vo-name=gris-i,o=Grid} from
 * {@code memory} memory IPs and {@code cpu} cpu IPs ({@link DeviceProviders}) with the given
 * cache mode and the shipped GRIS limits; all time their search steps with the same
 * {@link StepTimers}. {@link #close()} stops every GRIS (also the ones started before a failure).
 * Not thread-safe.
 */
final class GrisFarm implements AutoCloseable {
    private final List<GrisServer> grises;

    private GrisFarm(List<GrisServer> grises) {
        this.grises = requireNonNull(grises, "grises is null");
    }

    /** The suffix of GRIS {@code i}. */
    static DN suffix(int i) {
        return new DN(new RDN("Mds-Vo-name", "gris-" + i), new DN(new RDN("o", "Grid")));
    }

    /**
     * Starts {@code count} GRISes.
     *
     * @param script the IP script (for {@link DeviceProviders.Kind#SCRIPT}; else unused, may be null)
     */
    static GrisFarm start(int count, DeviceProviders.Kind kind, int memory, int cpu, CacheMode mode, Path script, StepTimers timers)
            throws IOException {
        requireNonNull(kind, "kind is null");
        requireNonNull(mode, "mode is null");
        requireNonNull(timers, "timers is null");
        if (count < 1) {
            throw new IllegalArgumentException("a farm needs at least one GRIS, got " + count);
        }
        ProcessRunner runner = new ProcessRunner();
        List<GrisServer> started = new ArrayList<>(count);
        GrisFarm farm = new GrisFarm(started);
        try {
            for (int i = 0; i < count; i++) {
                GrisConfig config = GrisConfig.builder().port(0).listenAddress(InetAddress.getLoopbackAddress())
                        .suffix(suffix(i).toString()).glue2Suffix(null).cacheMode(mode).build();
                ProviderCache cache = new ProviderCache(DeviceProviders.of(kind, config.suffix(), memory, cpu, script, runner), mode,
                        Clock.systemUTC());
                started.add(GrisServer.start(config, cache, null, timers));
            }
        } catch (IOException | RuntimeException e) {
            farm.close();
            throw e;
        }
        return farm;
    }

    int size() {
        return grises.size();
    }

    /** The port of GRIS {@code i}. */
    int port(int i) {
        return grises.get(i).port();
    }

    @Override
    public void close() {
        for (GrisServer g : grises) {
            g.close();
        }
    }
}
