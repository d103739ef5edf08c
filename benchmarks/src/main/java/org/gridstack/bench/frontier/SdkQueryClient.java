package org.gridstack.bench.frontier;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.gridstack.bench.kit.ClosedLoopDriver;
import org.gridstack.client.frontier.FrontierClient;
import org.gridstack.client.frontier.FrontierClientConfig;
import org.gridstack.client.frontier.FrontierException;
import org.gridstack.client.frontier.FrontierResult;

/**
 * One client of the project's Java SDK ({@link FrontierClient}) straight to a servlet: what a Java
 * application pays per query, beside {@link FrontierHttpClient} (the plain keep-alive client) on the
 * same servlet, query and zip level. The SDK checks every answer itself (md5, zlib, full_size,
 * record count) and builds its row index; this client then checks the row count and, once per
 * client, every value against JDBC's. Not thread-safe: one per load thread.
 */
final class SdkQueryClient implements ClosedLoopDriver.Client {
    private final FrontierClient client;
    private final String query;
    private final ExpectedRows expected;
    private long checkedAnswers;

    /**
     * @param servlet where the servlet answers; its path must end in {@code /Frontier}, which the SDK
     *                appends to its server URL as the C client does
     */
    SdkQueryClient(ServletAddress servlet, int zipLevel, String query, ExpectedRows expected) {
        this.client = new FrontierClient(FrontierClientConfig.builder().server(serverUrl(servlet)).zipLevel(zipLevel)
                // a loaded 2-core machine can hold a 1 MB zip 9 answer back for seconds; a timeout is a failure here, not a retry
                .readTimeout(Duration.ofSeconds(60)).build());
        this.query = Objects.requireNonNull(query, "query is null");
        this.expected = Objects.requireNonNull(expected, "expected is null");
    }

    /** The SDK's server URL for a servlet whose requests start with {@code servlet.path()}. */
    static URI serverUrl(ServletAddress servlet) {
        String path = servlet.path();
        if (!path.endsWith("/Frontier")) {
            throw new IllegalArgumentException("the SDK (like the C client) sends <server URL>/Frontier/type=...; a servlet at " + servlet
                    + " cannot be reached that way");
        }
        return URI.create("http://" + servlet.host() + ":" + servlet.port() + path.substring(0, path.length() - "/Frontier".length()));
    }

    /** One query compared value by value with JDBC's rows (before a client is measured). */
    void checkValues() throws FrontierException, AnswerMismatchException {
        FrontierResult r = client.query(query);
        List<List<String>> rows = expected.rows();
        if (r.rowCount() != rows.size() || r.columnCount() != expected.columns()) {
            throw new AnswerMismatchException("the SDK read " + r.rowCount() + " rows of " + r.columnCount() + " columns; JDBC has "
                    + rows.size() + " of " + expected.columns());
        }
        for (int i = 0; i < rows.size(); i++) {
            for (int c = 0; c < expected.columns(); c++) {
                if (!Objects.equals(rows.get(i).get(c), r.getString(i, c))) {
                    throw new AnswerMismatchException("the SDK read row " + i + " column " + c + " as '" + r.getString(i, c) + "'; JDBC has '"
                            + rows.get(i).get(c) + "'");
                }
            }
        }
    }

    @Override
    public void query(ClosedLoopDriver.Tally tally) throws FrontierException, AnswerMismatchException {
        FrontierResult r = client.query(query);
        if (r.rowCount() != expected.rowCount()) {
            throw new AnswerMismatchException("the SDK read " + r.rowCount() + " rows; JDBC has " + expected.rowCount());
        }
        if (r.origin().attempts() != 1) {
            // the SDK fails over and retries by design; in a measurement a retry is a failed request
            throw new AnswerMismatchException("the SDK needed " + r.origin().attempts() + " attempts: " + r.origin().describe());
        }
        checkedAnswers++;
        tally.add(r.origin().bytes(), r.fullSize());
    }

    long checkedAnswers() {
        return checkedAnswers;
    }

    /** Connections are the SDK's own business (a pool per client); not counted. */
    @Override
    public void close() {
        client.close();
    }
}
