package org.gridstack.dqp.coordinator;

/**
 * The SQL signature of {@code calculateEntropy(sequence VARCHAR) -> DOUBLE}, registered with
 * Calcite so queries using it validate. The coordinator maps each call to an OPERATION_CALL on the
 * EntropyAnalyser service; the method body never runs. Stateless.
 */
public final class EntropyFunction {
    /** The function's SQL name. */
    public static final String NAME = "calculateEntropy";

    private EntropyFunction() {
    }

    /** Never called: the engine maps calls to OPERATION_CALL. */
    public static Double calculateEntropy(String sequence) {
        throw new UnsupportedOperationException("calculateEntropy runs as an OPERATION_CALL on the EntropyAnalyser service");
    }
}
