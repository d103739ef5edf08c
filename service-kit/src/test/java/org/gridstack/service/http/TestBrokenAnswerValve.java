package org.gridstack.service.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The valve on a real Tomcat: a marked or abandoned answer reaches a real client broken, others whole. */
class TestBrokenAnswerValve {
    private static final int BYTES = 200_000;
    private static Tomcat tomcat;
    private static URI uri;
    private static final HttpClient client = HttpClient.newHttpClient();

    /** The exception type the valve is made to break answers on. */
    static final class GaveUp extends RuntimeException {
        private static final long serialVersionUID = 1L;

        GaveUp() {
            super("gave up after the first rows");
        }
    }

    /** Commits a chunked answer, then ends it as the query parameter says. */
    static final class AnsweringServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            response.setContentType("text/plain");
            OutputStream out = response.getOutputStream();
            out.write(new byte[BYTES / 2]);
            out.flush(); // committed, chunked
            switch (request.getParameter("end")) {
                case "mark" -> BrokenAnswerValve.mark(request, "the query failed after its first rows");
                case "throw" -> throw new GaveUp();
                default -> out.write(new byte[BYTES / 2]);
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
        context.getPipeline().addValve(new BrokenAnswerValve(GaveUp.class));
        Tomcat.addServlet(context, "answering", new AnsweringServlet());
        context.addServletMappingDecoded("/*", "answering");
        tomcat.start();
        uri = URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/");
    }

    @AfterAll
    static void stop() throws LifecycleException {
        tomcat.stop();
        tomcat.destroy();
    }

    private static HttpResponse<byte[]> get(String end) throws Exception {
        return client.send(HttpRequest.newBuilder(uri.resolve("/?end=" + end)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void aWholeAnswerArrivesWhole() throws Exception {
        HttpResponse<byte[]> answer = get("normally");
        assertEquals(200, answer.statusCode());
        assertEquals(BYTES, answer.body().length);
    }

    @Test
    void aMarkedAnswerIsBrokenOff() {
        assertThrows(IOException.class, () -> get("mark"), "the client must not see a complete answer");
    }

    @Test
    void anAnswerAbandonedWithABreakingExceptionIsBrokenOff() {
        assertThrows(IOException.class, () -> get("throw"));
    }
}
