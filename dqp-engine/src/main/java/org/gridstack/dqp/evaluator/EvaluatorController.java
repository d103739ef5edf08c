package org.gridstack.dqp.evaluator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Map;

import org.gridstack.dqp.web.ErrorBody;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * An evaluator's fragment API: {@code POST /gqes/v1/fragments} starts a {@link ScanFragment} (202),
 * {@code POST /gqes/v1/fragments/operation-call} an {@link OperationCallFragment} (202, its input
 * inbox open on return),
 * {@code DELETE /gqes/v1/queries/{id}} stops a query's fragments (204), {@code GET /gqes/v1/status}
 * counts running fragments. 400 for a bad fragment, 503 when full. Thread-safe.
 */
@RestController
@RequestMapping("/gqes/v1")
@ThreadSafe
public class EvaluatorController {
    private final Evaluator evaluator;

    public EvaluatorController(Evaluator evaluator) {
        this.evaluator = requireNonNull(evaluator, "evaluator is null");
    }

    @PostMapping("/fragments")
    public ResponseEntity<Map<String, Object>> start(@RequestBody ScanFragment fragment) {
        evaluator.start(fragment);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(Map.of("fragment", fragment.fragmentId()));
    }

    @PostMapping("/fragments/operation-call")
    public ResponseEntity<Map<String, Object>> startOperationCall(@RequestBody OperationCallFragment fragment) {
        evaluator.start(fragment);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(Map.of("fragment", fragment.fragmentId()));
    }

    @DeleteMapping("/queries/{queryId}")
    public ResponseEntity<Void> cancel(@PathVariable String queryId) {
        evaluator.cancel(queryId);
        return ResponseEntity.noContent().build();
    }

    @GetMapping("/status")
    public Map<String, Object> status() {
        return Map.of("evaluator", evaluator.name(), "runningFragments", evaluator.runningFragments(),
                "openExchanges", evaluator.inboxes().size());
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<ErrorBody> bad(IllegalArgumentException e) {
        return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_JSON).body(new ErrorBody(evaluator.name(), e.getMessage()));
    }

    @ExceptionHandler(IllegalStateException.class)
    ResponseEntity<ErrorBody> full(IllegalStateException e) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).contentType(MediaType.APPLICATION_JSON)
                .body(new ErrorBody(evaluator.name(), e.getMessage()));
    }
}
