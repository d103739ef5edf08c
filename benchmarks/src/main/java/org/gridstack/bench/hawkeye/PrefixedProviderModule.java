package org.gridstack.bench.hawkeye;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Locale;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.module.Module;
import org.gridstack.hawkeye.module.ModuleException;
import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.ProviderException;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;

/**
 * A Hawkeye module on one of MDS2's information providers for the seed 001 run, its attributes
 * named {@code <module>_<attribute>} (LDAP's dashes as underscores; {@code objectClass} left out),
 * so that N copies of the memory module publish N sets of attributes in the agent's merged ad, as
 * seed 001's 10-90 "memory" modules did (hawkeye's own {@code ProviderModule} publishes the GLUE
 * names unprefixed, one set per host). Integers become integers, everything else strings. Period
 * 60 s (Hawkeye's passive caching), time limit the provider's. Safe from one thread at a time.
 */
final class PrefixedProviderModule implements Module {
    private final InformationProvider provider;
    private final String prefix;

    PrefixedProviderModule(InformationProvider provider) {
        this.provider = requireNonNull(provider, "provider is null");
        this.prefix = provider.settings().name().replace('-', '_') + "_";
    }

    @Override
    public String name() {
        return provider.settings().name();
    }

    @Override
    public Duration period() {
        return Duration.ofSeconds(60);
    }

    @Override
    public Duration timeLimit() {
        return provider.settings().timelimit();
    }

    @Override
    public ClassAd collect() throws ModuleException, InterruptedException {
        ClassAd.Builder b = ClassAd.builder();
        try {
            for (Entry e : provider.collect().entries()) {
                for (Attribute a : e.getAttributes()) {
                    if (a.getBaseName().toLowerCase(Locale.ROOT).equals("objectclass")) {
                        continue;
                    }
                    String name = prefix + a.getBaseName().replace('-', '_');
                    String v = a.getValue();
                    if (v.matches("-?[0-9]{1,18}")) {
                        b.put(name, Long.parseLong(v));
                    } else {
                        b.put(name, v);
                    }
                }
            }
        } catch (ProviderException e) {
            throw new ModuleException(e.getMessage(), e);
        }
        return b.build();
    }
}
