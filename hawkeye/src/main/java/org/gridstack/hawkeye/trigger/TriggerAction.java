package org.gridstack.hawkeye.trigger;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/** What a trigger does when an ad starts to match. Immutable. */
public sealed interface TriggerAction {

    /** How long one attempt may take. */
    Duration timeLimit();

    /** Runs {@code argv} with the matching ad (old ClassAd form) on standard input; exit status 0 is success. */
    record Command(List<String> argv, Duration timeLimit) implements TriggerAction {
        public Command {
            argv = List.copyOf(requireNonNull(argv, "argv is null"));
            requireNonNull(timeLimit, "timeLimit is null");
            if (argv.isEmpty()) {
                throw new IllegalArgumentException("a command action needs a program");
            }
        }
    }

    /** POSTs {@code {"trigger":..,"host":..,"ad":{..}}} to {@code url}; a 2xx answer is success. */
    record Webhook(URI url, Duration timeLimit) implements TriggerAction {
        public Webhook {
            requireNonNull(url, "url is null");
            requireNonNull(timeLimit, "timeLimit is null");
            if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
                throw new IllegalArgumentException("a webhook needs an http or https URL, got " + url);
            }
        }
    }
}
