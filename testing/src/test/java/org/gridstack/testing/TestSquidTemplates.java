package org.gridstack.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestSquidTemplates {
    @Test
    void templatesCarryTheFrontierSettingsAndRenderCompletely() throws Exception {
        for (String t : new String[] {"accelerator.conf.template", "site-proxy.conf.template"}) {
            String text = SquidProcess.template(t);
            for (String setting : new String[] {"collapsed_forwarding on", "minimum_expiry_time 0 seconds", "negative_ttl",
                    "maximum_object_size 1 GB", "quick_abort_min 0 KB", "quick_abort_max 0 KB", "http_access allow purge invalidator",
                    "http_access deny purge"}) {
                assertTrue(text.contains(setting), t + " lacks " + setting);
            }
        }
        Map<String, String> v = new HashMap<>(Map.of("name", "n", "listen_address", "127.0.0.1", "port", "1", "origin_host", "h",
                "origin_port", "2", "invalidator_address", "127.0.0.1", "cache_mem_mb", "8", "max_object_mb", "8",
                "negative_ttl_seconds", "0", "dir", "/tmp/x"));
        String rendered = SquidProcess.render(SquidProcess.template("accelerator.conf.template"), v);
        assertFalse(rendered.contains("${"), rendered);
        v.remove("origin_host");
        assertThrows(IllegalArgumentException.class, () -> SquidProcess.render(SquidProcess.template("accelerator.conf.template"), v));
    }
}
