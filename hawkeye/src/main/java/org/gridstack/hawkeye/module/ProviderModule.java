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
 * same name (objectClass left out); values that read as integers or reals become numbers; an
 * attribute with several values, or met in several entries, becomes a list. The period and
 * time limit are the provider's cachetime and timelimit. Thread-safe if the provider is.
 */
@ThreadSafe
public final class ProviderModule implements Module {
    private final InformationProvider provider;

    public ProviderModule(InformationProvider provider) {
        this.provider = requireNonNull(provider, "provider is null");
    }

    @Override
    public String name() {
        return provider.settings().name();
    }

    @Override
    public Duration period() {
        return provider.settings().cachetime();
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
        return toAd(out.entries());
    }

    /** The attributes of {@code entries} as one ad (see the class comment). */
    static ClassAd toAd(List<Entry> entries) {
        Map<String, List<Value>> values = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        for (Entry e : entries) {
            for (Attribute a : e.getAttributes()) {
                String key = a.getBaseName().toLowerCase(Locale.ROOT);
                if (key.equals("objectclass") || !a.getBaseName().matches("[A-Za-z_][A-Za-z_0-9]*")) {
                    continue;
                }
                names.putIfAbsent(key, a.getBaseName());
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
