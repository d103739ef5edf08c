package org.gridstack.client.frontier.jdbc;

/**
 * An implementation class behind a JDBC proxy (see {@link JdbcDispatcher}): what the proxy's
 * handler needs for closed-object checks and {@code unwrap}.
 */
interface JdbcObject {
    /** Once true, every supported method except close/isClosed/unwrap/isWrapperFor throws. */
    boolean isClosed();

    /** A further object {@code unwrap}/{@code isWrapperFor} offer (a result set's FrontierResult), or null. */
    default Object wrapped() {
        return null;
    }
}
