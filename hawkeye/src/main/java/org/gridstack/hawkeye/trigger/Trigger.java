package org.gridstack.hawkeye.trigger;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

import org.gridstack.hawkeye.classad.ClassAdParser;
import org.gridstack.hawkeye.classad.Expr;

/**
 * A registered trigger: when a host's ad starts to satisfy {@code constraint} (it did not with
 * the host's previous ad), {@code action} runs, at most once per {@code minInterval} per
 * trigger, retried up to {@code maxRetries} times when it fails. Immutable.
 */
public record Trigger(String name, String constraintText, Expr constraint, TriggerAction action, Duration minInterval,
        int maxRetries) {

    public Trigger {
        requireNonNull(name, "name is null");
        requireNonNull(constraintText, "constraintText is null");
        requireNonNull(constraint, "constraint is null");
        requireNonNull(action, "action is null");
        requireNonNull(minInterval, "minInterval is null");
        if (!name.matches("[A-Za-z0-9_.-]{1,64}")) {
            throw new IllegalArgumentException("a trigger name is 1 to 64 letters, digits, '_', '.', '-': " + name);
        }
        if (minInterval.isNegative() || maxRetries < 0) {
            throw new IllegalArgumentException("minInterval and maxRetries must not be negative");
        }
    }

    /** A trigger whose constraint is parsed from {@code constraintText} (a syntax error names its position). */
    public static Trigger of(String name, String constraintText, TriggerAction action, Duration minInterval, int maxRetries) {
        return new Trigger(name, constraintText, ClassAdParser.standard().parseExpression(constraintText), action,
                minInterval, maxRetries);
    }
}
