package org.gridstack.grim.web;

import com.google.errorprone.annotations.ThreadSafe;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;

import org.gridstack.grim.store.GrimException;

/**
 * Providers authenticate updates with a token ({@code Authorization: Bearer TOKEN} or
 * {@code X-Grim-Token: TOKEN}); queries stay anonymous. Tokens are compared in constant time.
 */
@ThreadSafe
public final class ProviderAuthentication {
    @SuppressWarnings("ThreadSafe") // an unmodifiable list (Stream.toList) of arrays never written after construction
    private final List<byte[]> tokens;

    public ProviderAuthentication(List<String> tokens) {
        this.tokens = tokens.stream().map(t -> t.getBytes(StandardCharsets.UTF_8)).toList();
    }

    /** Throws 401 when no token was presented and 403 when it is not a provider's. */
    public void check(String authorization, String tokenHeader) {
        String presented = null;
        if (tokenHeader != null && !tokenHeader.isBlank()) {
            presented = tokenHeader.trim();
        } else if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            presented = authorization.substring(7).trim();
        }
        if (presented == null || presented.isEmpty()) {
            throw new GrimException(401, "updates need a provider token: send 'Authorization: Bearer TOKEN' (queries need none)");
        }
        byte[] p = presented.getBytes(StandardCharsets.UTF_8);
        boolean ok = false;
        for (byte[] t : tokens) {
            ok |= MessageDigest.isEqual(t, p);
        }
        if (!ok) {
            throw new GrimException(403, "the provider token is not valid for this service");
        }
    }
}
