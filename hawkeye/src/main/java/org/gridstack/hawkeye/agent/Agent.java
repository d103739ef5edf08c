package org.gridstack.hawkeye.agent;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.Expr;
import org.gridstack.hawkeye.classad.Value;
import org.gridstack.hawkeye.client.HawkeyeClient;
import org.gridstack.hawkeye.client.HawkeyeException;
import org.gridstack.hawkeye.module.ModuleRunner;
import org.gridstack.hawkeye.module.ModuleState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The Hawkeye agent (the seed's Information Server): merges its modules' latest ads into one ad
 * per host ({@code Name}, {@code MyType = "Machine"}, {@code HawkeyeModules},
 * {@code HawkeyeStaleModules}, {@code LastHeardFrom}, then every module's attributes in module
 * order), answers queries about it (through the web layer), and pushes the full ad to its
 * manager every interval. Thread-safe; {@link #close()} stops pushing and the modules.
 */
@ThreadSafe
public final class Agent implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Agent.class);

    private final String name;
    private final ModuleRunner modules;
    private final Clock clock;
    private final Timer pushTimer;
    private final ScheduledExecutorService pusher;
    private final AtomicLong pushes = new AtomicLong();
    private final AtomicReference<String> lastPushError = new AtomicReference<>();

    public Agent(String name, ModuleRunner modules, Clock clock, MeterRegistry meters) {
        this.name = requireNonNull(name, "name is null");
        this.modules = requireNonNull(modules, "modules is null");
        this.clock = requireNonNull(clock, "clock is null");
        this.pushTimer = Timer.builder("hawkeye.step").tag("step", "Agent-PushManager").register(meters);
        this.pusher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hawkeye-push");
            t.setDaemon(true);
            return t;
        });
    }

    public String name() {
        return name;
    }

    public ModuleRunner modules() {
        return modules;
    }

    /** The host's ad now: the merge of the modules' latest ads. */
    public ClassAd ad() {
        ClassAd.Builder b = ClassAd.builder();
        b.put("Name", name);
        b.put("MyType", "Machine");
        List<Expr> names = new ArrayList<>();
        List<Expr> stale = new ArrayList<>();
        List<ModuleState> states = new ArrayList<>(modules.states().values());
        for (ModuleState s : states) {
            names.add(new Expr.Literal(Value.of(s.module())));
            if (s.stale()) {
                stale.add(new Expr.Literal(Value.of(s.module())));
            }
        }
        b.put("HawkeyeModules", new Expr.ListExpr(names));
        b.put("HawkeyeStaleModules", new Expr.ListExpr(stale));
        b.put("LastHeardFrom", clock.instant().getEpochSecond());
        for (ModuleState s : states) {
            for (ClassAd.Attribute a : s.ad().attributes()) {
                if (!a.name().equalsIgnoreCase("Name") && !a.name().equalsIgnoreCase("MyType")) {
                    b.put(a.name(), a.expr());
                }
            }
        }
        return b.build();
    }

    /**
     * Pushes the full ad to {@code manager} now and then every {@code interval} (the seed: 60 s),
     * with {@code credential}; failures are logged and the next push tries again.
     */
    public void startPushing(HawkeyeClient client, URI manager, String credential, String agentUrl, Duration interval) {
        requireNonNull(client, "client is null");
        requireNonNull(manager, "manager is null");
        requireNonNull(credential, "credential is null");
        pusher.scheduleWithFixedDelay(() -> {
            Timer.Sample s = Timer.start();
            try {
                client.push(manager, name, ad(), agentUrl, credential);
                pushes.incrementAndGet();
                lastPushError.set(null);
            } catch (HawkeyeException e) {
                lastPushError.set(e.getMessage());
                log.warn("push to {} failed: {}", manager, e.getMessage());
            } catch (RuntimeException e) {
                lastPushError.set(e.toString());
                log.warn("push to {} failed", manager, e);
            } finally {
                s.stop(pushTimer);
            }
        }, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Pushes that succeeded so far. */
    public long pushes() {
        return pushes.get();
    }

    /** The last push's error, null if it worked. */
    public String lastPushError() {
        return lastPushError.get();
    }

    @Override
    public void close() {
        pusher.shutdownNow();
        modules.close();
    }
}
