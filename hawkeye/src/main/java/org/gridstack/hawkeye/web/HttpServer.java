package org.gridstack.hawkeye.web;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;

/**
 * An embedded Tomcat serving one servlet (and optional filters) at {@code /}: multi-threaded,
 * HTTP/1.1 keep-alive, bound to one address (port 0: a free one). Thread-safe; {@link #close()}
 * stops it and removes its working directory.
 */
@ThreadSafe
public final class HttpServer implements AutoCloseable {
    // Tomcat and its Connector: started before this object is published; afterwards only read (the port)
    // and stopped (Tomcat's lifecycle methods are synchronized)
    @SuppressWarnings("ThreadSafe")
    private final Tomcat tomcat;
    @SuppressWarnings("ThreadSafe")
    private final Connector connector;
    private final Path baseDir;
    private final String host;

    private HttpServer(Tomcat tomcat, Connector connector, Path baseDir, String host) {
        this.tomcat = tomcat;
        this.connector = connector;
        this.baseDir = baseDir;
        this.host = host;
    }

    /**
     * Starts a server on {@code host}:{@code port} with {@code maxThreads} request threads.
     *
     * @param filters applied to every request, in order (e.g. a body limit)
     */
    public static HttpServer start(String host, int port, int maxThreads, HttpServlet servlet, Filter... filters)
            throws IOException {
        Path base = Files.createTempDirectory("hawkeye-http");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector();
        connector.setPort(port);
        connector.setProperty("address", host);
        connector.setProperty("maxThreads", Integer.toString(maxThreads));
        connector.setProperty("maxKeepAliveRequests", "-1");
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", null);
        for (int i = 0; i < filters.length; i++) {
            FilterDef def = new FilterDef();
            def.setFilterName("filter" + i);
            def.setFilter(filters[i]);
            context.addFilterDef(def);
            FilterMap map = new FilterMap();
            map.setFilterName("filter" + i);
            map.addURLPattern("/*");
            context.addFilterMap(map);
        }
        Tomcat.addServlet(context, "hawkeye", servlet);
        context.addServletMappingDecoded("/*", "hawkeye");
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            throw new IOException("cannot start HTTP on " + host + ":" + port + ": " + e.getMessage(), e);
        }
        if (connector.getLocalPort() <= 0) {
            try {
                tomcat.stop();
                tomcat.destroy();
            } catch (LifecycleException e) {
                // already failing
            }
            throw new IOException("cannot listen on " + host + ":" + port);
        }
        return new HttpServer(tomcat, connector, base, host);
    }

    public int port() {
        return connector.getLocalPort();
    }

    /** {@code http://host:port/}. */
    public String url() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return "http://" + h + ":" + port() + "/";
    }

    @Override
    public void close() {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            // stopping anyway
        }
        try (Stream<Path> paths = Files.walk(baseDir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind
        }
    }
}
