package org.gridstack.mds.web;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Registrations make the index fetch URLs, so only senders the policy lists may add or remove
 * them: here the list names another host, so this host's POST and DELETE get 403 with the
 * setting to change, and nothing is registered; queries stay open to everyone.
 */
@SpringBootTest(classes = IndexApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"mds.index.allow-registrations-from=192.0.2.7", "spring.main.banner-mode=off"})
class TestXmlIndexRegistrationPolicy {
    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void sendersThePolicyDoesNotListCannotRegisterOrUnregister() throws Exception {
        HttpResponse<String> post = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/index/registrations"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("name=x&url=http://127.0.0.1:1/doc.xml&refresh=60")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, post.statusCode());
        assertContains("mds.index.allow-registrations-from", post.body());
        HttpResponse<String> delete = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/index/registrations/x"))
                .DELETE().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, delete.statusCode());
        HttpResponse<String> list = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/index/registrations"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, list.statusCode());
        assertEquals("[]", list.body());
        HttpResponse<String> query = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/index/query?xpath=count(//entry)")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, query.statusCode());
    }
}
