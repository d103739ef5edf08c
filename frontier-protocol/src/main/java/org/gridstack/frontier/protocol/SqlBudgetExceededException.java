package org.gridstack.frontier.protocol;

/**
 * A request's {@code p1} parameters inflate to more SQL than its {@link SqlBudget} allows: the
 * whole request is refused (not just one payload), and no later payload is decoded.
 */
public final class SqlBudgetExceededException extends FrontierProtocolException {
    private static final long serialVersionUID = 1L;
    private final int payload;

    SqlBudgetExceededException(String message, int payload) {
        super(message);
        this.payload = payload;
    }

    /** The payload (1-based, in URL order) whose SQL ran the budget out. */
    public int payload() {
        return payload;
    }
}
