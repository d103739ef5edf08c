package org.gridstack.frontier.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.gridstack.frontier.protocol.DecodedPayload;
import org.gridstack.frontier.protocol.P1Codec;
import org.gridstack.frontier.protocol.ResponseParser;
import org.gridstack.frontier.protocol.RowStreamReader;
import org.gridstack.frontier.testing.RawHttp;
import org.gridstack.frontier.web.FrontierApplication;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.testcontainers.oracle.OracleContainer;

/**
 * The servlet on a real Oracle Free database (needs Docker: {@code ./mvnw verify -Pcontainers}).
 * Checks the Oracle type names in the header record, NUMBER precision, BLOBs as raw bytes,
 * the read-only transaction and Last-Modified from the catalog table.
 */
@Tag("containers")
class TestOracleContainer {
    @Test
    void servesOracle() throws Exception {
        try (OracleContainer oracle = new OracleContainer("gvenzl/oracle-free:23-slim-faststart")) {
            oracle.start();
            try (Connection c = DriverManager.getConnection(oracle.getJdbcUrl(), oracle.getUsername(), oracle.getPassword());
                 Statement s = c.createStatement()) {
                s.execute("create table T_ORA (id number(10), s varchar2(50), b blob)");
                s.execute("insert into T_ORA values (1, 'hello', hextoraw('0001ff'))");
                s.execute("create table FRONTIER_LAST_MODIFIED (table_owner varchar2(128), table_name varchar2(128), change_time date)");
                s.execute("insert into FRONTIER_LAST_MODIFIED values (user, 'T_ORA', to_date('2024-01-01', 'yyyy-mm-dd'))");
            }
            ConfigurableApplicationContext app = new SpringApplication(FrontierApplication.class).run(
                    "--server.port=0", "--spring.datasource.url=" + oracle.getJdbcUrl(),
                    "--spring.datasource.username=" + oracle.getUsername(), "--spring.datasource.password=" + oracle.getPassword(),
                    "--frontier.last-modified-table-name=FRONTIER_LAST_MODIFIED");
            try {
                int port = ((ServletWebServerApplicationContext) app).getWebServer().getPort();
                String target = "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOBzip5&p1=" + P1Codec.encode("select id, s, b from T_ORA");
                RawHttp.Response r = RawHttp.exchange("127.0.0.1", port, RawHttp.get(target, "HTTP/1.0", "X-Frontier-Id: oracle-test"));
                DecodedPayload p = ResponseParser.parse(r.bodyText()).payloads().get(0);
                assertEquals(0, p.error(), p.message());
                RowStreamReader.Decoded d = p.decode();
                assertEquals(java.util.List.of("ID", "S", "B"), d.columnNames());
                assertEquals(java.util.List.of("NUMBER(10)", "VARCHAR2", "BLOB"), d.typeNames());
                assertEquals("1", d.rows().get(0).get(0).text());
                assertEquals(3, d.rows().get(0).get(2).bytes().length);
                String write = "/Frontier/type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1Codec.encode("delete from T_ORA");
                DecodedPayload e = ResponseParser.parse(RawHttp.exchange("127.0.0.1", port,
                        RawHttp.get(write, "HTTP/1.0", "X-Frontier-Id: oracle-test")).bodyText()).payloads().get(0);
                assertTrue(e.error() == 1 && e.message().contains("rejected"), e.message());
            } finally {
                app.close();
            }
        }
    }
}
