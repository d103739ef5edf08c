package org.gridstack.dqp.evaluator.expression;

import com.google.errorprone.annotations.ThreadSafe;

/**
 * A compiled scalar expression over one row ({@code Object[]} in the input's column order).
 * Returns null for SQL NULL (and for UNKNOWN in predicates). Implementations are immutable and
 * thread-safe.
 */
@FunctionalInterface
@ThreadSafe
public interface RowExpression {
    Object evaluate(Object[] row);
}
