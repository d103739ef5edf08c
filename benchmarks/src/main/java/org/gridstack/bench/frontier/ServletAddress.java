package org.gridstack.bench.frontier;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;

/**
 * Where a FroNtier servlet answers: host, port and the path its requests start with. Ours serves
 * {@code /Frontier}; the production servlet on Tomcat serves {@code /Frontier/Frontier} (its web
 * application is {@code /Frontier} and the servlet is mapped to {@code /Frontier/*} inside it).
 * Immutable.
 *
 * @param path the request path before {@code /type=...}, without a trailing slash
 */
record ServletAddress(String host, int port, String path) {
    ServletAddress {
        Objects.requireNonNull(host, "host is null");
        Objects.requireNonNull(path, "path is null");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1..65535, got " + port);
        }
        if (!path.startsWith("/") || path.endsWith("/")) {
            throw new IllegalArgumentException("the servlet path must start and not end with '/', got '" + path + "'");
        }
    }

    /** Our servlet on this host. */
    static ServletAddress ours(int port) {
        return new ServletAddress(FrontierHttpClient.HOST, port, "/Frontier");
    }

    /** {@code http://host:port/path}, as a FroNtier server URL is written. */
    static ServletAddress parse(String url) {
        URI u;
        try {
            u = URI.create(url.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a URL: '" + url + "'", e);
        }
        if (!"http".equals(String.valueOf(u.getScheme()).toLowerCase(Locale.ROOT)) || u.getHost() == null || u.getPort() < 0
                || u.getRawQuery() != null) {
            throw new IllegalArgumentException("a servlet URL is http://host:port/path (e.g. http://127.0.0.1:8080/Frontier/Frontier), got '"
                    + url + "'");
        }
        String path = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/Frontier" : u.getRawPath().replaceAll("/+$", "");
        return new ServletAddress(u.getHost(), u.getPort(), path);
    }

    @Override
    public String toString() {
        return "http://" + host + ":" + port + path;
    }
}
