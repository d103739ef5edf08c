package org.gridstack.hawkeye.module;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.Expr;
import org.gridstack.hawkeye.classad.Value;
import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.ProviderException;
import org.gridstack.mds.provider.ProviderOutput;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;

/**
 * A module on one of mds-index's information providers, so that Hawkeye publishes the same data
 * as MDS: every attribute of every entry the provider makes becomes a ClassAd attribute of the
 * same name, LDAP's dashes written as underscores (a ClassAd name has none) and, when given, the
 * module's prefix in front (as HTCondor's {@code STARTD_CRON_<name>_PREFIX}, so that several
 * modules publishing the same names do not overwrite each other in the agent's merged ad);
 * objectClass is left out, as is a name that is not a ClassAd name even so. Values that read as
 * integers or reals become numbers; an attribute with several values, or met in several entries,
 * becomes a list. The time limit is the provider's timelimit; the period its cachetime unless
 * given. Thread-safe if the provider is.
 */
@ThreadSafe
public final class ProviderModule implements Module {
    @SuppressWarnings("ThreadSafe") // called from one thread at a time: ModuleRunner runs a module only when it is not running
    private final InformationProvider provider;
    private final String prefix;
    private final Duration period;

    /** The provider's attributes under their own names, collected every cachetime. */
    public ProviderModule(InformationProvider provider) {
        this(provider, "", requireNonNull(provider, "provider is null").settings().cachetime());
    }

    /**
     * The provider's attributes named {@code prefix + name}, collected every {@code period}.
     *
     * @throws IllegalArgumentException when the prefix is not the start of a ClassAd name, or the period is not positive
     */
    public ProviderModule(InformationProvider provider, String prefix, Duration period) {
        this.provider = requireNonNull(provider, "provider is null");
        this.prefix = requireNonNull(prefix, "prefix is null");
        this.period = requireNonNull(period, "period is null");
        if (!prefix.isEmpty() && !prefix.matches("[A-Za-z_][A-Za-z_0-9]*")) {
            throw new IllegalArgumentException("a module prefix must be the start of a ClassAd name: '" + prefix + "'");
        }
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("a module's period must be positive: " + period);
        }
    }

    @Override
    public String name() {
        return provider.settings().name();
    }

    @Override
    public Duration period() {
        return period;
    }

    @Override
    public Duration timeLimit() {
        return provider.settings().timelimit();
    }

    @Override
    public ClassAd collect() throws ModuleException, InterruptedException {
        ProviderOutput out;
        try {
            out = provider.collect();
        } catch (ProviderException e) {
            throw new ModuleException(e.getMessage(), e);
        }
        return toAd(out.entries(), prefix);
    }

    /** The attributes of {@code entries} as one ad, names after {@code prefix} (see the class comment). */
    static ClassAd toAd(List<Entry> entries, String prefix) {
        Map<String, List<Value>> values = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        for (Entry e : entries) {
            for (Attribute a : e.getAttributes()) {
                String name = prefix + a.getBaseName().replace('-', '_');
                String key = name.toLowerCase(Locale.ROOT);
                if (a.getBaseName().equalsIgnoreCase("objectclass") || !name.matches("[A-Za-z_][A-Za-z_0-9]*")) {
                    continue;
                }
                names.putIfAbsent(key, name);
                List<Value> list = values.computeIfAbsent(key, k -> new ArrayList<>());
                for (String v : a.getValues()) {
                    list.add(typed(v));
                }
            }
        }
        ClassAd.Builder b = ClassAd.builder();
        for (Map.Entry<String, List<Value>> e : values.entrySet()) {
            List<Value> list = e.getValue();
            if (list.size() == 1) {
                b.put(names.get(e.getKey()), list.get(0));
            } else {
                List<Expr> items = new ArrayList<>(list.size());
                for (Value v : list) {
                    items.add(new Expr.Literal(v));
                }
                b.put(names.get(e.getKey()), new Expr.ListExpr(items));
            }
        }
        return b.build();
    }

    private static Value typed(String v) {
        if (v.matches("-?[0-9]{1,18}")) {
            return Value.of(Long.parseLong(v));
        }
        if (v.matches("-?[0-9]+\\.[0-9]+")) {
            return Value.of(Double.parseDouble(v));
        }
        return Value.of(v);
    }

    @Override
    public String toString() {
        return "ProviderModule[" + name() + "]";
    }
}
