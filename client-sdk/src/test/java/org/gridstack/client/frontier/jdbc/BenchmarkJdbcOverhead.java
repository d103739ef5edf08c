package org.gridstack.client.frontier.jdbc;

import static org.gridstack.client.frontier.ScriptedHttpServer.answer;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;
import org.gridstack.client.frontier.FrontierClient;
import org.gridstack.client.frontier.FrontierClientConfig;
import org.gridstack.client.frontier.FrontierException;
import org.gridstack.client.frontier.FrontierResult;
import org.gridstack.client.frontier.ScriptedHttpServer;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/**
 * What the JDBC driver (proxies, per-call closed checks, boxing) costs over the plain SDK when
 * reading the captured 10,000-row x 1-column answer ({@code 21-string-full-zip5}, T_STRING) with
 * {@code rs.next()} + {@code rs.getString(1)}: end to end (query over local HTTP, decode, read)
 * and for the reading loop alone. Run it with
 * {@code ./gridstack test -pl client-sdk -am -Dtest=BenchmarkJdbcOverhead -Dsurefire.failIfNoSpecifiedTests=false -DskipITs}
 * (or {@link #main}); it prints medians and asserts nothing about time.
 * {@link TestBenchmarkJdbcOverhead} runs each body once and checks its result.
 */
public class BenchmarkJdbcOverhead {
    static final String SQL = "select string from T_STRING order by string";
    static final String ANSWER = "21-string-full-zip5";

    /** Sum of the lengths of all values, so the JIT cannot drop the reads. */
    static long readWithSdk(FrontierResult r) {
        long sum = 0;
        int rows = r.rowCount();
        for (int i = 0; i < rows; i++) {
            String s = r.getString(i, 0);
            sum += s == null ? 0 : s.length() + 1;
        }
        return sum;
    }

    static long readWithJdbc(ResultSet rs) throws SQLException {
        long sum = 0;
        while (rs.next()) {
            String s = rs.getString(1);
            sum += s == null ? 0 : s.length() + 1;
        }
        return sum;
    }

    /** The implementation class without its proxy: what the dispatch costs is the difference to readWithJdbc. */
    static long readWithoutProxy(FrontierResultSet rs) throws SQLException {
        long sum = 0;
        while (rs.next()) {
            String s = rs.getString(1);
            sum += s == null ? 0 : s.length() + 1;
        }
        return sum;
    }

    static long queryWithSdk(FrontierClient client) throws FrontierException {
        return readWithSdk(client.query(SQL));
    }

    static long queryWithJdbc(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery(SQL)) {
            return readWithJdbc(rs);
        }
    }

    @Test
    void measure() throws Exception {
        main(new String[0]);
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body(ANSWER)));
             Connection c = DriverManager.getConnection("jdbc:frontier:" + server.url() + "/Frontier")) {
            FrontierClient client = new FrontierClient(FrontierClientConfig.builder().server(server.url() + "/Frontier").build());
            Statement s = c.createStatement();
            FrontierResult answer = client.query(SQL);
            // end to end: query + read, SDK and JDBC interleaved (taking turns to go first) so
            // that drift and the garbage one leaves for the other hit both alike
            long[] sdk = new long[rounds];
            long[] jdbc = new long[rounds];
            long check = 0;
            for (int i = 0; i < rounds; i++) {
                if (i % 2 == 0) {
                    long t0 = System.nanoTime();
                    check += queryWithSdk(client);
                    long t1 = System.nanoTime();
                    check -= queryWithJdbc(s);
                    long t2 = System.nanoTime();
                    sdk[i] = t1 - t0;
                    jdbc[i] = t2 - t1;
                } else {
                    long t0 = System.nanoTime();
                    check -= queryWithJdbc(s);
                    long t1 = System.nanoTime();
                    check += queryWithSdk(client);
                    long t2 = System.nanoTime();
                    jdbc[i] = t1 - t0;
                    sdk[i] = t2 - t1;
                }
            }
            report("end to end (query over local HTTP + read 10,000 rows)", sdk, jdbc, check);
            // the reading loop alone, on the same decoded answer
            int loops = rounds * 20;
            sdk = new long[loops];
            jdbc = new long[loops];
            for (int i = 0; i < loops; i++) {
                long t0 = System.nanoTime();
                check += readWithSdk(answer);
                long t1 = System.nanoTime();
                check -= readWithJdbc(FrontierResultSet.open(null, answer, 0));
                long t2 = System.nanoTime();
                sdk[i] = t1 - t0;
                jdbc[i] = t2 - t1;
            }
            report("reading loop only (10,000 x next + getString(1) vs getString(row, 0))", sdk, jdbc, check);
            for (int i = 0; i < loops; i++) {
                long t0 = System.nanoTime();
                check += readWithSdk(answer);
                long t1 = System.nanoTime();
                check -= readWithoutProxy(FrontierResultSet.open(null, answer, 0).unwrap(FrontierResultSet.class));
                long t2 = System.nanoTime();
                sdk[i] = t1 - t0;
                jdbc[i] = t2 - t1;
            }
            report("reading loop, implementation class without the proxy", sdk, jdbc, check);
        }
    }

    private static void report(String what, long[] sdk, long[] jdbc, long check) {
        if (check != 0) {
            throw new AssertionError("SDK and JDBC read different values");
        }
        // the second half only: the first is warm-up; the median says what a run costs, the minimum
        // what the code costs without the noise of a shared machine (GC, other processes)
        long[] s = Arrays.copyOfRange(sdk, sdk.length / 2, sdk.length);
        long[] j = Arrays.copyOfRange(jdbc, jdbc.length / 2, jdbc.length);
        Arrays.sort(s);
        Arrays.sort(j);
        System.out.printf(Locale.ROOT, "%s: median SDK %.3f ms, JDBC %.3f ms, overhead %+.1f %%; minimum SDK %.3f ms, JDBC %.3f ms,"
                + " overhead %+.1f %%%n", what, s[s.length / 2] / 1e6, j[j.length / 2] / 1e6, overhead(s[s.length / 2], j[j.length / 2]),
                s[0] / 1e6, j[0] / 1e6, overhead(s[0], j[0]));
    }

    private static double overhead(long sdk, long jdbc) {
        return 100.0 * (jdbc - sdk) / sdk;
    }
}
