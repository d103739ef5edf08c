package org.gridstack.mds.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.gridstack.mds.xmlindex.BaseXDocumentStore;
import org.gridstack.mds.xmlindex.XmlIndex;
import org.gridstack.mds.xmlindex.XmlQueryException;
import org.gridstack.service.http.ClientHangUps;
import org.gridstack.service.work.CancelSwitch;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import org.gridstack.mds.giis.AllowedHostsPolicy;
import org.gridstack.service.admission.AddressShare;

/**
 * The XML index over HTTP. {@code POST /index/registrations} ({@code name}, {@code url} =
 * {@code ldap://host:port/base} or an http(s) URL of an XML document, {@code refresh} in
 * seconds) registers or renews; {@code GET /index/registrations} lists; {@code DELETE
 * /index/registrations/{name}} removes; {@code GET /index/query?xpath=...} answers
 * {@code <results count="n">} with each item (nodes as XML, other items as text in
 * {@code <item>}). Errors are JSON {@code {"status", "error", "message"}}: 400 bad input or
 * query, 403 a query needing permissions it does not get or a registration from a sender the
 * policy does not list ({@code mds.index.allow-registrations-from}, default this host), 404 unknown registration, 429 too many
 * queries at once or more than the client address's share ({@code mds.index.queries-per-address}), 507 registrations full.
 * A query whose client hangs up is stopped and its slot freed ({@link ClientHangUps}). Thread-safe (stateless apart from the index).
 */
@RestController
@ThreadSafe
public class XmlIndexController {
    private final XmlIndex index;
    private final Timer generate;
    private final AllowedHostsPolicy registrants;
    private final AddressShare queryShare;
    @SuppressWarnings("ThreadSafe") // service-kit's ClientHangUps, documented thread-safe
    private final ClientHangUps hangUps;

    public XmlIndexController(XmlIndex index, MeterRegistry meters, IndexProperties properties, ClientHangUps hangUps) {
        this.index = requireNonNull(index, "index is null");
        this.hangUps = requireNonNull(hangUps, "hangUps is null");
        this.registrants = new AllowedHostsPolicy(properties.getAllowRegistrationsFrom());
        this.queryShare = new AddressShare(properties.getQueriesPerAddress());
        this.generate = Timer.builder("mds.step").tag("server", "index").tag("step", "generate_result").register(meters);
    }

    @PostMapping(path = "/index/registrations", produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Object> register(@RequestParam String name, @RequestParam String url,
            @RequestParam long refresh, HttpServletRequest request) {
        Optional<String> refused = refusal(request);
        if (refused.isPresent()) {
            return error(HttpStatus.FORBIDDEN, refused.get());
        }
        return ResponseEntity.status(HttpStatus.CREATED).body(index.register(name, url, Duration.ofSeconds(refresh)));
    }

    /** Registrations make the index fetch URLs, so only listed senders may add or remove them. */
    private Optional<String> refusal(HttpServletRequest request) {
        String from = request.getRemoteAddr();
        return registrants.allowsSender(from) ? Optional.empty()
                : Optional.of("registrations from " + from + " are not allowed by this index's policy (mds.index.allow-registrations-from)");
    }

    @GetMapping(path = "/index/registrations", produces = MediaType.APPLICATION_JSON_VALUE)
    public List<XmlIndex.Registration> registrations() {
        return index.registrations();
    }

    @DeleteMapping("/index/registrations/{name}")
    public ResponseEntity<Object> unregister(@PathVariable String name, HttpServletRequest request) {
        Optional<String> refused = refusal(request);
        if (refused.isPresent()) {
            return error(HttpStatus.FORBIDDEN, refused.get());
        }
        if (!index.unregister(name)) {
            return error(HttpStatus.NOT_FOUND, "no registration named '" + name + "'");
        }
        return ResponseEntity.noContent().build();
    }

    @GetMapping(path = "/index/query", produces = MediaType.APPLICATION_XML_VALUE)
    public ResponseEntity<String> query(@RequestParam String xpath, HttpServletRequest request)
            throws XmlQueryException, UnknownHostException {
        // the connection's address (a literal: no lookup); one address may hold only its share of the query slots
        InetAddress client = InetAddress.getByName(request.getRemoteAddr());
        List<BaseXDocumentStore.Item> items;
        try (AddressShare.Slot slot = queryShare.tryEnter(client)) {
            if (slot == null) {
                throw new XmlQueryException(XmlQueryException.Kind.BUSY, "this address runs " + queryShare.perAddress()
                        + " queries already (mds.index.queries-per-address); retry when one has finished");
            }
            CancelSwitch cancel = new CancelSwitch();
            try (ClientHangUps.Watch hangUp = hangUps.watch(request, cancel::cancel)) {
                items = index.query(xpath, cancel);
            }
        }
        long start = System.nanoTime();
        StringBuilder b = new StringBuilder(64 + items.size() * 64);
        b.append("<results count=\"").append(items.size()).append("\">");
        for (BaseXDocumentStore.Item item : items) {
            if (item.node()) {
                b.append(item.text());
            } else {
                b.append("<item>").append(escape(item.text())).append("</item>");
            }
        }
        b.append("</results>");
        generate.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_XML).body(b.toString());
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    @ExceptionHandler(XmlQueryException.class)
    ResponseEntity<Object> queryFailed(XmlQueryException e) {
        HttpStatus status = switch (e.kind()) {
            case INVALID -> HttpStatus.BAD_REQUEST;
            case FORBIDDEN -> HttpStatus.FORBIDDEN;
            case BUSY -> HttpStatus.TOO_MANY_REQUESTS;
            case FAILED -> HttpStatus.INTERNAL_SERVER_ERROR;
        };
        return error(status, e.getMessage());
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<Object> badInput(IllegalArgumentException e) {
        return error(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    @ExceptionHandler(IllegalStateException.class)
    ResponseEntity<Object> full(IllegalStateException e) {
        return error(HttpStatus.INSUFFICIENT_STORAGE, e.getMessage());
    }

    @ExceptionHandler({MissingServletRequestParameterException.class, MethodArgumentTypeMismatchException.class})
    ResponseEntity<Object> badParameter(Exception e) {
        return error(HttpStatus.BAD_REQUEST, e instanceof MissingServletRequestParameterException m
                ? "parameter '" + m.getParameterName() + "' is missing"
                : "parameter '" + ((MethodArgumentTypeMismatchException) e).getName() + "' is not a number");
    }

    private static ResponseEntity<Object> error(HttpStatus status, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status.value());
        body.put("error", status.getReasonPhrase());
        body.put("message", message);
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
