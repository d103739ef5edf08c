package org.gridstack.dqp.coordinator;

import java.sql.Connection;
import java.time.Duration;
import java.util.List;

import org.gridstack.dqp.demo.DemoDataGenerator;
import org.gridstack.dqp.demo.DemoDatabase;
import org.gridstack.dqp.demo.DemoStack;
import org.gridstack.dqp.demo.DemoTable;
import org.gridstack.dqp.entropy.EntropySettings;

/**
 * What the answer-comparing tests run against: the demo stack (two data services, the given
 * number of evaluators, two cost-free entropy copies, a coordinator) and the oracle, one more
 * embedded PostgreSQL holding all four tables, with a superuser connection to ask it. Closing
 * stops everything, also when starting failed half-way.
 */
record StackWithOracle(DemoStack stack, DemoDatabase oracle, Connection oracleConnection, DqpAnswers dqp) implements AutoCloseable {
    static StackWithOracle start(int evaluators) throws Exception {
        DemoStack stack = DemoStack.start(0, evaluators, 2, new EntropySettings("e", EntropySettings.Mode.NONE, Duration.ZERO, 1),
                Duration.ofSeconds(60));
        DemoDatabase oracle = null;
        try {
            oracle = DemoDatabase.start(List.of(DemoTable.values()), new DemoDataGenerator());
            Connection connection = oracle.superuserConnection();
            try (java.sql.Statement s = connection.createStatement()) {
                // the engine's session time zone
                s.execute("set time zone 'UTC'");
            }
            return new StackWithOracle(stack, oracle, connection, new DqpAnswers(stack.coordinator().baseUri()));
        } catch (Exception | Error e) {
            if (oracle != null) {
                oracle.close();
            }
            stack.close();
            throw e;
        }
    }

    @Override
    public void close() throws Exception {
        try {
            oracleConnection.close();
        } finally {
            try {
                oracle.close();
            } finally {
                stack.close();
            }
        }
    }
}
