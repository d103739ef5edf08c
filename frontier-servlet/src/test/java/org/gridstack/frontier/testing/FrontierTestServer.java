package org.gridstack.frontier.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gridstack.frontier.demo.DemoDatabase;
import org.gridstack.frontier.db.LastModifiedSource;
import org.gridstack.frontier.db.PostgresModificationTracker;
import org.gridstack.frontier.web.FrontierApplication;
import org.gridstack.frontier.web.FrontierConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/** The whole servlet application on a free port with an embedded PostgreSQL; closing it stops both. */
public final class FrontierTestServer implements AutoCloseable {
    private final ConfigurableApplicationContext context;

    private FrontierTestServer(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** Starts with the vectors' settings (long 7 days, short 0, forever 1 year, ServerName FrontierCMS) plus {@code extra}. */
    public static FrontierTestServer start(Path schema, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--frontier.demo-schema=" + schema.toAbsolutePath(),
                "--frontier.server-name=FrontierCMS",
                "--frontier.long-cache-expire-seconds=604800",
                "--frontier.short-cache-expire-seconds=0",
                "--frontier.forever-cache-expire-seconds=31536000",
                "--frontier.validate-last-modified-seconds=300",
                "--logging.level.root=WARN"));
        args.addAll(List.of(extra));
        // a repeated --name=value would be joined with a comma by Spring: the last one wins here
        java.util.Map<String, String> byName = new java.util.LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            byName.put(eq < 0 ? a : a.substring(0, eq), a);
        }
        SpringApplication app = new SpringApplication(FrontierApplication.class);
        return new FrontierTestServer(app.run(byName.values().toArray(String[]::new)));
    }

    public int port() {
        return ((ServletWebServerApplicationContext) context).getWebServer().getPort();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    public DemoDatabase database() {
        return context.getBean(FrontierConfiguration.DemoHolder.class).database();
    }

    /** Reloads the modification times now (after a test changed them). */
    public void refreshModificationTimes() throws Exception {
        LastModifiedSource s = context.getBean(LastModifiedSource.class);
        if (s instanceof PostgresModificationTracker t) {
            t.refresh();
        }
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    @Override
    public void close() {
        context.close();
    }
}
