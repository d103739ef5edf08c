package org.gridstack.frontier.db;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.gridstack.frontier.demo.DemoDatabase;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The production servlet's Oracle modification-time query also runs on PostgreSQL (that is how the
 * golden vectors got their Last-Modified), so the Oracle code path is exercised here for real
 * against the vectors' {@code frontier_last_modified} table.
 */
class TestOracleLastModifiedOnPostgres {
    @Test
    void readsTheCatalogTableLikeTheProductionServlet() throws Exception {
        try (DemoDatabase db = DemoDatabase.start(FrontierGoldenVectors.schemaFile())) {
            PGSimpleDataSource ds = new PGSimpleDataSource();
            ds.setUrl(db.jdbcUrl());
            ds.setUser(db.readerUser());
            ds.setPassword(db.readerPassword());
            try (OracleLastModifiedSource source = new OracleLastModifiedSource(ds, "public.frontier_last_modified", 300)) {
                List<TableName> types = List.of(new TableName("PUBLIC", "T_TYPES"));
                assertTrue(source.lastModified(List.of(new TableName(null, "T_TYPES"))).isEmpty(), "bare names are not looked up");
                // the first lookup runs in the background
                Optional<Instant> found = await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50))
                        .until(() -> source.lastModified(types), Optional::isPresent);
                assertEquals(LocalDateTime.parse("2024-01-01T00:00:00").atZone(ZoneId.systemDefault()).toInstant(), found.orElseThrow());
                List<TableName> both = List.of(new TableName("PUBLIC", "T_TYPES"), new TableName("PUBLIC", "T_STRING"));
                Optional<Instant> latest = await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50))
                        .until(() -> source.lastModified(both), Optional::isPresent);
                assertEquals(LocalDateTime.parse("2024-06-15T12:30:00").atZone(ZoneId.systemDefault()).toInstant(), latest.orElseThrow(),
                        "the latest of several tables");
                assertTrue(source.lastModified(List.of(new TableName("PUBLIC", "NOT_LISTED"))).isEmpty());
            }
        }
    }
}
