package org.gridstack.hawkeye.manager;

import com.google.errorprone.annotations.ThreadSafe;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Set;

/**
 * Checks the credential an agent presents when pushing (an {@code Authorization: Bearer}
 * token) against the configured ones, in time independent of where they differ. Thread-safe.
 */
@ThreadSafe
public final class AgentCredentials {
    // an unmodifiable list (Stream.toList) of arrays made here, never written again nor handed out
    @SuppressWarnings("ThreadSafe")
    private final List<byte[]> tokens;

    public AgentCredentials(Set<String> tokens) {
        this.tokens = tokens.stream().map(t -> t.getBytes(StandardCharsets.UTF_8)).toList();
    }

    /** Whether the {@code Authorization} header value {@code header} holds a known token. */
    public boolean accepts(String header) {
        if (header == null || !header.startsWith("Bearer ")) {
            return false;
        }
        byte[] presented = header.substring("Bearer ".length()).strip().getBytes(StandardCharsets.UTF_8);
        boolean ok = false;
        for (byte[] t : tokens) {
            ok |= MessageDigest.isEqual(t, presented);
        }
        return ok;
    }
}
