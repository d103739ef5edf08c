package org.gridstack.dqp.entropy;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Map;

import org.gridstack.dqp.web.ErrorBody;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * HTTP face of one EntropyAnalyser copy: {@code POST /entropy/v1/calculateEntropy} with
 * {@code {"sequence": "MKV..."}} answers {@code {"entropy": 4.17}}; a missing or oversized sequence
 * is a 400 with a message. Thread-safe.
 */
@RestController
@RequestMapping("/entropy/v1")
@ThreadSafe
public class EntropyController {
    private final EntropyAnalyser analyser;

    public EntropyController(EntropyAnalyser analyser) {
        this.analyser = requireNonNull(analyser, "analyser is null");
    }

    /** The request body. */
    public record EntropyRequest(String sequence) {
    }

    @PostMapping("/calculateEntropy")
    public Map<String, Object> calculateEntropy(@RequestBody EntropyRequest request) {
        if (request == null || request.sequence() == null) {
            throw new IllegalArgumentException("send {\"sequence\": \"...\"}; the sequence is missing");
        }
        return Map.of("entropy", analyser.calculateEntropy(request.sequence()));
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<ErrorBody> badRequest(IllegalArgumentException e) {
        return ResponseEntity.status(HttpStatus.BAD_REQUEST).contentType(MediaType.APPLICATION_JSON)
                .body(new ErrorBody(analyser.settings().name(), e.getMessage()));
    }
}
