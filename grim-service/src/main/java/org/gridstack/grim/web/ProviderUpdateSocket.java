package org.gridstack.grim.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;
import org.gridstack.grim.write.UpdateRouter;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.SubProtocolCapable;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.ConcurrentWebSocketSessionDecorator;
import org.springframework.web.socket.handler.TextWebSocketHandler;
import org.springframework.web.socket.server.HandshakeInterceptor;
import org.springframework.web.util.UriComponentsBuilder;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The providers' streaming endpoint {@code ws://host/api/v1/updates/ws?backend=postgres|basex|ldap|all}
 * (backend required): one
 * persistent WebSocket per provider, one text message per update request (the JSON of
 * {@code POST /api/v1/updates}, optionally with an {@code "id"} the answer echoes), one answer
 * message per request once it is durably stored: {@code {"id":..,"stored":n}} or
 * {@code {"id":..,"status":404,"message":".."}}. Requests may be pipelined; each is all or nothing
 * on its own. No thread waits per connection: messages go to the group-commit writers and the
 * answers are sent when their group is stored. The handshake needs the provider token
 * ({@code Authorization: Bearer TOKEN}, {@code X-Grim-Token}, or, for browsers, which cannot set
 * headers, the subprotocol {@code grim.token.TOKEN} offered beside {@code grim.v1}); never in the
 * URL, which proxies log. Cross-origin browser pages are refused unless their origin is listed
 * ({@code grim.updates.allowed-origins}). Thread-safe.
 */
@ThreadSafe
final class ProviderUpdateSocket extends TextWebSocketHandler implements HandshakeInterceptor, SubProtocolCapable {
    private static final String ROUTE = "grim.route";
    private static final String PARTIAL = "grim.partial";
    /** The container's text buffer: messages arrive in parts of at most this many characters. */
    static final int PART_CHARS = 64 * 1024;
    /** The subprotocol the server answers with, when the client offers subprotocols. */
    static final String PROTOCOL = "grim.v1";
    /** Browsers cannot set headers on a WebSocket: they offer the token as the subprotocol {@code grim.token.TOKEN}. */
    static final String TOKEN_PROTOCOL_PREFIX = "grim.token.";

    private final UpdateRouter writes;
    private final ProviderAuthentication auth;
    private final int maxUpdates;
    private final int maxMessageChars;
    private final ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final ExecutorService answers = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "grim-update-answers");
        t.setDaemon(true);
        return t;
    });

    /** A message arriving in parts: its text so far, or only its length once it is over the limit. */
    private static final class Partial {
        final StringBuilder text = new StringBuilder();
        long length;
    }

    ProviderUpdateSocket(UpdateRouter writes, ProviderAuthentication auth, int maxUpdates, int maxMessageChars) {
        this.writes = requireNonNull(writes, "writes is null");
        this.auth = requireNonNull(auth, "auth is null");
        this.maxUpdates = maxUpdates;
        this.maxMessageChars = maxMessageChars;
    }

    @Override
    public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler,
            Map<String, Object> attributes) {
        URI uri = request.getURI();
        Map<String, List<String>> query = UriComponentsBuilder.fromUri(uri).build().getQueryParams();
        try {
            if (query.containsKey("token")) {
                // a token in the URL ends up in proxy and access logs
                throw new GrimException(400, "the provider token is not taken from the URL (?token=): send it as"
                        + " 'Authorization: Bearer TOKEN', 'X-Grim-Token: TOKEN' or, from a browser, as the WebSocket"
                        + " subprotocol '" + TOKEN_PROTOCOL_PREFIX + "TOKEN' beside '" + PROTOCOL + "'");
            }
            String token = request.getHeaders().getFirst("X-Grim-Token");
            if (token == null) {
                token = protocolToken(request.getHeaders().get("Sec-WebSocket-Protocol"));
            }
            auth.check(request.getHeaders().getFirst("Authorization"), token);
            attributes.put(ROUTE, writes.route(first(query.get("backend"))));
            return true;
        } catch (GrimException e) {
            response.setStatusCode(HttpStatus.valueOf(e.status()));
            response.getHeaders().set("X-Grim-Error", e.getMessage());
            return false;
        }
    }

    @Override
    public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler handler, Exception exception) {
    }

    @Override
    public void afterConnectionEstablished(WebSocketSession session) {
        session.getAttributes().put("grim.out", new ConcurrentWebSocketSessionDecorator(session, 10_000, 1 << 20));
    }

    /** Messages may arrive in parts (the container's buffer is {@link #PART_CHARS}); they are joined here up to the limit. */
    @Override
    public boolean supportsPartialMessages() {
        return true;
    }

    @Override
    protected void handleTextMessage(WebSocketSession session, TextMessage message) {
        Partial partial = (Partial) session.getAttributes().get(PARTIAL);
        if (partial == null && message.isLast()) {
            handleRequest(session, message.getPayload());
            return;
        }
        if (partial == null) {
            partial = new Partial();
            session.getAttributes().put(PARTIAL, partial);
        }
        partial.length += message.getPayloadLength();
        if (partial.length <= maxMessageChars) {
            partial.text.append(message.getPayload());
        } else {
            partial.text.setLength(0);
            partial.text.trimToSize();
        }
        if (message.isLast()) {
            session.getAttributes().remove(PARTIAL);
            if (partial.length > maxMessageChars) {
                answer((WebSocketSession) session.getAttributes().get("grim.out"), null, null, new GrimException(413, "the message has "
                        + partial.length + " characters; a message may have at most " + maxMessageChars
                        + " (grim.updates.max-message-chars): split the batch; nothing of it was stored"));
            } else {
                handleRequest(session, partial.text.toString());
            }
        }
    }

    private void handleRequest(WebSocketSession session, String payload) {
        WebSocketSession out = (WebSocketSession) session.getAttributes().get("grim.out");
        UpdateRouter.Route route = (UpdateRouter.Route) session.getAttributes().get(ROUTE);
        Object id = null;
        try {
            UpdateRequest request = json.readValue(payload, UpdateRequest.class);
            if (request == null) {
                throw GrimException.badRequest("each message must be one JSON object (an update or {\"updates\": [...]})");
            }
            id = request.id();
            List<Update> updates = request.toUpdates(maxUpdates);
            Object answerId = id;
            writes.submit(route, updates).whenCompleteAsync((outcome, failure) -> answer(out, answerId, outcome, failure), answers);
        } catch (GrimException e) {
            answer(out, id, null, e);
        } catch (IOException e) {
            answer(out, id, null, GrimException.badRequest("the message is not a valid update: " + JsonErrors.describe(e)));
        } catch (IllegalArgumentException e) {
            answer(out, id, null, GrimException.badRequest("the message is not a valid update: " + e.getMessage()));
        }
    }

    private void answer(WebSocketSession out, Object id, UpdateRouter.Outcome outcome, Throwable failure) {
        StringBuilder a = new StringBuilder(64).append('{');
        try {
            if (id != null) {
                a.append("\"id\":").append(json.writeValueAsString(id)).append(',');
            }
            if (failure == null) {
                a.append("\"stored\":").append(outcome.stored().isEmpty() ? 0 : outcome.stored().values().iterator().next());
                if (outcome.change() > 0) {
                    a.append(",\"change\":").append(outcome.change());
                }
                if (!outcome.pending().isEmpty()) {
                    a.append(",\"status\":202,\"pending\":").append(json.writeValueAsString(outcome.pending()));
                }
            } else {
                Throwable f = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
                a.append("\"status\":").append(f instanceof GrimException g ? g.status() : 500)
                        .append(",\"message\":").append(json.writeValueAsString(f instanceof GrimException
                                ? ApiMessages.cut(f.getMessage()) : "internal error of the service (the service log has it)"));
            }
            a.append('}');
            out.sendMessage(new TextMessage(a.toString()));
        } catch (IOException | IllegalStateException e) {
            // the provider went away; its update is stored or not, as the answer would have said
        }
    }

    @Override
    public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
        session.getAttributes().remove("grim.out");
    }

    void shutdown() {
        answers.shutdown();
    }

    /** The token offered as a subprotocol {@code grim.token.TOKEN}, or null. */
    static String protocolToken(List<String> headers) {
        if (headers == null) {
            return null;
        }
        for (String header : headers) {
            for (String offered : header.split(",")) {
                String p = offered.trim();
                if (p.startsWith(TOKEN_PROTOCOL_PREFIX) && p.length() > TOKEN_PROTOCOL_PREFIX.length()) {
                    return p.substring(TOKEN_PROTOCOL_PREFIX.length());
                }
            }
        }
        return null;
    }

    /** The one subprotocol the server selects; a browser offers it together with the token one. */
    @Override
    public List<String> getSubProtocols() {
        return List.of(PROTOCOL);
    }

    private static String first(List<String> values) {
        return values == null || values.isEmpty() ? null : values.get(0);
    }
}
