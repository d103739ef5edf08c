package org.gridstack.rgma.web;

import static java.util.Objects.requireNonNull;

import java.util.Map;

import org.gridstack.rgma.producer.ProducerService;
import org.gridstack.rgma.registry.QueryType;
import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.rgma.storage.Tuples;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The ProducerServlet over HTTP: declare a producer (answering its id and token), insert, renew
 * and close with the token, and read one producer's tuples (what ConsumerServlets call).
 */
@RestController
class ProducerController {
    private final ProducerService producers;
    private final Admission admission;

    ProducerController(ProducerService producers, Admission admission) {
        this.producers = requireNonNull(producers, "producers is null");
        this.admission = requireNonNull(admission, "admission is null");
    }

    @PostMapping("/rgma/producers")
    ResponseEntity<ProducerService.Created> create(@RequestBody ProducerRequest request, HttpServletRequest http) {
        if (request == null) {
            throw RgmaException.badRequest("the body must declare the producer as JSON");
        }
        return ResponseEntity.status(201).body(producers.create(request.toSpec(), admission.client(http)));
    }

    @PostMapping("/rgma/producers/{id}/insert")
    Map<String, Object> insert(@PathVariable long id, @RequestHeader(HttpHeaders.AUTHORIZATION) String authorization,
            @RequestBody String insert) {
        return Map.of("producer", id, "inserted", producers.insert(id, bearer(authorization), insert));
    }

    @PostMapping("/rgma/producers/{id}/renew")
    Map<String, Object> renew(@PathVariable long id, @RequestHeader(HttpHeaders.AUTHORIZATION) String authorization) {
        producers.renew(id, bearer(authorization));
        return Map.of("producer", id, "renewed", true);
    }

    @DeleteMapping("/rgma/producers/{id}")
    Map<String, Object> close(@PathVariable long id, @RequestHeader(HttpHeaders.AUTHORIZATION) String authorization) {
        producers.close(id, bearer(authorization));
        return Map.of("producer", id, "closed", true);
    }

    @GetMapping("/rgma/producers/{id}/tuples")
    Tuples tuples(@PathVariable long id, @RequestParam String select, @RequestParam(defaultValue = "latest") String type,
            @RequestParam(defaultValue = "0") long after, @RequestParam(defaultValue = "2147483647") int maxRows) {
        return producers.query(id, QueryType.parse(type), select, after, maxRows);
    }

    private static String bearer(String authorization) {
        String a = authorization.strip();
        if (!a.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new RgmaException(401, "send the producer's token as Authorization: Bearer <token>");
        }
        return a.substring(7).strip();
    }
}
