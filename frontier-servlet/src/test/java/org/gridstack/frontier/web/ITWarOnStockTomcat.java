package org.gridstack.frontier.web;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;
import org.gridstack.frontier.demo.DemoDatabase;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.testing.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deploys target/frontier-servlet.war on Debian's stock Tomcat 10.1 (package tomcat10-common, which
 * the test command installs) the way FroNtier operators run the production servlet: the WAR as
 * context /Frontier and the database as a container-managed JNDI DataSource
 * ({@code DataSourceName=jdbc/frontier}), then queries it.
 */
class ITWarOnStockTomcat {
    private static final Path CATALINA_HOME = Paths.get("/usr/share/tomcat10");

    @TempDir
    Path base;

    @Test
    void warServesQueriesOnStockTomcat() throws Exception {
        assertTrue(Files.isExecutable(CATALINA_HOME.resolve("bin/catalina.sh")),
                "stock Tomcat 10.1 not found in " + CATALINA_HOME + ": apt-get install tomcat10-common (./gridstack test does)");
        Path war = Paths.get(System.getProperty("frontier.war", "target/frontier-servlet.war"));
        assertTrue(Files.isReadable(war), "WAR missing: " + war);
        try (DemoDatabase db = DemoDatabase.start(Paths.get(System.getProperty("frontier.demo.schema", "demo/demo-schema.sql")))) {
            int port = freePort();
            Files.createDirectories(base.resolve("conf/Catalina/localhost"));
            for (String d : new String[] {"logs", "temp", "work", "webapps", "lib"}) {
                Files.createDirectories(base.resolve(d));
            }
            Files.writeString(base.resolve("conf/server.xml"), """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <Server port="-1" shutdown="SHUTDOWN">
                      <Service name="Catalina">
                        <Connector port="%d" address="127.0.0.1" protocol="HTTP/1.1" connectionTimeout="20000"
                                   maxHttpHeaderSize="262144" relaxedPathChars="&lt;&gt;[\\]^`{|}" relaxedQueryChars="&lt;&gt;[\\]^`{|}"/>
                        <Engine name="Catalina" defaultHost="localhost">
                          <Host name="localhost" appBase="webapps" unpackWARs="true" autoDeploy="false"
                                errorReportValveClass="org.apache.catalina.valves.ErrorReportValve"/>
                        </Engine>
                      </Service>
                    </Server>
                    """.formatted(port), StandardCharsets.UTF_8);
            // the production servlet's deployment: a JNDI pool defined by the operator
            Files.writeString(base.resolve("conf/Catalina/localhost/Frontier.xml"), """
                    <Context>
                      <Resource name="jdbc/frontier" auth="Container" type="javax.sql.DataSource"
                                driverClassName="org.postgresql.Driver" url="%s"
                                username="%s" password="%s" maxTotal="10" maxIdle="2" maxWaitMillis="30000"
                                defaultReadOnly="true" validationQuery="select 1"
                                connectionProperties="binaryTransfer=false;stringtype=unspecified"/>
                    </Context>
                    """.formatted(db.jdbcUrl(), db.readerUser(), db.readerPassword()), StandardCharsets.UTF_8);
            Files.copy(war, base.resolve("webapps/Frontier.war"));
            Path driver = Paths.get(org.postgresql.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Files.copy(driver, base.resolve("lib").resolve(driver.getFileName()));

            ProcessBuilder pb = new ProcessBuilder(CATALINA_HOME.resolve("bin/catalina.sh").toString(), "run");
            pb.environment().put("CATALINA_HOME", CATALINA_HOME.toString());
            pb.environment().put("CATALINA_BASE", base.toString());
            // answers past 256 KiB are sent as they are produced (not spooled), so an error after that cuts the answer
            pb.environment().put("CATALINA_OPTS", "-Dfrontier.data-source-name=jdbc/frontier -Dfrontier.server-name=WarTest"
                    + " -Dfrontier.response-buffer-bytes=262144 -Dfrontier.spool-client-bytes=0"
                    + " -Dlogging.level.root=WARN -Xmx512m");
            pb.redirectErrorStream(true);
            pb.redirectOutput(base.resolve("logs/console.log").toFile());
            Process tomcat = pb.start();
            try {
                String url = "/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOBzip5&p1="
                        + P1Codec.encode("select id, s from T_TYPES order by id");
                RawHttp.Response r;
                try {
                    // IOException: Tomcat is still starting
                    r = await().atMost(Duration.ofSeconds(240)).pollInterval(Duration.ofMillis(500)).ignoreExceptionsInstanceOf(IOException.class)
                            .until(() -> {
                                if (!tomcat.isAlive()) {
                                    throw new AssertionError("Tomcat exited; no answer from the WAR; Tomcat log:\n" + log());
                                }
                                return RawHttp.exchange("127.0.0.1", port, RawHttp.get(url, "HTTP/1.0", "X-Frontier-Id: war-test"));
                            }, answer -> answer.status() == 200);
                } catch (ConditionTimeoutException e) {
                    throw new AssertionError("no answer from the WAR; Tomcat log:\n" + log(), e);
                }
                DecodedPayload p = ResponseParser.parse(r.bodyText()).payloads().get(0);
                assertEquals(0, p.error(), p.message());
                assertEquals(6, p.records());
                assertEquals("O'Reilly & <friends>", p.decode().rows().get(2).get(1).text());
                assertEquals("text/xml;charset=US-ASCII", r.header("Content-Type"));

                RawHttp.Response bad = RawHttp.exchange("127.0.0.1", port, RawHttp.get(
                        "/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode("delete from T_TYPES"),
                        "HTTP/1.0", "X-Frontier-Id: war-test"));
                DecodedPayload e = ResponseParser.parse(bad.bodyText()).payloads().get(0);
                assertEquals(1, e.error());
                assertTrue(e.message().startsWith("WarTest Query rejected"), e.message());

                // an error after ~1 MB was sent under a good answer's headers: the connection is
                // closed without the last chunk, as on the embedded server
                RawHttp.Received late = RawHttp.receive("127.0.0.1", port, RawHttp.get(
                        "/Frontier/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1="
                                + P1Codec.encode("select g, md5(g::text) h, 1 / (g - 20000) x from generate_series(1, 20000) g"),
                        "HTTP/1.1", "Host: 127.0.0.1", "X-Frontier-Id: war-test", "Connection: close"));
                assertEquals(200, late.status());
                assertTrue(late.chunked());
                assertTrue(late.bodyText().contains("division by zero"), "the reason is sent before the cut");
                assertFalse(late.framed(), "no last chunk after an error found once the headers were out; Tomcat log:\n" + log());
            } finally {
                tomcat.descendants().forEach(ProcessHandle::destroyForcibly);
                tomcat.destroyForcibly();
                tomcat.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    private String log() throws IOException {
        StringBuilder b = new StringBuilder();
        try (var files = Files.list(base.resolve("logs"))) {
            for (Path f : files.toList()) {
                List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
                b.append("== ").append(f.getFileName()).append('\n');
                lines.subList(Math.max(0, lines.size() - 60), lines.size()).forEach(l -> b.append(l).append('\n'));
            }
        }
        return b.toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

}
