package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.util.Objects;
import org.gridstack.frontier.protocol.CommandParser;
import org.gridstack.frontier.protocol.FrontierCommand;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.service.admission.AddressShare;
import org.gridstack.service.admission.ClientAddressResolver;

/**
 * The first stop of a FroNtier request: whether it is worked on at all, decided before anything
 * costly. In order: the method is GET, {@code X-Frontier-Id} is present, the command string parses
 * and asks for no signature, and at most {@code MaxThreads} requests are active (503 above it,
 * before any {@code p1} is inflated: inflating and guarding is the expensive part of planning).
 * A refused request is answered here, in the protocol's shape ({@link GlobalErrors}).
 *
 * <p>An admitted request carries its client's address (service-kit's
 * {@link ClientAddressResolver}: the peer, or the {@code X-Forwarded-For} hop a trusted proxy
 * appended; never {@code X-Frontier-Id}, which the client chooses) and its ticket to the address's
 * share of the database pool ({@link AdmittedRequest#claimDatabaseShare()}), claimed by the
 * answer writer only when a payload will run a query, so that a 304 or an answer of payload
 * errors never waits for, nor counts against, the share.
 *
 * <p>Thread-safe: the share is, and nothing else changes after construction.
 */
@ThreadSafe
final class RequestAdmission {
    private final int maxThreads;
    private final AddressShare databaseShare;
    private final ClientAddressResolver clientAddresses;
    private final GlobalErrors errors;

    /**
     * @param maxThreads requests worked on at once ({@code frontier.max-threads}); above it, 503
     * @param databaseShare the database connections one client address may hold at once
     */
    RequestAdmission(int maxThreads, AddressShare databaseShare, ClientAddressResolver clientAddresses, GlobalErrors errors) {
        if (maxThreads < 1) {
            throw new IllegalArgumentException("maxThreads must be at least 1, got " + maxThreads);
        }
        this.maxThreads = maxThreads;
        this.databaseShare = Objects.requireNonNull(databaseShare, "databaseShare is null");
        this.clientAddresses = Objects.requireNonNull(clientAddresses, "clientAddresses is null");
        this.errors = Objects.requireNonNull(errors, "errors is null");
    }

    /** A request admitted: its parsed command and its client's address. */
    final class AdmittedRequest {
        private final FrontierCommand command;
        private final InetAddress client;

        private AdmittedRequest(FrontierCommand command, InetAddress client) {
            this.command = command;
            this.client = client;
        }

        FrontierCommand command() {
            return command;
        }

        /** The client's address: the key of its shares (database pool, spool disk). */
        InetAddress client() {
            return client;
        }

        /**
         * A place in the client address's share of the database pool, or {@code null} after
         * answering 503 when the address already holds its share
         * ({@code frontier.client-pool-share}). The caller closes the slot when its database work
         * is done.
         */
        AddressShare.Slot claimDatabaseShare(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            AddressShare.Slot slot = databaseShare.tryEnter(client);
            if (slot == null) {
                errors.busy(req, resp, "this client address already has " + databaseShare.perAddress()
                        + " queries running, its share of the database pool (frontier.client-pool-share); retry later");
            }
            return slot;
        }
    }

    /**
     * Checks the request; {@code activeNow} is the number of requests being worked on, this one
     * included. Returns the admitted request, or {@code null} when the request was refused and
     * its answer is written.
     */
    AdmittedRequest admit(HttpServletRequest req, HttpServletResponse resp, int activeNow) throws IOException {
        if (!"GET".equals(req.getMethod())) {
            resp.setHeader("Allow", "GET");
            errors.send(req, resp, HttpServletResponse.SC_METHOD_NOT_ALLOWED,
                    "Method " + req.getMethod() + " is not supported: FroNtier requests are GET", false);
            return null;
        }
        String frontierId = req.getHeader("X-Frontier-Id");
        if (frontierId == null || frontierId.isBlank()) {
            errors.send(req, resp, HttpServletResponse.SC_OK, "X-Frontier-Id header missing: every request must identify its client", false);
            return null;
        }
        FrontierCommand command;
        try {
            command = CommandParser.parse(commandString(req));
        } catch (FrontierProtocolException e) {
            errors.send(req, resp, HttpServletResponse.SC_OK, "Bad request: " + e.getMessage());
            return null;
        }
        if (command.signed()) {
            errors.send(req, resp, HttpServletResponse.SC_OK, "Signed responses (sec=sig) are not supported by this server; leave out sec=sig");
            return null;
        }
        if (activeNow > maxThreads) {
            errors.busy(req, resp, "more than " + maxThreads + " requests active (MaxThreads); retry later or use another server");
            return null;
        }
        // keyed on the address only: X-Frontier-Id is the client's choice, and so is any
        // X-Forwarded-For not appended by a proxy listed in frontier.trusted-proxies
        return new AdmittedRequest(command, clientAddresses.clientAddress(req));
    }

    /**
     * The command string: the query string if there is one, else the raw path after the servlet's
     * own path, with any further leading {@code /Frontier} segments removed (clients configured
     * with {@code http://host/Frontier} send {@code /Frontier/Frontier/type=...}).
     */
    static String commandString(HttpServletRequest req) {
        String query = req.getQueryString();
        if (query != null && !query.isEmpty()) {
            return query;
        }
        String uri = req.getRequestURI();
        String prefix = req.getContextPath() + req.getServletPath();
        String rest = uri.startsWith(prefix) ? uri.substring(prefix.length()) : uri;
        while (rest.equals("/Frontier") || rest.startsWith("/Frontier/")) {
            rest = rest.substring("/Frontier".length());
        }
        while (rest.startsWith("/")) {
            rest = rest.substring(1);
        }
        return rest;
    }
}
