package org.gridstack.bench.squid;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The "plain HTTP client" of the comparison: one GET per fresh connection through a proxy (absolute
 * URL, HTTP/1.1, {@code Connection: close}, the same headers the SDK sends so Squid treats both
 * alike), reads the whole answer and checks only the status line and the body length. No FroNtier
 * decoding: it shows what the Squid can serve when the client costs next to nothing.
 */
final class PlainHttpGet {
    private final byte[] request;
    private final String proxyHost;
    private final int proxyPort;
    private final byte[] buffer = new byte[64 * 1024]; // one per client thread

    PlainHttpGet(URI url, String proxyHost, int proxyPort) {
        Objects.requireNonNull(url, "url is null");
        this.proxyHost = Objects.requireNonNull(proxyHost, "proxyHost is null");
        this.proxyPort = proxyPort;
        this.request = ("GET " + url.toASCIIString() + " HTTP/1.1\r\nHost: " + url.getHost() + ":" + url.getPort()
                + "\r\nX-Frontier-Id: squid-access-bench\r\nCache-Control: max-stale=1\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    /** One GET; returns the body length (bytes after the header), or throws when the answer is not a complete 200. */
    long get() throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(proxyHost, proxyPort), 5_000);
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            InputStream in = socket.getInputStream();
            // the header fits the first reads; scan it for the status and Content-Length
            int filled = 0;
            int headerEnd = -1;
            while (headerEnd < 0) {
                int n = in.read(buffer, filled, buffer.length - filled);
                if (n < 0) {
                    throw new IOException("connection closed inside the HTTP header");
                }
                filled += n;
                headerEnd = indexOfBlankLine(buffer, filled);
                if (headerEnd < 0 && filled == buffer.length) {
                    throw new IOException("HTTP header larger than " + buffer.length + " bytes");
                }
            }
            String header = new String(buffer, 0, headerEnd, StandardCharsets.ISO_8859_1);
            if (!header.startsWith("HTTP/1.1 200") && !header.startsWith("HTTP/1.0 200")) {
                throw new IOException("not a 200 answer: " + header.lines().findFirst().orElse(""));
            }
            long contentLength = contentLength(header);
            long body = filled - (headerEnd + 4);
            for (int n; (n = in.read(buffer)) >= 0; ) {
                body += n;
            }
            if (contentLength >= 0 && body != contentLength) {
                throw new IOException("truncated body: " + body + " of " + contentLength + " bytes");
            }
            return body;
        }
    }

    private static int indexOfBlankLine(byte[] b, int len) {
        for (int i = 0; i + 3 < len; i++) {
            if (b[i] == '\r' && b[i + 1] == '\n' && b[i + 2] == '\r' && b[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static long contentLength(String header) {
        for (String line : header.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("Content-Length")) {
                return Long.parseLong(line.substring(colon + 1).trim());
            }
        }
        return -1; // Squid answers HTTP/1.1 close-delimited or chunked without it; the length check is then skipped
    }
}
