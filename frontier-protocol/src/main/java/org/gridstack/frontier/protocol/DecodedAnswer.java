package org.gridstack.frontier.protocol;

import java.util.List;
import java.util.Objects;

/**
 * A FroNtier answer as an {@link AnswerDecoder} read it: the envelope's facts and one
 * {@link DecodedPayload} per payload, whose data checks (md5, zlib, full_size) are reported per
 * payload rather than thrown, so a client can check in the C client's order (HTTP status,
 * global_error, SQL error, then data). {@link #requireIntact()} is the throwing form.
 * Immutable apart from the row-stream arrays, which belong to the decoder (see
 * {@link DecodedPayload#rowStreamBuffer()}).
 *
 * @param serverVersion the {@code version} of the {@code <frontier>} element
 * @param declaredPayloads {@code <transaction payloads="N">}, or -1 without a transaction element
 * @param globalError the unescaped message of {@code <global_error msg=.../>}, or null
 * @param payloads the payloads in order
 * @param bodyBytes bytes of the body read
 */
public record DecodedAnswer(String serverVersion, int declaredPayloads, String globalError, List<DecodedPayload> payloads,
                            long bodyBytes) {
    public DecodedAnswer {
        Objects.requireNonNull(serverVersion, "serverVersion is null");
        payloads = List.copyOf(Objects.requireNonNull(payloads, "payloads is null"));
    }

    /**
     * This answer, after checking that it has no global error and that every payload's data is
     * intact (md5, zlib, full_size).
     *
     * @throws FrontierProtocolException naming the global error or the first broken payload
     */
    public DecodedAnswer requireIntact() throws FrontierProtocolException {
        if (globalError != null) {
            throw new FrontierProtocolException("the answer is a global error: " + globalError);
        }
        for (int i = 0; i < payloads.size(); i++) {
            String problem = payloads.get(i).dataError();
            if (problem != null) {
                throw new FrontierProtocolException("payload " + (i + 1) + ": " + problem);
            }
        }
        return this;
    }
}
