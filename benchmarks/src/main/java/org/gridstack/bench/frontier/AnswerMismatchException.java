package org.gridstack.bench.frontier;

/** The servlet's answer was not the complete, correct answer; the benchmark run fails. */
public final class AnswerMismatchException extends Exception {
    public AnswerMismatchException(String message) {
        super(message);
    }
}
