package org.gridstack.dqp.evaluator.expression;

/**
 * A compiled scalar expression over one row ({@code Object[]} in the input's column order).
 * Returns null for SQL NULL (and for UNKNOWN in predicates). Implementations are immutable and
 * thread-safe.
 */
@FunctionalInterface
public interface RowExpression {
    Object evaluate(Object[] row);
}
