package org.gridstack.hawkeye.module;

import java.time.Duration;
import java.util.List;

import org.gridstack.mds.provider.InProcessProvider;
import org.gridstack.mds.provider.ProviderSettings;

import com.unboundid.ldap.sdk.Entry;

/** Small in-process providers for tests. */
public final class ProviderModuleFixtures {
    private ProviderModuleFixtures() {
    }

    /** A module on a provider printing one GLUE host entry with the given 1-minute load (x100). */
    public static Module loadModule(String host, int load) {
        return new ProviderModule(new InProcessProvider(
                new ProviderSettings("host-load", Duration.ofSeconds(60), Duration.ofSeconds(10), 0), () -> {
                    Entry e = new Entry("GlueHostName=" + host + ",Mds-Vo-name=local,o=Grid");
                    e.addAttribute("objectClass", "GlueHost", "GlueHostProcessorLoad");
                    e.addAttribute("GlueHostName", host);
                    e.addAttribute("GlueHostProcessorLoadLast1Min", String.valueOf(load));
                    return List.of(e);
                }));
    }
}
