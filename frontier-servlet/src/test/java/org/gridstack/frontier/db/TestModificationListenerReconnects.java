package org.gridstack.frontier.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
                awaitListenConnections(db, 1);

                update(db, 1);
                assertTrue(changed(changes), "the first change was not reported");

                assertEquals(1, terminateReaderConnections(db), "expected exactly the LISTEN connection");
                awaitListenConnections(db, 1);
                // the reconnecting listener reloads once; drop what that reported, then change again
                changes.poll(1, TimeUnit.SECONDS);
                changes.clear();
                Thread.sleep(1100); // tracked times have whole-second resolution
                update(db, 2);
                assertTrue(changed(changes), "a change after the connection loss was not reported: the listener did not re-subscribe");
                assertTrue(tracker.lastModified(Set.of(TABLE)).isPresent());
            }
        }
    }

    private static boolean changed(BlockingQueue<Set<TableName>> changes) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            Set<TableName> c = changes.poll(500, TimeUnit.MILLISECONDS);
            if (c != null && c.contains(TABLE)) {
                return true;
            }
        }
        return false;
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

    /** Waits until a reader connection is LISTENing (pg_listening_channels is per session, so ask pg_stat_activity). */
    private static void awaitListenConnections(DemoDatabase db, int n) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < end) {
            try (Connection c = db.adminConnection(); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE usename = '" + db.readerUser() + "'")) {
                rs.next();
                if (rs.getInt(1) >= n) {
                    Thread.sleep(300); // let it finish LISTEN and its first load
                    return;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no LISTEN connection within 30 s");
    }
}
