package org.gridstack.frontier.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One payload of a request: {@code type=OBJECT:VERSION[:METHOD]&encoding=...} followed by its own
 * parameters, in order.
 *
 * @param objectName e.g. {@code frontier_request}
 * @param version e.g. {@code 1}
 * @param method {@code DEFAULT} unless given
 * @param encoding the encoding as parsed (never null; a bad encoding is reported per payload)
 * @param encodingError the reason the encoding was rejected, or null when it is valid
 * @param params the payload's own parameters, in URL order
 */
public record PayloadRequest(String objectName, String version, String method, String encodingText,
                             BlobEncoding encoding, String encodingError,
                             List<Map.Entry<String, String>> params) {
    public static final String SQL_OBJECT = "frontier_request";

    public PayloadRequest {
        Objects.requireNonNull(objectName, "objectName is null");
        Objects.requireNonNull(version, "version is null");
        Objects.requireNonNull(method, "method is null");
        Objects.requireNonNull(encodingText, "encodingText is null");
        params = List.copyOf(params);
    }

    /** First value of a parameter, or null. */
    public String param(String name) {
        for (Map.Entry<String, String> p : params) {
            if (p.getKey().equals(name)) {
                return p.getValue();
            }
        }
        return null;
    }

    /** The value of the {@code type} parameter as the client wrote it (echoed as type/version). */
    public boolean isSqlRequest() {
        return SQL_OBJECT.equals(objectName) && "1".equals(version);
    }
}
