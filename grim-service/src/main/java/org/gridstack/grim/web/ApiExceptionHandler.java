package org.gridstack.grim.web;

import org.gridstack.grim.store.GrimException;
import org.gridstack.service.http.BodyTooLargeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Turns every failure into an {@link ApiError} with a status and a message that says what was
 * wrong in the request's terms. Client mistakes (4xx) are not logged as failures; server faults
 * (5xx) are logged with their cause, and their answer never carries the cause's text or class.
 * Messages are cut to {@value ApiMessages#MAX_CHARS} characters, so no request is echoed in full.
 */
@RestControllerAdvice
class ApiExceptionHandler {
    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    @ExceptionHandler(GrimException.class)
    ResponseEntity<ApiError> grim(GrimException e) {
        if (e.status() >= 500) {
            log.warn("request failed: {}", e.getMessage(), e);
        } else {
            log.debug("request refused ({}): {}", e.status(), ApiMessages.cut(e.getMessage()));
        }
        ResponseEntity.BodyBuilder b = ResponseEntity.status(e.status());
        if (e.status() == 401) {
            b.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"grim\"");
        }
        if (e.status() == 429 || e.status() == 503) {
            b.header(HttpHeaders.RETRY_AFTER, "1");
        }
        return b.contentType(errorType()).body(error(e.status(), e.getMessage()));
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ApiError> unreadable(HttpMessageNotReadableException e) {
        BodyTooLargeException tooLarge = BodyTooLargeException.findIn(e);
        if (tooLarge != null) {
            String path = RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attrs
                    ? attrs.getRequest().getRequestURI() : null;
            return ResponseEntity.status(413).header(HttpHeaders.CONNECTION, "close").contentType(errorType())
                    .body(error(413, RequestBodyLimits.tooLargeFor(path, tooLarge.limit())));
        }
        return ResponseEntity.badRequest().contentType(errorType()).body(error(400, "the request body is not valid: " + JsonErrors.describe(e.getMostSpecificCause())));
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ApiError> missingParameter(MissingServletRequestParameterException e) {
        return ResponseEntity.badRequest().contentType(errorType()).body(error(400, "the parameter '" + e.getParameterName() + "' is missing"));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ApiError> wrongParameter(MethodArgumentTypeMismatchException e) {
        return ResponseEntity.badRequest().contentType(errorType()).body(error(400, "the parameter '" + e.getName() + "' has an invalid value"));
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<ApiError> badRequest(IllegalArgumentException e) {
        return ResponseEntity.badRequest().contentType(errorType()).body(error(400, e.getMessage()));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ApiError> mediaType(HttpMediaTypeNotSupportedException e) {
        return ResponseEntity.status(415).contentType(errorType()).body(error(415, e.getMessage() + "; send application/json"));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ApiError> method(HttpRequestMethodNotSupportedException e) {
        return ResponseEntity.status(405).contentType(errorType()).body(error(405, e.getMessage()));
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<ApiError> notFound(NoResourceFoundException e) {
        return ResponseEntity.status(404).contentType(errorType()).body(error(404, "no such resource: /" + e.getResourcePath() + "; see GET /api/v1"));
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ApiError> notAcceptable(HttpMediaTypeNotAcceptableException e) {
        return ResponseEntity.status(406).contentType(errorType()).body(error(406,
                "this API answers application/json or application/xml; ask for one of them in Accept"));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ApiError> unexpected(Exception e) {
        log.error("unexpected failure", e);
        return ResponseEntity.status(500).contentType(errorType()).body(error(500, "internal error of the service (the service log has it); retry, and report it"
                + " if it persists"));
    }

    /**
     * The error's content type, set here so that no Accept header (text/html, image/png) turns an
     * error into Spring's own HTML page: XML when the client asks for XML and not JSON, else JSON.
     */
    private static MediaType errorType() {
        String accept = null;
        if (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attrs) {
            accept = attrs.getRequest().getHeader(HttpHeaders.ACCEPT);
        }
        if (accept != null && (accept.contains("application/xml") || accept.contains("text/xml"))
                && !accept.contains("application/json")) {
            return MediaType.APPLICATION_XML;
        }
        return MediaType.APPLICATION_JSON;
    }

    private static ApiError error(int status, String message) {
        HttpStatus s = HttpStatus.resolve(status);
        return new ApiError(status, s == null ? "Error" : s.getReasonPhrase(), ApiMessages.cut(message));
    }
}
