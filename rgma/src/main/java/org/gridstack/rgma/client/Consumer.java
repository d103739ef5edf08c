package org.gridstack.rgma.client;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A consumer: one-off latest, history and static queries, and continuous queries read as a
 * stream of rows. The server's ConsumerServlet finds the producers through the registry.
 * Thread-safe; each {@link Stream} is used by one thread.
 */
@ThreadSafe
public final class Consumer {
    private final RgmaEndpoint endpoint;

    public Consumer(RgmaEndpoint endpoint) {
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
    }

    /** Answers {@code select} with query {@code type} ({@code latest}, {@code history}, {@code static}). */
    public ResultSet query(String select, String type) {
        JsonNode a = endpoint.send(endpoint.request("/rgma/consumer/query?type=" + RgmaEndpoint.encode(type) + "&select="
                + RgmaEndpoint.encode(select)).GET().build());
        return endpoint.json().convertValue(a, ResultSet.class);
    }

    /** Starts a continuous query; new tuples of every matching producer, including later ones, arrive in order per producer. */
    public Stream stream(String select) {
        InputStream in = endpoint.open(endpoint.request("/rgma/consumer/stream?select=" + RgmaEndpoint.encode(select))
                .header("Accept", "application/x-ndjson").GET().build());
        return new Stream(in);
    }

    /** The rows of a continuous query as they arrive. Closing it ends the query on the server. */
    public final class Stream implements AutoCloseable {
        private final InputStream in;
        private final BufferedReader reader;
        private final List<String> columns;

        private Stream(InputStream in) {
            this.in = in;
            this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            try {
                JsonNode header = endpoint.json().readTree(reader.readLine());
                this.columns = endpoint.json().convertValue(header.get("columns"), new TypeReference<List<String>>() { });
            } catch (IOException | RuntimeException e) {
                close();
                throw new RgmaClientException(0, "the stream did not start: " + e.getMessage(), e);
            }
        }

        /** The columns of every row. */
        public List<String> columns() {
            return columns;
        }

        /** The next row, waiting for it; null when the server ended the stream. */
        public List<Object> next() {
            try {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    JsonNode n = endpoint.json().readTree(line);
                    if (n.isArray()) {
                        return endpoint.json().convertValue(n, new TypeReference<List<Object>>() { });
                    }
                    if (n.has("end")) {
                        return null;
                    }
                }
                return null;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException e) {
                // closing a dropped connection
            }
        }
    }
}
