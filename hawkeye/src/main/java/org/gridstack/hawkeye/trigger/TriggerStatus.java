package org.gridstack.hawkeye.trigger;

/**
 * What a trigger has done: firings started, attempts that succeeded and failed, firings
 * suppressed by the rate limit or dropped because the action queue was full, and the last
 * failure (null if none). A snapshot; immutable.
 */
public record TriggerStatus(String name, String constraint, long fired, long succeeded, long failed,
        long rateLimited, long dropped, String lastError) {
}
