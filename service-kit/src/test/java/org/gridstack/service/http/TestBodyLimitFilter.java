package org.gridstack.service.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The filter on a real Tomcat, over real HTTP. */
class TestBodyLimitFilter {
    private static final int LIMIT = 1000;
    private static Tomcat tomcat;
    private static URI uri;
    private static final HttpClient client = HttpClient.newHttpClient();

    /** Reads the whole body as the application would, answering its length or a 413 of its own. */
    static final class ReadingServlet extends HttpServlet {
        @Override
        protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
            String mode = request.getParameter("mode");
            try {
                long length;
                if ("reader".equals(mode)) {
                    length = request.getReader().lines().mapToLong(String::length).sum();
                } else {
                    length = request.getInputStream().readAllBytes().length;
                }
                response.getWriter().print("read " + length);
            } catch (IOException | UncheckedIOException e) { // BufferedReader.lines() wraps it
                BodyTooLargeException tooLarge = BodyTooLargeException.findIn(e);
                if (tooLarge == null) {
                    throw e;
                }
                response.setStatus(413);
                response.getWriter().print("{\"error\":\"limit " + tooLarge.limit() + "\"}");
            }
        }
    }

    @BeforeAll
    static void start(@TempDir Path base) throws LifecycleException {
        tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", null);
        FilterDef def = new FilterDef();
        def.setFilterName("limit");
        def.setFilter(new BodyLimitFilter(LIMIT, (request, response, limit) -> {
            response.setStatus(413);
            response.setContentType("application/json");
            response.getWriter().print("{\"error\":\"declared over " + limit + "\"}");
        }));
        context.addFilterDef(def);
        FilterMap map = new FilterMap();
        map.setFilterName("limit");
        map.addURLPattern("/*");
        context.addFilterMap(map);
        Tomcat.addServlet(context, "reading", new ReadingServlet());
        context.addServletMappingDecoded("/*", "reading");
        tomcat.start();
        uri = URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/");
    }

    @AfterAll
    static void stop() throws LifecycleException {
        tomcat.stop();
        tomcat.destroy();
    }

    private static HttpResponse<String> post(String query, HttpRequest.BodyPublisher body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri.resolve("/?" + query)).POST(body).build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest.BodyPublisher chunked(int bytes) {
        // a stream publisher has no length: the body goes chunked
        return HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[bytes]));
    }

    @Test
    void aBodyAtTheLimitIsRead() throws Exception {
        HttpResponse<String> answer = post("mode=stream", HttpRequest.BodyPublishers.ofByteArray(new byte[LIMIT]));
        assertEquals(200, answer.statusCode());
        assertEquals("read " + LIMIT, answer.body());
        assertEquals("read " + LIMIT, post("mode=stream", chunked(LIMIT)).body());
    }

    @Test
    void aDeclaredLengthOverTheLimitIsRefusedBeforeTheApplication() throws Exception {
        HttpResponse<String> answer = post("mode=stream", HttpRequest.BodyPublishers.ofByteArray(new byte[LIMIT + 1]));
        assertEquals(413, answer.statusCode());
        assertEquals("{\"error\":\"declared over " + LIMIT + "\"}", answer.body());
    }

    @Test
    void aChunkedBodyOverTheLimitFailsTheReadThatPassesIt() throws Exception {
        HttpResponse<String> answer = post("mode=stream", chunked(50 * LIMIT));
        assertEquals(413, answer.statusCode());
        assertEquals("{\"error\":\"limit " + LIMIT + "\"}", answer.body());
    }

    @Test
    void theReaderIsLimitedToo() throws Exception {
        String text = "x".repeat(LIMIT + 10);
        HttpRequest request = HttpRequest.newBuilder(uri.resolve("/?mode=reader"))
                .header("Content-Type", "text/plain; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))))
                .build();
        HttpResponse<String> answer = client.send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(413, answer.statusCode());
        assertTrue(answer.body().contains("limit " + LIMIT), answer.body());
    }

    @Test
    void findInLooksThroughWrappers() {
        BodyTooLargeException cause = new BodyTooLargeException(7);
        assertEquals(cause, BodyTooLargeException.findIn(new RuntimeException(new IOException(cause))));
        assertEquals(null, BodyTooLargeException.findIn(new IOException("other")));
    }
}
