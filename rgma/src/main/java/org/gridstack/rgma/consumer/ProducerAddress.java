package org.gridstack.rgma.consumer;

import static java.util.Objects.requireNonNull;

import org.gridstack.rgma.sql.RgmaException;

/**
 * A producer a consumer is told to ask directly, without the registry (the seed's first
 * experiment handed producer connections to its consumers): the ProducerServlet's base URL and
 * the producer's id. Written {@code ID} (a producer of this service) or {@code URL#ID}. Immutable.
 */
public record ProducerAddress(String endpoint, long id) {
    public ProducerAddress {
        requireNonNull(endpoint, "endpoint is null");
    }

    /** Parses {@code ID} or {@code URL#ID}; {@code local} is this service's base URL. */
    public static ProducerAddress parse(String text, String local) {
        String t = text.trim();
        int hash = t.lastIndexOf('#');
        String endpoint = hash < 0 ? local : t.substring(0, hash);
        if (hash >= 0 && !endpoint.startsWith("http://") && !endpoint.startsWith("https://")) {
            throw RgmaException.badRequest("producer '" + text + "' is not ID or http(s)://host:port#ID");
        }
        try {
            return new ProducerAddress(endpoint, Long.parseLong(t.substring(hash + 1)));
        } catch (NumberFormatException e) {
            throw RgmaException.badRequest("producer '" + text + "' is not ID or URL#ID");
        }
    }
}
