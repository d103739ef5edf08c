package org.gridstack.hawkeye.client;

/** Where a host's agent answers queries, as the manager knows it. */
public record AgentLocation(String name, String url) {
}
