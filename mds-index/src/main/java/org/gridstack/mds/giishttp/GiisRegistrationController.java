package org.gridstack.mds.giishttp;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.LinkedHashMap;
import java.util.Map;

import org.gridstack.mds.giis.RegistrationDesk;
import org.gridstack.mds.registration.Registration;
import org.gridstack.mds.registration.RegistrationEntries;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPException;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The GIIS's HTTP registration form: {@code POST /giis/registrations} with the registration's
 * MDS2 names as form fields ({@code port} required; {@code hn} (default: the sender's address),
 * {@code rootdn}, {@code regperiod}, {@code ttl}, {@code cachettl}, {@code timeout} optional),
 * validated exactly as the LDAP add is ({@link RegistrationEntries#parse}) and given to the same
 * {@link RegistrationDesk}. Answers 201 with the registration, 400 for a missing or malformed
 * field, 403 when the policy refuses, 507 when the GIIS is full, 503 before the GIIS listens;
 * errors are JSON {@code {"status", "error", "message"}}. Thread-safe.
 */
@RestController
@ThreadSafe
public class GiisRegistrationController {
    private static final String[] FIELDS = {"hn", "port", "rootdn", "regperiod", "ttl", "cachettl", "timeout"};

    private final GiisHttpApplication.DeskHolder holder;

    public GiisRegistrationController(GiisHttpApplication.DeskHolder holder) {
        this.holder = requireNonNull(holder, "holder is null");
    }

    @PostMapping(path = "/giis/registrations", produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Object> register(@RequestParam Map<String, String> form, HttpServletRequest request) {
        RegistrationDesk desk = holder.get();
        if (desk == null) {
            return error(HttpStatus.SERVICE_UNAVAILABLE, "the GIIS is starting; retry shortly");
        }
        Entry e = new Entry(RegistrationEntries.REGISTER_RDN.toString() + ",o=Grid");
        for (String f : FIELDS) {
            String v = form.get(f);
            if (v != null && !v.isBlank()) {
                e.addAttribute(f, v);
            }
        }
        Registration r;
        try {
            r = RegistrationEntries.parse(e, request.getRemoteAddr());
        } catch (LDAPException x) {
            return error(HttpStatus.BAD_REQUEST, x.getMessage());
        }
        try {
            desk.accept(r, request.getRemoteAddr());
        } catch (RegistrationDesk.Refused x) {
            return error(x.reason() == RegistrationDesk.Refused.Reason.POLICY ? HttpStatus.FORBIDDEN
                    : HttpStatus.INSUFFICIENT_STORAGE, x.getMessage());
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("registrant", r.key());
        body.put("ttl", r.ttl().toSeconds());
        body.put("cachettl", r.cachettl().toSeconds());
        body.put("regperiod", r.regperiod().toSeconds());
        return ResponseEntity.status(HttpStatus.CREATED).body(body);
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<Object> missing(MissingServletRequestParameterException e) {
        return error(HttpStatus.BAD_REQUEST, "parameter '" + e.getParameterName() + "' is missing");
    }

    private static ResponseEntity<Object> error(HttpStatus status, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status.value());
        body.put("error", status.getReasonPhrase());
        body.put("message", message);
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
