package org.gridstack.rgma.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * An open stream ends, telling its reader why, as soon as the server starts stopping. Spring waits
 * for the request threads still writing responses before it stops Tomcat, so a stream whose reader
 * stays would otherwise hold the shutdown until the phase's timeout (30 s) and then be dropped
 * without a word (the test JVM lingered that long after the module's tests).
 */
class TestStreamsEndOnShutdown {

    @Test
    void anOpenStreamEndsWithItsReasonWhenTheServerStops() throws Exception {
        ConfigurableApplicationContext app = new SpringApplicationBuilder(RgmaApplication.class)
                .properties("server.port=0", "server.address=127.0.0.1", "rgma.demo=false", "rgma.consumer.poll-interval=100ms")
                .run();
        try {
            int port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
            assertEquals(201, new Http(port).createTable("CREATE TABLE stay (k INTEGER NOT NULL, PRIMARY KEY (k))").status());
            try (Socket reader = new Socket()) {
                reader.connect(new InetSocketAddress("127.0.0.1", port));
                reader.setSoTimeout(120_000); // patience only: a broken server fails the test instead of hanging it
                OutputStream out = reader.getOutputStream();
                out.write(("GET /rgma/consumer/stream?select=" + Http.enc("SELECT k FROM stay") + " HTTP/1.1\r\nHost: x\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                BufferedReader in = new BufferedReader(new InputStreamReader(reader.getInputStream(), StandardCharsets.UTF_8));
                for (String line = in.readLine(); !line.contains("\"columns\""); line = in.readLine()) {
                    assertNotNull(line, "the stream's first lines");
                }
                Thread stopping = new Thread(app::close, "stopping-rgma");
                stopping.start();
                List<String> lines = new ArrayList<>();
                String line = in.readLine();
                while (line != null && !line.contains("\"end\"")) {
                    lines.add(line);
                    line = in.readLine();
                }
                assertEquals("{\"end\":\"" + ConsumerController.SERVER_STOPPING + "\"}", line,
                        "the stream's end line (the lines before it: " + lines + ")");
                stopping.join();
            }
        } finally {
            app.close();
        }
    }
}
