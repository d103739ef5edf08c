package org.gridstack.mds.cli;

import java.time.Duration;

import org.gridstack.mds.ldap.ConnectionLimits;

import picocli.CommandLine.Option;

/** What one client connection may hold of a GRIS or GIIS ({@link ConnectionLimits}; a picocli mixin). */
final class ConnectionOptions {
    @Option(names = "--idletimeout", paramLabel = "SECONDS", defaultValue = "600",
            description = "Close a connection without a request for this long (slapd's idletimeout; default ${DEFAULT-VALUE}; 0: never).")
    long idleTimeoutSeconds;

    @Option(names = "--read-timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "Close a connection whose request is not complete this long after its first byte (default ${DEFAULT-VALUE}).")
    long readTimeoutSeconds;

    @Option(names = "--max-connections-per-address", paramLabel = "N", defaultValue = "1000",
            description = "Most connections one client address holds at once (default ${DEFAULT-VALUE}; 0: no limit of its own).")
    int maxPerAddress;

    @Option(names = "--listener", paramLabel = "KIND", defaultValue = "event-loop",
            description = "event-loop (default: a few selector threads and a worker pool, as slapd) or threads (a thread per connection).")
    String listener;

    /** True for the event-loop listener, false for a thread per connection; anything else is refused. */
    boolean eventLoop() {
        return switch (listener) {
            case "event-loop" -> true;
            case "threads" -> false;
            default -> throw new IllegalArgumentException("--listener must be event-loop or threads, not '" + listener + "'");
        };
    }

    /** The limits these options give (validated by {@link ConnectionLimits}). */
    ConnectionLimits limits() {
        return new ConnectionLimits(Duration.ofSeconds(idleTimeoutSeconds), Duration.ofSeconds(readTimeoutSeconds),
                ConnectionLimits.DEFAULT_MAX_NESTING, maxPerAddress);
    }
}
