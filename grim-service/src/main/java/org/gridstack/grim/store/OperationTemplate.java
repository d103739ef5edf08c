package org.gridstack.grim.store;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;

import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;

/**
 * The one wrapper around every backend's run of an operation, so the seed's measures mean the same
 * on every platform: the clock starts before the first request; #13 (connect) is one request that
 * opens a session and closes it, with no rows and no bytes; any other operation is the backend's
 * {@link Answer}; the rows are put in the canonical order without duplicates ({@link Rows#sort})
 * and the clock stops after that (client-side work is part of the QRT). Stateless, thread-safe.
 */
@ThreadSafe
public final class OperationTemplate {
    private OperationTemplate() {
    }

    /**
     * What one backend measured for one operation, before the template orders it.
     *
     * @param rows     the answer in any order, duplicates allowed; values String, Long or null
     * @param requests requests sent to the platform
     * @param bytes    bytes the platform returned over all requests
     */
    public record Answer(List<List<Object>> rows, int requests, long bytes) {
        public Answer {
            requireNonNull(rows, "rows is null");
        }
    }

    /** #13 on one platform: open a session in {@code mode}'s way and close it. */
    @FunctionalInterface
    public interface Connect {
        void openAndClose(Mode mode);
    }

    /** Every operation but #13 on one platform. */
    @FunctionalInterface
    public interface Run {
        Answer answer(OperationParameters params, Mode mode);
    }

    /** Runs {@code params.operation()} in {@code mode} on the backend named {@code backend}. */
    public static OperationResult execute(String backend, OperationParameters params, Mode mode, Connect connect, Run run) {
        requireNonNull(backend, "backend is null");
        requireNonNull(params, "params is null");
        requireNonNull(mode, "mode is null");
        Operation op = params.operation();
        long start = System.nanoTime();
        if (op == Operation.CONNECT) {
            connect.openAndClose(mode);
            return new OperationResult(op.label(), backend, mode, op.columns(), List.of(), 1, 0, System.nanoTime() - start);
        }
        Answer a = run.answer(params, mode);
        List<List<Object>> sorted = Rows.sort(a.rows());
        return new OperationResult(op.label(), backend, mode, op.columns(), sorted, a.requests(), a.bytes(), System.nanoTime() - start);
    }
}
