package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a request may run an operator command on {@code /frontier-admin}. A command
 * needs all of:
 * <ol>
 * <li>a configured token ({@code frontier.admin-token}); without one the commands are off;</li>
 * <li>a client address in {@code frontier.admin-addresses};</li>
 * <li>no sign of a browser page of another origin: no {@code Origin} header, no
 * {@code Sec-Fetch-Site} other than {@code none}, and no body type a page can send without a
 * CORS preflight ({@code text/plain}, forms): only no {@code Content-Type} or JSON;</li>
 * <li>{@code Authorization: Bearer TOKEN} with the configured token, compared in constant time.</li>
 * </ol>
 * The loopback check alone is not enough: a page in a browser on the server host, and every
 * request relayed by a Squid on the same host, come from 127.0.0.1. Immutable, thread-safe.
 */
@ThreadSafe
final class AdminAccess {
    /** Why a request was refused: the HTTP status and a message saying what to do. */
    record Refusal(int status, String message) {
    }

    private static final String BEARER = "Bearer ";
    @SuppressWarnings("ThreadSafe") // an array made by the constructor, never written again nor handed out
    private final byte[] tokenDigest; // null: commands are off
    @SuppressWarnings("ThreadSafe") // an unmodifiable copy (Set.copyOf)
    private final Set<String> addresses;

    /**
     * @param token     the configured admin token; null or blank turns the commands off
     * @param addresses client addresses allowed to send commands
     */
    AdminAccess(String token, Set<String> addresses) {
        this.tokenDigest = token == null || token.isBlank() ? null : sha256(token.strip());
        this.addresses = Set.copyOf(Objects.requireNonNull(addresses, "addresses is null"));
    }

    /** Whether a token is configured (otherwise every command is refused). */
    boolean enabled() {
        return tokenDigest != null;
    }

    /** Empty when {@code req} may run a command, otherwise why not. */
    Optional<Refusal> check(HttpServletRequest req) {
        if (tokenDigest == null) {
            return refuse(HttpServletResponse.SC_NOT_FOUND, "cache commands are off: set frontier.admin-token "
                    + "(a long random secret) to turn them on, then send it as \"Authorization: Bearer TOKEN\"");
        }
        if (!addresses.contains(req.getRemoteAddr())) {
            return refuse(HttpServletResponse.SC_FORBIDDEN, "cache commands are accepted only from " + addresses
                    + " (frontier.admin-addresses)");
        }
        if (req.getHeader("Origin") != null) {
            return refuse(HttpServletResponse.SC_FORBIDDEN, "cache commands are not accepted from web pages (request has an Origin header);"
                    + " send them with a command-line tool such as curl");
        }
        String site = req.getHeader("Sec-Fetch-Site");
        if (site != null && !site.equalsIgnoreCase("none")) {
            return refuse(HttpServletResponse.SC_FORBIDDEN, "cache commands are not accepted from web pages (Sec-Fetch-Site: "
                    + site + "); send them with a command-line tool such as curl");
        }
        String type = req.getContentType();
        if (type != null && !type.strip().toLowerCase(Locale.ROOT).startsWith("application/json")) {
            return refuse(HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE, "cache commands take no body: send no Content-Type"
                    + " (or application/json), not " + type);
        }
        String auth = req.getHeader("Authorization");
        if (auth == null || auth.isBlank()) {
            return refuse(HttpServletResponse.SC_UNAUTHORIZED, "cache commands need the admin token: send \"Authorization: Bearer TOKEN\""
                    + " with the value of frontier.admin-token");
        }
        byte[] given = auth.regionMatches(true, 0, BEARER, 0, BEARER.length())
                ? sha256(auth.substring(BEARER.length()).strip()) : new byte[tokenDigest.length];
        // equal-length digests: MessageDigest.isEqual takes the same time wherever they differ
        if (!MessageDigest.isEqual(given, tokenDigest)) {
            return refuse(HttpServletResponse.SC_FORBIDDEN, "wrong admin token: send \"Authorization: Bearer TOKEN\""
                    + " with the value of frontier.admin-token");
        }
        return Optional.empty();
    }

    private static Optional<Refusal> refuse(int status, String message) {
        return Optional.of(new Refusal(status, message));
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
