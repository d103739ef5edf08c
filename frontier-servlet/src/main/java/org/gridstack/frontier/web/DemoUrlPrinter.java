package org.gridstack.frontier.web;

import java.util.Objects;
import org.gridstack.frontier.config.FrontierProperties;
import org.gridstack.frontier.protocol.P1Codec;
import org.springframework.boot.web.servlet.context.ServletWebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

/** Prints URLs to try once the server listens (the launcher's run command asks for it). */
final class DemoUrlPrinter implements ApplicationListener<ServletWebServerInitializedEvent> {
    private final FrontierProperties properties;

    DemoUrlPrinter(FrontierProperties properties) {
        this.properties = Objects.requireNonNull(properties, "properties is null");
    }

    @Override
    public void onApplicationEvent(ServletWebServerInitializedEvent event) {
        if (!properties.isPrintDemoUrls()) {
            return;
        }
        int port = event.getWebServer().getPort();
        String base = "http://localhost:" + port + "/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=";
        StringBuilder b = new StringBuilder("\n=== gridstack FroNtier servlet is up on port ").append(port).append(" ===\n");
        b.append("FroNtier clients: FRONTIER_SERVER=http://localhost:").append(port).append("/Frontier\n\n");
        example(b, base, "BLOB", "select * from T_TYPES order by id");
        example(b, base, "BLOBzip5", "select string from T_STRING where string like 'AB%' order by string");
        example(b, base, "BLOB", "select name, since, payload from conditions where tag = ?:pedestals-v2");
        b.append("Errors come back in the protocol's shape, e.g. a write attempt:\n");
        example(b, base, "BLOB", "delete from T_TYPES");
        b.append("Metrics: curl http://localhost:").append(port).append("/actuator/prometheus | grep frontier_\n");
        System.out.println(b);
    }

    private static void example(StringBuilder b, String base, String encoding, String sql) {
        b.append("  ").append(sql).append('\n')
                .append("  curl -s -H 'X-Frontier-Id: demo' '").append(base).append(encoding).append("&p1=")
                .append(P1Codec.encode(sql)).append("'\n\n");
    }
}
