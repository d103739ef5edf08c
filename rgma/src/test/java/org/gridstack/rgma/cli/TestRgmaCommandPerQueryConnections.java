package org.gridstack.rgma.cli;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertStartsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.rgma.storage.ConnectionSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import picocli.CommandLine;

/**
 * The {@code rgma} command's client subcommands against a server whose ProducerServlet opens a
 * database connection per producer per query (the seed's R-GMA 3.4 behaviour, kept as an option),
 * and a continuous query read as server-sent events.
 */
@SpringBootTest(classes = org.gridstack.rgma.web.RgmaApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"rgma.producer.connections=per-query", "rgma.consumer.poll-interval=100ms"})
class TestRgmaCommandPerQueryConnections {
    @LocalServerPort
    int port;

    @Autowired
    @Qualifier("queries")
    ConnectionSource queries;

    private String run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new RgmaCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of(args));
        all.add(1, "--url=http://127.0.0.1:" + port);
        int code = cli.execute(all.toArray(String[]::new));
        assertEquals(0, code, () -> "exit code of " + all + "; stderr: " + err);
        return out.toString();
    }

    @Test
    void theShellDeclaresInsertsQueriesAndListsOverPerQueryConnections() throws Exception {
        assertEquals("per-query", queries.mode());
        run("create-table", "CREATE TABLE shell (site VARCHAR(10) NOT NULL, n INTEGER, PRIMARY KEY (site))");
        assertContains("CREATE TABLE shell", run("tables"));
        assertContains("2 tuple(s) published", run("insert", "--table=shell", "INSERT INTO shell VALUES ('RAL', 1), ('CERN', 2)"));
        assertEquals("site\tn\nCERN\t2\n", run("query", "--type=latest", "SELECT site, n FROM shell WHERE n > 1"));
        String history = run("query", "--type=history", "SELECT site FROM shell");
        assertContains("RAL", history);
        assertContains("CERN", history);
        assertContains("\tshell\tprimary\t", run("producers"));

        CommandLine cli = new CommandLine(new RgmaCommand());
        cli.setErr(new PrintWriter(new StringWriter(), true));
        assertNotEquals(0, cli.execute("query", "--url=http://127.0.0.1:" + port, "SELECT * FROM nosuch"));
    }

    @Test
    void continuousQueriesStreamAsServerSentEvents() throws Exception {
        run("create-table", "CREATE TABLE sse (k VARCHAR(10) NOT NULL, PRIMARY KEY (k))");
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<java.io.InputStream> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/rgma/consumer/stream?select=" + URLEncoder.encode("SELECT k FROM sse", StandardCharsets.UTF_8)))
                .header("Accept", "text/event-stream").timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertStartsWith("text/event-stream", r.headers().firstValue("Content-Type").orElse(""));
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            assertEquals("event: columns", in.readLine());
            assertEquals("data: {\"columns\":[\"k\"]}", in.readLine());
            run("insert", "--table=sse", "INSERT INTO sse VALUES ('hello')");
            List<String> lines = new ArrayList<>();
            for (String line = in.readLine(); line != null && !line.equals("data: [\"hello\"]"); line = in.readLine()) {
                lines.add(line);
            }
            assertContains("event: row", lines);
        }
    }
}
