package org.gridstack.client.frontier.jdbc;

import static org.gridstack.client.frontier.ScriptedHttpServer.answer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.gridstack.client.frontier.FrontierClient;
import org.gridstack.client.frontier.FrontierClientConfig;
import org.gridstack.client.frontier.FrontierResult;
import org.gridstack.client.frontier.ScriptedHttpServer;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;

/** Runs each body of {@link BenchmarkJdbcOverhead} once and checks what it read, so the benchmark never rots. */
class TestBenchmarkJdbcOverhead {
    @Test
    void sdkAndJdbcReadTheSameTenThousandRows() throws Exception {
        try (ScriptedHttpServer server = new ScriptedHttpServer(answer(200, FrontierGoldenVectors.body(BenchmarkJdbcOverhead.ANSWER)));
             Connection c = DriverManager.getConnection("jdbc:frontier:" + server.url() + "/Frontier")) {
            FrontierClient client = new FrontierClient(FrontierClientConfig.builder().server(server.url() + "/Frontier").build());
            FrontierResult answer = client.query(BenchmarkJdbcOverhead.SQL);
            assertEquals(10_000, answer.rowCount());
            assertEquals(1, answer.columnCount());
            long expected = 0;
            for (int i = 0; i < answer.rowCount(); i++) {
                expected += answer.getString(i, 0).length() + 1;
            }
            assertEquals(expected, BenchmarkJdbcOverhead.readWithSdk(answer));
            assertEquals(expected, BenchmarkJdbcOverhead.queryWithSdk(client));
            Statement s = c.createStatement();
            assertEquals(expected, BenchmarkJdbcOverhead.queryWithJdbc(s));
            ResultSet rs = FrontierResultSet.open(null, answer, 0);
            assertEquals(expected, BenchmarkJdbcOverhead.readWithJdbc(rs));
            assertTrue(rs.isAfterLast(), "read to the end");
        }
    }
}
