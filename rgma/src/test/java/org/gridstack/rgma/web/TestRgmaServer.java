package org.gridstack.rgma.web;

import static org.awaitility.Awaitility.await;
import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactlyInAnyOrder;
import static org.gridstack.testing.ContainmentAssertions.assertDoesNotContain;
import static org.gridstack.testing.ContainmentAssertions.assertStartsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.rgma.client.Consumer;
import org.gridstack.rgma.client.PrimaryProducer;
import org.gridstack.rgma.client.ProducerOptions;
import org.gridstack.rgma.client.Registry;
import org.gridstack.rgma.client.RgmaClientException;
import org.gridstack.rgma.client.RgmaEndpoint;
import org.gridstack.rgma.client.SecondaryProducer;
import org.gridstack.rgma.consumer.ConsumerService;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An R-GMA server on a free port over a real embedded PostgreSQL, driven over real HTTP (plain
 * requests and the Java API): every producer and query type, mediation and soft state, and the
 * faults of the service's contract. Each test uses tables of its own.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "rgma.demo=true",
        "rgma.producer.maintenance-interval=200ms",
        "rgma.producer.min-termination-interval=500ms",
        "rgma.registry.sweep-interval=200ms",
        "rgma.registry.max-per-address=400",
        "rgma.consumer.poll-interval=100ms",
        "rgma.consumer.rediscover-interval=300ms",
        "rgma.consumer.stream-buffer-rows=50",
        "rgma.consumer.heartbeat=500ms",
        "rgma.query.max-rows=500",
        "rgma.max-body-bytes=65536",
        "rgma.trusted-proxies=127.0.0.1"})
@AutoConfigureObservability
class TestRgmaServer {
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @LocalServerPort
    int port;

    @Autowired
    ConsumerService consumers;

    Http http;
    RgmaEndpoint endpoint;

    @BeforeEach
    void connect() {
        http = new Http(port);
        endpoint = new RgmaEndpoint(http.base);
    }

    private static List<String> column(JsonNode answer, int index) {
        List<String> out = new ArrayList<>();
        answer.get("rows").forEach(r -> out.add(r.get(index).asText()));
        return out;
    }

    @Test
    void latestAndHistoryQueriesOverMemoryAndDatabaseStorage() throws Exception {
        assertEquals(201, http.createTable("CREATE TABLE lh (host VARCHAR(20) NOT NULL, load1 REAL, PRIMARY KEY (host))").status());
        assertEquals(200, http.createTable("create table LH (host varchar(20) not null, load1 real, primary key (host))").status(), "the same declaration again");
        assertEquals(409, http.createTable("CREATE TABLE lh (host VARCHAR(30) NOT NULL, PRIMARY KEY (host))").status());
        JsonNode mem = http.createProducer("{\"table\":\"lh\",\"storage\":\"memory\"}").json();
        JsonNode db = http.createProducer("{\"table\":\"lh\",\"storage\":\"database\"}").json();
        assertEquals(200, http.insert(mem, "INSERT INTO lh (host, load1) VALUES ('a', 1.0), ('b', 2.0)").status());
        assertEquals(1, http.insert(mem, "INSERT INTO lh (host, load1) VALUES ('a', 1.5)").json().get("inserted").asInt());
        assertEquals(200, http.insert(db, "INSERT INTO lh VALUES ('c', 3.0)").status());

        JsonNode latest = http.query("latest", "SELECT host, load1 FROM lh").json();
        assertContainsExactlyInAnyOrder(List.of("a", "b", "c"), column(latest, 0));
        assertContains("[\"a\",1.5]", latest.get("rows").toString());
        assertDoesNotContain("[\"a\",1.0]", latest.get("rows").toString());
        JsonNode history = http.query("history", "SELECT host, load1 FROM lh WHERE load1 >= 1.5").json();
        assertContainsExactlyInAnyOrder(List.of("a", "b", "c"), column(history, 0));
        JsonNode allRows = http.query("history", "SELECT * FROM lh").json().get("rows");
        assertEquals(4, allRows.size(), allRows::toString);
        assertContains("rgmatimestamp", http.query("history", "SELECT * FROM lh").json().get("columns").toString());

        Http.Answer xml = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(http.base
                + "/rgma/consumer/query?type=latest&select=" + Http.enc("SELECT host FROM lh WHERE host = 'c'")))
                .header("Accept", "application/xml"));
        assertContains("<XMLResponse><ResultSet rowCount=\"1\"", xml.body());
        assertContains("<Row><Col>c</Col></Row>", xml.body());
        assertEquals("[\"host\"]", http.get("/rgma/schema/tables/lh").json().get("primaryKey").toString());
    }

    @Test
    void badInputIsRefusedWithAClearClientError() throws Exception {
        http.createTable("CREATE TABLE bad (k INTEGER NOT NULL, v VARCHAR(5), PRIMARY KEY (k))");
        http.createTable("CREATE TABLE bad2 (k INTEGER NOT NULL, PRIMARY KEY (k))");
        JsonNode p = http.createProducer("{\"table\":\"bad\"}").json();

        Http.Answer malformed = http.query("latest", "SELEC * FROM bad");
        assertEquals(400, malformed.status());
        assertStartsWith("malformed SQL", malformed.json().get("message").asText());
        Http.Answer undeclared = http.query("latest", "SELECT * FROM nosuchtable");
        assertEquals(404, undeclared.status());
        assertContains("'nosuchtable' is not declared", undeclared.json().get("message").asText());
        assertContains("gives 1 values for 2 columns", http.insert(p, "INSERT INTO bad (k, v) VALUES (1)").json().get("message").asText());
        assertContains("longer than 5", http.insert(p, "INSERT INTO bad (k, v) VALUES (1, 'too long')").json().get("message").asText());
        Http.Answer otherTable = http.insert(p, "INSERT INTO bad2 VALUES (1)");
        assertEquals(400, otherTable.status());
        assertContains("publishes table bad, not bad2", otherTable.json().get("message").asText());
        assertEquals(400, http.createTable("CREATE TABLE").status());
        assertEquals(404, http.createProducer("{\"table\":\"nosuchtable\"}").status());
        assertEquals(400, http.createProducer("{\"table\":\"bad\",\"terminationInterval\":-1}").status());
        assertEquals(400, http.createProducer("{\"table\":\"bad\",\"queryTypes\":[\"static\"]}").status());
        assertEquals(400, http.query("sideways", "SELECT * FROM bad").status());

        // nothing changes a table without the producer's own token
        JsonNode other = http.createProducer("{\"table\":\"bad\"}").json();
        long id = p.get("id").asLong();
        assertEquals(401, http.post("/rgma/producers/" + id + "/insert", "text/plain", "INSERT INTO bad VALUES (9, 'x')", null, null)
                .status());
        assertEquals(401, http.post("/rgma/producers/" + id + "/insert", "text/plain", "INSERT INTO bad VALUES (9, 'x')",
                other.get("token").asText(), null).status());
        assertEquals(401, http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(http.base + "/rgma/producers/" + id))
                .DELETE()).status());
        JsonNode badRows = http.query("history", "SELECT * FROM bad").json().get("rows");
        assertTrue(badRows.isEmpty(), badRows::toString);
        assertContains("\"id\":" + id, http.get("/rgma/registry/producers").body());
    }

    @Test
    void registryMediatesByTableAndPredicate() throws Exception {
        http.createTable("CREATE TABLE sites (site VARCHAR(10) NOT NULL, host VARCHAR(10) NOT NULL, v INTEGER,"
                + " PRIMARY KEY (site, host))");
        JsonNode ral = http.createProducer("{\"table\":\"sites\",\"predicate\":\"WHERE site = 'RAL'\"}").json();
        JsonNode cern = http.createProducer("{\"table\":\"sites\",\"predicate\":\"site = 'CERN'\"}").json();
        JsonNode any = http.createProducer("{\"table\":\"sites\"}").json();
        http.insert(ral, "INSERT INTO sites VALUES ('RAL', 'r1', 1)");
        http.insert(cern, "INSERT INTO sites VALUES ('CERN', 'c1', 2)");
        http.insert(any, "INSERT INTO sites VALUES ('RAL', 'x1', 3), ('FNAL', 'f1', 4)");
        Http.Answer outside = http.insert(ral, "INSERT INTO sites VALUES ('CERN', 'r2', 5)");
        assertEquals(400, outside.status());
        assertContains("predicate", outside.json().get("message").asText());

        List<Long> chosen = new ArrayList<>();
        new Registry(endpoint).lookup("SELECT * FROM sites WHERE site = 'RAL'", "latest").forEach(r -> chosen.add(r.id()));
        assertContainsExactlyInAnyOrder(List.of(ral.get("id").asLong(), any.get("id").asLong()), chosen);
        JsonNode answer = http.query("latest", "SELECT host FROM sites WHERE site = 'RAL'").json();
        assertContainsExactlyInAnyOrder(List.of("r1", "x1"), column(answer, 0));
        assertEquals(2, answer.get("producers").size(), () -> "size of " + answer.get("producers"));
        assertContainsExactlyInAnyOrder(List.of("r1", "c1", "x1", "f1"), column(http.query("latest", "SELECT host FROM sites").json(), 0));
        // producers handed to the consumer: no mediation
        JsonNode direct = http.get("/rgma/consumer/query?type=latest&producer=" + cern.get("id").asLong() + "&select="
                + Http.enc("SELECT host FROM sites")).json();
        assertContainsExactly(List.of("c1"), column(direct, 0));
        assertEquals(400, http.get("/rgma/consumer/query?type=latest&producer=http://198.51.100.1:80%23" + cern.get("id").asLong()
                + "&select=" + Http.enc("SELECT host FROM sites")).status());
    }

    @Test
    void deadProducersExpireAndTheirTuplesLeaveLatestQueries() throws Exception {
        http.createTable("CREATE TABLE soft (k VARCHAR(10) NOT NULL, PRIMARY KEY (k))");
        JsonNode dying = http.createProducer("{\"table\":\"soft\",\"terminationInterval\":2,\"latestRetentionPeriod\":60}").json();
        JsonNode living = http.createProducer("{\"table\":\"soft\",\"terminationInterval\":120,\"latestRetentionPeriod\":4,"
                + "\"historyRetentionPeriod\":120}").json();
        http.insert(dying, "INSERT INTO soft VALUES ('dying')");
        http.insert(living, "INSERT INTO soft VALUES ('old')");
        List<String> both = column(http.query("latest", "SELECT k FROM soft").json(), 0);
        assertContains("dying", both);
        assertContains("old", both);
        await().atMost(PATIENCE).untilAsserted(() -> {
            assertDoesNotContain("\"id\":" + dying.get("id").asLong(), http.get("/rgma/registry/producers?table=soft").body());
            assertEquals(List.of(), column(http.query("latest", "SELECT k FROM soft").json(), 0));
        });
        // the living producer's tuple left latest by its retention, but history keeps it
        assertContainsExactly(List.of("old"), column(http.query("history", "SELECT k FROM soft").json(), 0));
        Http.Answer gone = http.insert(dying, "INSERT INTO soft VALUES ('again')");
        assertEquals(404, gone.status());
        http.post("/rgma/producers/" + living.get("id").asLong() + "/renew", "text/plain", "", living.get("token").asText(), null);
        http.insert(living, "INSERT INTO soft VALUES ('new')");
        assertContainsExactly(List.of("new"), column(http.query("latest", "SELECT k FROM soft").json(), 0));
    }

    @Test
    void continuousConsumerKeepsItsStreamAndPicksUpNewProducers() throws Exception {
        Registry registry = new Registry(endpoint);
        registry.createTable("CREATE TABLE flow (k VARCHAR(10) NOT NULL, n INTEGER, PRIMARY KEY (k))");
        PrimaryProducer first = new PrimaryProducer(endpoint, ProducerOptions.of("flow").withTerminationInterval(5));
        first.insert("INSERT INTO flow VALUES ('before', 0)");
        try (Consumer.Stream stream = new Consumer(endpoint).stream("SELECT k, n FROM flow WHERE n > 0")) {
            assertContainsExactly(List.of("k", "n"), stream.columns());
            first.insert("INSERT INTO flow VALUES ('skipped', 0), ('a1', 1)");
            assertContainsExactly(List.of("a1", 1), assertTimeoutPreemptively(PATIENCE, stream::next));
            // the first producer dies (no more contact); a new one registers later
            await().atMost(PATIENCE).until(() -> registry.producers().stream().noneMatch(p -> p.id() == first.id()));
            PrimaryProducer second = new PrimaryProducer(endpoint, ProducerOptions.of("flow"));
            second.insert("INSERT INTO flow VALUES ('b1', 2)");
            assertContainsExactly(List.of("b1", 2), assertTimeoutPreemptively(PATIENCE, stream::next));
            second.insert("INSERT INTO flow VALUES ('b2', 3)");
            assertContainsExactly(List.of("b2", 3), assertTimeoutPreemptively(PATIENCE, stream::next));
            second.close();
        }
    }

    @Test
    void aStreamWhoseReaderStopsIsCutWithoutHoldingTheProducer() throws Exception {
        http.createTable("CREATE TABLE flood (k INTEGER NOT NULL, pad VARCHAR(4000), PRIMARY KEY (k))");
        JsonNode p = http.createProducer("{\"table\":\"flood\",\"historyRetentionPeriod\":600}").json();
        await().atMost(PATIENCE).until(() -> consumers.activeStreams() == 1); // the demo's archiver only
        int before = consumers.activeStreams();
        try (Socket reader = new Socket()) {
            reader.setReceiveBufferSize(4096);
            reader.connect(new InetSocketAddress("127.0.0.1", port));
            OutputStream out = reader.getOutputStream();
            out.write(("GET /rgma/consumer/stream?select=" + Http.enc("SELECT * FROM flood") + " HTTP/1.1\r\nHost: x\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = reader.getInputStream();
            int first = in.read();
            assertTrue(first > 0, () -> "the stream started: expected > 0 but was " + first);

            await().atMost(PATIENCE).until(() -> consumers.activeStreams() == before + 1);
            String pad = "x".repeat(4000);
            int k = 0;
            // publish until the stream is cut: the reader reads nothing more
            while (consumers.activeStreams() > before && k < 20_000) {
                StringBuilder insert = new StringBuilder("INSERT INTO flood VALUES ");
                for (int i = 0; i < 15; i++) {
                    insert.append(i == 0 ? "" : ", ").append("(").append(k++).append(", '").append(pad).append("')");
                }
                assertEquals(200, http.insert(p, insert.toString()).status());
            }
            await().atMost(PATIENCE).until(() -> consumers.activeStreams() == before);
            // the producer was never held: it still publishes and answers
            assertEquals(200, http.insert(p, "INSERT INTO flood VALUES (-1, 'after')").status());
            JsonNode after = http.query("latest", "SELECT k FROM flood WHERE k = -1").json().get("rows");
            assertEquals(1, after.size(), after::toString);
        }
    }

    @Test
    void secondaryProducerArchivesThePrimaryStreams() throws Exception {
        Registry registry = new Registry(endpoint);
        registry.createTable("CREATE TABLE arch (site VARCHAR(10) NOT NULL, v INTEGER, PRIMARY KEY (site))");
        try (SecondaryProducer archiver = new SecondaryProducer(endpoint, ProducerOptions.of("arch").withStorage("database"))) {
            PrimaryProducer a = new PrimaryProducer(endpoint, ProducerOptions.of("arch").withPredicate("site = 'A'"));
            PrimaryProducer b = new PrimaryProducer(endpoint, ProducerOptions.of("arch").withPredicate("site = 'B'"));
            a.insert("INSERT INTO arch VALUES ('A', 1)");
            b.insert("INSERT INTO arch VALUES ('B', 1)");
            a.insert("INSERT INTO arch VALUES ('A', 2)");
            String history = "/rgma/consumer/query?type=history&producer=" + archiver.id() + "&select="
                    + Http.enc("SELECT site, v FROM arch");
            await().atMost(PATIENCE).untilAsserted(() -> {
                JsonNode archived = http.get(history).json().get("rows");
                assertEquals(3, archived.size(), archived::toString);
            });
            JsonNode latest = http.get("/rgma/consumer/query?type=latest&producer=" + archiver.id() + "&select="
                    + Http.enc("SELECT site, v FROM arch")).json();
            assertContains("[\"A\",2]", latest.get("rows").toString());
            assertContains("[\"B\",1]", latest.get("rows").toString());
            assertDoesNotContain("[\"A\",1]", latest.get("rows").toString());
            assertEquals("secondary", registry.producers().stream().filter(p -> p.id() == archiver.id()).findFirst().orElseThrow().kind());
            a.close();
            b.close();
        }
    }

    @Test
    void onDemandProducersAnswerStaticQueriesFromTheHostsProviders() throws Exception {
        await().atMost(PATIENCE).until(() -> http.get("/rgma/registry/producers?table=hostload").json().size() >= 3);
        JsonNode load = http.query("static", "SELECT hostname, load1 FROM hostload").json();
        assertEquals(1, load.get("rows").size(), () -> "size of " + load.get("rows"));
        assertFalse(load.get("rows").get(0).get(0).asText().isBlank(), () -> "was: " + load.get("rows").get(0).get(0).asText());
        assertTrue(load.get("rows").get(0).get(1).isInt());
        JsonNode glue = http.query("static", "SELECT dn, val FROM glueentry WHERE attribute = 'GlueHostName'").json();
        assertFalse(glue.get("rows").isEmpty(), () -> "expected not empty");
        // the demo's primary producer published the same collector once; its archiver keeps the history
        await().atMost(PATIENCE).untilAsserted(() -> {
            JsonNode hosts = http.query("latest", "SELECT hostname FROM hostload").json().get("rows");
            assertTrue(hosts.size() >= 2, () -> "expected at least 2 rows but was " + hosts);
        });
    }

    @Test
    void registryKeepsAnsweringUnderARegistrationFlood() throws Exception {
        http.createTable("CREATE TABLE floodreg (k INTEGER NOT NULL, PRIMARY KEY (k))");
        String body = "{\"table\":\"floodreg\",\"terminationInterval\":600}";
        int accepted = 0;
        Http.Answer refused = null;
        for (int i = 0; i < 1000 && refused == null; i++) {
            Http.Answer a = http.post("/rgma/producers", "application/json", body, null, "192.0.2.66");
            if (a.status() == 201) {
                accepted++;
            } else {
                refused = a;
            }
        }
        assertNotNull(refused, "the flood is bounded");
        assertEquals(429, refused.status());
        assertContains("192.0.2.66", refused.json().get("message").asText());
        assertEquals(400, accepted);
        // others still register and look up
        assertEquals(201, http.post("/rgma/producers", "application/json", body, null, "192.0.2.67").status());
        assertEquals(401, http.get("/rgma/registry/producers?table=floodreg").json().size());
        assertEquals(200, http.query("latest", "SELECT * FROM floodreg").status());
        // (that expiry gives the address its share back is TestSoftStateRegistry's, with a clock of its own)
    }

    @Test
    void anonymousQueriesAreBoundedInRowsAndBodies() throws Exception {
        http.createTable("CREATE TABLE many (k INTEGER NOT NULL, PRIMARY KEY (k))");
        JsonNode p = http.createProducer("{\"table\":\"many\"}").json();
        StringBuilder insert = new StringBuilder("INSERT INTO many VALUES (0)");
        for (int i = 1; i < 600; i++) {
            insert.append(", (").append(i).append(")");
        }
        assertEquals(200, http.insert(p, insert.toString()).status());
        JsonNode answer = http.query("history", "SELECT k FROM many").json();
        assertEquals(500, answer.get("rows").size(), () -> "size of " + answer.get("rows"));
        assertTrue(answer.get("truncated").asBoolean());
        Http.Answer big = http.insert(p, "INSERT INTO many VALUES " + "(1), ".repeat(20_000) + "(2)");
        assertEquals(413, big.status());
        assertContains("65536", big.json().get("message").asText());
        try {
            new Consumer(endpoint).query("SELECT nope FROM many", "latest");
            throw new AssertionError("expected a refusal");
        } catch (RgmaClientException e) {
            assertEquals(400, e.status());
            assertContains("no column nope", e.getMessage());
        }
    }

    @Test
    void netLoggerStepsArePublishedAsTimers() throws Exception {
        http.createTable("CREATE TABLE steps (k INTEGER NOT NULL, PRIMARY KEY (k))");
        JsonNode p = http.createProducer("{\"table\":\"steps\"}").json();
        http.insert(p, "INSERT INTO steps VALUES (1)");
        http.query("latest", "SELECT * FROM steps");
        String prometheus = http.get("/actuator/prometheus").body();
        for (String step : List.of("ConsumerServlet-Start", "ConsumerServlet-SendQueryRegistry", "RegistryServlet-ProcessQuery",
                "ConsumerServlet-StartQuery", "Producer-Execute", "ConsumerServlet-Retrieve")) {
            assertContains("rgma_step_seconds_count{application=\"rgma\",step=\"" + step + "\"}", prometheus);
        }
    }
}
