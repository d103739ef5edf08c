package org.gridstack.hawkeye.classad;

/** An evaluation that went over its {@link EvaluationLimits}; the message says which limit. */
public final class EvaluationLimitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EvaluationLimitException(String message) {
        super(message);
    }
}
