package org.gridstack.client.frontier;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gridstack.frontier.web.FrontierApplication;
import org.gridstack.testing.FrontierGoldenVectors;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * This project's FroNtier servlet in the test's JVM on a free port, over an embedded PostgreSQL
 * loaded with the golden vectors' schema (their psql script, as it is). Closing it stops the servlet
 * and its database and deletes the schema copy.
 */
public final class InProcessServlet implements AutoCloseable {
    private final ConfigurableApplicationContext context;
    private final Path schema;
    private final String serverUrl;

    private InProcessServlet(ConfigurableApplicationContext context, Path schema) {
        this.context = context;
        this.schema = schema;
        int port = ((ServletWebServerApplicationContext) context).getWebServer().getPort();
        this.serverUrl = "http://127.0.0.1:" + port + "/Frontier";
    }

    public static InProcessServlet start() throws IOException {
        Path schema = FrontierGoldenVectors.schemaFile();
        try {
            return new InProcessServlet(new SpringApplication(FrontierApplication.class).run("--server.port=0",
                    "--frontier.demo-schema=" + schema, "--logging.level.root=WARN"), schema);
        } catch (RuntimeException e) {
            Files.deleteIfExists(schema);
            throw e;
        }
    }

    /** The server URL as FroNtier clients are configured with it: {@code http://127.0.0.1:PORT/Frontier}. */
    public String serverUrl() {
        return serverUrl;
    }

    @Override
    public void close() throws IOException {
        try {
            context.close();
        } finally {
            Files.deleteIfExists(schema);
        }
    }
}
