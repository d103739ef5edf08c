package org.gridstack.bench.testbed;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.client.frontier.FrontierClient;
import org.gridstack.client.frontier.FrontierClientConfig;
import org.gridstack.client.frontier.FrontierResult;

/**
 * FroNtier clients of a testbed client host, as a factory described by text so they run in load
 * agents on that host: {@code SERVER_URL PROXY_URL|direct ZIP ROWS SQL}. Each client is the
 * project's SDK ({@link FrontierClient}, which checks md5, zlib, size and record count itself)
 * sending {@code SQL} to the servlet at {@code SERVER_URL} through its site's Squid, or straight to
 * the servlet with {@code direct}; an answer is right when it has {@code ROWS} rows and came in one
 * attempt (a fail-over is a failed request in a measurement). One client per load thread.
 */
public final class FrontierTierClients implements ClosedLoopDriver.ClientFactory {
    private final URI server;
    private final URI proxy;
    private final int zip;
    private final long rows;
    private final String sql;

    public FrontierTierClients(String[] args) {
        if (args.length != 5) {
            throw new IllegalArgumentException("expected SERVER_URL PROXY_URL|direct ZIP ROWS SQL, got " + List.of(args));
        }
        this.server = URI.create(args[0]);
        this.proxy = args[1].equals("direct") ? null : URI.create(args[1]);
        this.zip = Integer.parseInt(args[2]);
        this.rows = Long.parseLong(args[3]);
        this.sql = args[4];
    }

    static List<String> args(URI server, URI proxyOrNull, int zip, long rows, String sql) {
        return List.of(server.toString(), proxyOrNull == null ? "direct" : proxyOrNull.toString(), Integer.toString(zip), Long.toString(rows), sql);
    }

    @Override
    public ClosedLoopDriver.Client open(int index) {
        FrontierClientConfig.Builder c = FrontierClientConfig.builder().server(server).zipLevel(zip).readTimeout(Duration.ofSeconds(60));
        if (proxy != null) {
            c.proxy(proxy);
        }
        FrontierClient client = new FrontierClient(c.build());
        return new ClosedLoopDriver.Client() {
            @Override
            public void query(ClosedLoopDriver.Tally tally) throws Exception {
                FrontierResult r = client.query(sql);
                if (r.rowCount() != rows) {
                    throw new IllegalStateException("wrong answer: " + r.rowCount() + " rows, expected " + rows + " (" + r.origin().describe() + ")");
                }
                if (r.origin().attempts() != 1) {
                    throw new IllegalStateException("the SDK needed " + r.origin().attempts() + " attempts: " + r.origin().describe());
                }
                tally.add(r.origin().bytes(), r.fullSize());
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }
}
