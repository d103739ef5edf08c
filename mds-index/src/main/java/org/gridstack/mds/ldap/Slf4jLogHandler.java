package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import java.util.logging.Handler;
import java.util.logging.LogRecord;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the SDK's access-log records ({@code java.util.logging}) to an SLF4J logger at INFO, so
 * the access log goes where the rest of the logs go. Thread-safe.
 */
public final class Slf4jLogHandler extends Handler {
    private final Logger logger;

    public Slf4jLogHandler(String loggerName) {
        this.logger = LoggerFactory.getLogger(requireNonNull(loggerName, "loggerName is null"));
    }

    @Override
    public void publish(LogRecord record) {
        if (record != null && logger.isInfoEnabled()) {
            logger.info(record.getMessage());
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
