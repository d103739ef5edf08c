package org.gridstack.rgma.web;

import static java.util.Objects.requireNonNull;

import java.util.EnumSet;
import java.util.List;

import org.gridstack.rgma.consumer.ConsumerService;
import org.gridstack.rgma.registry.ProducerKind;
import org.gridstack.rgma.registry.ProducerRegistration;
import org.gridstack.rgma.registry.QueryType;
import org.gridstack.rgma.registry.RegistryService;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The registry over HTTP: every live producer, or (with {@code select} and {@code type}) the
 * producers mediation picks for that query.
 */
@RestController
class RegistryController {
    private final RegistryService registry;
    private final ConsumerService consumers;

    RegistryController(RegistryService registry, ConsumerService consumers) {
        this.registry = requireNonNull(registry, "registry is null");
        this.consumers = requireNonNull(consumers, "consumers is null");
    }

    /** A registration as JSON. */
    record ProducerView(long id, String table, String predicate, String kind, List<String> queryTypes, String endpoint,
            double terminationInterval) {
        static ProducerView of(ProducerRegistration r) {
            return new ProducerView(r.id(), r.table(), r.predicate(), r.kind().name().toLowerCase(),
                    r.queryTypes().stream().map(QueryType::wireName).sorted().toList(), r.endpoint(),
                    r.terminationInterval().toMillis() / 1000.0);
        }
    }

    @GetMapping("/rgma/registry/producers")
    List<ProducerView> producers(@RequestParam(required = false) String select,
            @RequestParam(defaultValue = "latest") String type, @RequestParam(required = false) String table) {
        List<ProducerRegistration> found = select == null || select.isBlank() ? registry.producers()
                : consumers.mediate(consumers.parse(select), QueryType.parse(type), EnumSet.allOf(ProducerKind.class));
        return found.stream().filter(r -> table == null || r.table().equalsIgnoreCase(table)).map(ProducerView::of).toList();
    }
}
