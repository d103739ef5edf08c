package org.gridstack.frontier.db;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.gridstack.frontier.demo.DemoDatabase;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The invalidator's source of truth survives what a database restart looks like to it: the
 * server drops its LISTEN connection. The listener must reconnect, subscribe again and report
 * the next committed change, without any polling (validation period far longer than the test).
 */
class TestModificationListenerReconnects {
    private static final TableName TABLE = new TableName("public", "readings");

    @Test
    void aDroppedListenConnectionIsReplacedAndChangesAreReportedAgain() throws Exception {
        try (DemoDatabase db = DemoDatabase.start(admin -> {
            try (Statement s = admin.createStatement()) {
                s.execute("CREATE TABLE readings (id int PRIMARY KEY, value int)");
                s.execute("INSERT INTO readings VALUES (1, 0)");
            }
        }, "listener reconnect test")) {
            PGSimpleDataSource pool = new PGSimpleDataSource();
            pool.setUrl(db.jdbcUrl());
            pool.setUser(db.readerUser());
            pool.setPassword(db.readerPassword());
            BlockingQueue<Set<TableName>> changes = new LinkedBlockingQueue<>();
            try (PostgresModificationTracker tracker = new PostgresModificationTracker(pool, db.jdbcUrl(), db.readerProperties(), 3600)) {
                tracker.onChange(changes::add);
                await("a LISTEN connection").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> readerConnections(db) >= 1);
                Thread.sleep(300); // let it finish LISTEN and its first load

                update(db, 1);
                await("the first change was reported").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                        .until(() -> reportsTable(changes.poll()));

                assertEquals(1, terminateReaderConnections(db), "expected exactly the LISTEN connection");
                await("a LISTEN connection").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> readerConnections(db) >= 1);
                Thread.sleep(300); // let it finish LISTEN and its first load
                // the reconnecting listener reloads once; drop what that reported, then change again
                changes.poll(1, TimeUnit.SECONDS);
                changes.clear();
                Thread.sleep(1100); // tracked times have whole-second resolution
                update(db, 2);
                await("a change after the connection loss was reported (the listener re-subscribed)").atMost(Duration.ofSeconds(20))
                        .pollInterval(Duration.ofMillis(100)).until(() -> reportsTable(changes.poll()));
                assertTrue(tracker.lastModified(Set.of(TABLE)).isPresent());
            }
        }
    }

    private static boolean reportsTable(Set<TableName> change) {
        return change != null && change.contains(TABLE);
    }

    private static void update(DemoDatabase db, int value) throws SQLException {
        try (Connection c = db.adminConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE readings SET value = " + value + " WHERE id = 1");
        }
    }

    private static int terminateReaderConnections(DemoDatabase db) throws SQLException {
        try (Connection c = db.adminConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = '"
                        + db.readerUser() + "'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** The reader's connections (pg_listening_channels is per session, so ask pg_stat_activity). */
    private static int readerConnections(DemoDatabase db) throws SQLException {
        try (Connection c = db.adminConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE usename = '" + db.readerUser() + "'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
