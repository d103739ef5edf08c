package org.gridstack.bench.answers;

import org.gridstack.bench.kit.ClosedLoopDriver;

/**
 * The answer-shape clients as a factory a load agent can create by name ({@link
 * org.gridstack.bench.kit.LoadAgent}): arguments are the SDK's client configuration, the answer's
 * size in MB and its compressibility in %; each client checks its answers as in this JVM.
 */
public final class ShapeClients implements ClosedLoopDriver.ClientFactory {
    private final String clientConfig;
    private final ShapeTable table;

    public ShapeClients(String[] args) {
        if (args.length != 3) {
            throw new IllegalArgumentException("expected the client configuration, the size in MB and the compressibility in %, got "
                    + args.length + " arguments");
        }
        this.clientConfig = args[0];
        this.table = new ShapeTable(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
    }

    @Override
    public ClosedLoopDriver.Client open(int index) {
        return AnswerShapeBenchmark.sdkClient(clientConfig, table);
    }
}
