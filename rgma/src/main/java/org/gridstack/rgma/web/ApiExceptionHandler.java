package org.gridstack.rgma.web;

import java.io.IOException;

import org.gridstack.rgma.sql.RgmaException;
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
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Turns every failure into an {@link ApiError} (JSON) with a status and a message naming what
 * was wrong. Client mistakes are logged at debug; server faults with their cause, never echoed.
 */
@RestControllerAdvice
class ApiExceptionHandler {
    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);
    private static final int MAX_MESSAGE = 1000;

    @ExceptionHandler(RgmaException.class)
    ResponseEntity<ApiError> rgma(RgmaException e) {
        if (e.status() >= 500 && e.status() != 503) {
            log.warn("request failed: {}", e.getMessage(), e);
        }
        ResponseEntity.BodyBuilder b = ResponseEntity.status(e.status()).contentType(MediaType.APPLICATION_JSON);
        if (e.status() == 401) {
            b.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"rgma-producer\"");
        }
        if (e.status() == 429 || e.status() == 503) {
            b.header(HttpHeaders.RETRY_AFTER, "1");
        }
        String message = e.status() >= 500 && e.getCause() != null ? e.getMessage() + " (the service log has the cause)"
                : e.getMessage();
        return b.body(error(e.status(), message));
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ApiError> unreadable(HttpMessageNotReadableException e) {
        BodyTooLargeException tooLarge = BodyTooLargeException.findIn(e);
        if (tooLarge != null) {
            return json(413, tooLarge.getMessage());
        }
        Throwable cause = e.getMostSpecificCause();
        return json(400, "the request body is not valid: " + (cause == null ? "unreadable" : cause.getMessage()));
    }

    @ExceptionHandler(BodyTooLargeException.class)
    ResponseEntity<ApiError> tooLarge(BodyTooLargeException e) {
        return json(413, e.getMessage());
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ApiError> missingParameter(MissingServletRequestParameterException e) {
        return json(400, "the parameter '" + e.getParameterName() + "' is missing");
    }

    @ExceptionHandler(MissingRequestHeaderException.class)
    ResponseEntity<ApiError> missingHeader(MissingRequestHeaderException e) {
        if (HttpHeaders.AUTHORIZATION.equalsIgnoreCase(e.getHeaderName())) {
            return ResponseEntity.status(401).header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"rgma-producer\"")
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(error(401, "this request changes a producer: send its token as Authorization: Bearer <token>"));
        }
        return json(400, "the header '" + e.getHeaderName() + "' is missing");
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ApiError> wrongParameter(MethodArgumentTypeMismatchException e) {
        return json(400, "the parameter '" + e.getName() + "' has an invalid value");
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<ApiError> badRequest(IllegalArgumentException e) {
        return json(400, e.getMessage());
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ApiError> mediaType(HttpMediaTypeNotSupportedException e) {
        return json(415, e.getMessage());
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ApiError> notAcceptable(HttpMediaTypeNotAcceptableException e) {
        return json(406, "answers are application/json or application/xml (streams: application/x-ndjson or text/event-stream)");
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ApiError> method(HttpRequestMethodNotSupportedException e) {
        return json(405, e.getMessage());
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<ApiError> notFound(NoResourceFoundException e) {
        return json(404, "no such resource: /" + e.getResourcePath());
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ApiError> unexpected(Exception e) {
        BodyTooLargeException tooLarge = BodyTooLargeException.findIn(e);
        if (tooLarge != null) {
            return json(413, tooLarge.getMessage());
        }
        log.error("unexpected failure", e);
        return json(500, "internal error of the service (the service log has it); retry, and report it if it persists");
    }

    /** The body-limit filter's refusal, in this error shape. */
    static void refuseBody(HttpServletRequest request, HttpServletResponse response, long limit) throws IOException {
        response.setStatus(413);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.getWriter().write("{\"status\":413,\"error\":\"Content Too Large\",\"message\":\"request body is larger than"
                + " the limit of " + limit + " bytes (rgma.max-body-bytes)\"}");
    }

    private static ResponseEntity<ApiError> json(int status, String message) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(error(status, message));
    }

    private static ApiError error(int status, String message) {
        HttpStatus s = HttpStatus.resolve(status);
        String m = message == null ? "" : message;
        return new ApiError(status, s == null ? "Error" : s.getReasonPhrase(), m.length() > MAX_MESSAGE
                ? m.substring(0, MAX_MESSAGE) + "..." : m);
    }
}
