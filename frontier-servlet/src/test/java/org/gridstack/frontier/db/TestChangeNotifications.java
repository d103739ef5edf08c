package org.gridstack.frontier.db;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.gridstack.frontier.demo.DemoDatabase;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The modification triggers' NOTIFY payloads (version 1): row images for small statements, the
 * table-only form for TRUNCATE, statements over the row limit and payloads NOTIFY cannot carry;
 * and the tracker turning them into row-level or whole-table changes.
 */
class TestChangeNotifications {
    private static final TableName TABLE = new TableName("public", "items");

    private static DemoDatabase start() throws Exception {
        return DemoDatabase.start(admin -> {
            try (Statement s = admin.createStatement()) {
                s.execute("CREATE TABLE items (id int PRIMARY KEY, name text, price numeric, note varchar(20000), at timestamptz)");
                s.execute("INSERT INTO items SELECT i, 'item ' || i, i * 1.5, NULL, now() FROM generate_series(1, 30) AS g(i)");
            }
        }, "change notification test");
    }

    @Test
    void triggersSendRowImagesOnlyWhenSmall() throws Exception {
        try (DemoDatabase db = start(); Connection listen = db.adminConnection(); Connection c = db.adminConnection();
             Statement s = c.createStatement()) {
            try (Statement l = listen.createStatement()) {
                l.execute("LISTEN " + PostgresModificationTracker.CHANNEL);
            }
            s.executeUpdate("INSERT INTO items (id, name) VALUES (100, 'it''s new')");
            ChangeNotification insert = one(listen);
            assertEquals(TABLE, insert.table());
            assertEquals(1, insert.rows().size());
            assertEquals("it's new", insert.rows().get(0).get("name"));
            assertEquals(TableChange.NULL, insert.rows().get(0).get("price"));

            s.executeUpdate("UPDATE items SET price = 99 WHERE id = 2");
            ChangeNotification update = one(listen);
            assertEquals(List.of("3", "99"), update.rows().stream()
                    .map(r -> ((BigDecimal) r.get("price")).stripTrailingZeros().toPlainString()).toList(), "old image, then new image");
            assertTrue(update.atEpochSecond() > insert.atEpochSecond(), "each transaction gets a later time");

            s.executeUpdate("DELETE FROM items WHERE id = 3");
            assertEquals(List.of(new BigDecimal("3")), one(listen).rows().stream().map(r -> r.get("id")).toList());

            s.executeUpdate("UPDATE items SET price = price + 1 WHERE id <= 10"); // 9 rows left: within the default limit of 10
            assertEquals(18, one(listen).rows().size());
            s.executeUpdate("UPDATE items SET price = price + 1 WHERE id <= 20"); // 19 rows: over the limit
            assertNull(one(listen).rows(), "over the row limit: table-only");
            s.executeUpdate("UPDATE items SET note = repeat('x', 9000) WHERE id = 25");
            assertNull(one(listen).rows(), "too big for NOTIFY: table-only, and the statement still succeeds");
            s.execute("SELECT gridstack_frontier.track_table('items', 25)");
            s.executeUpdate("UPDATE items SET price = price + 1 WHERE id <= 20");
            assertEquals(38, one(listen).rows().size(), "the limit is per table");
            s.execute("TRUNCATE items");
            assertNull(one(listen).rows(), "TRUNCATE: table-only");
        }
    }

    @Test
    void trackerReportsRowsWhenNotificationsCoverTheChangeAndTheWholeTableOtherwise() throws Exception {
        try (DemoDatabase db = start()) {
            PGSimpleDataSource pool = new PGSimpleDataSource();
            pool.setUrl(db.jdbcUrl());
            pool.setUser(db.readerUser());
            pool.setPassword(db.readerPassword());
            BlockingQueue<List<TableChange>> changes = new LinkedBlockingQueue<>();
            try (PostgresModificationTracker tracker = new PostgresModificationTracker(pool, db.jdbcUrl(), db.readerProperties(), 3600)) {
                tracker.onTableChanges(changes::add);
                await("the tracker started listening").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                        .until(() -> readerConnections(db) >= 1);
                Thread.sleep(500); // let it finish LISTEN and its first load
                try (Connection c = db.adminConnection(); Statement s = c.createStatement()) {
                    s.executeUpdate("UPDATE items SET name = 'renamed' WHERE id = 5");
                }
                TableChange rows = next(changes);
                assertFalse(rows.wholeTableChanged());
                assertEquals(List.of("item 5", "renamed"), rows.rows().stream().map(r -> r.get("name")).toList());
                assertEquals(Comparability.EXACT_NUMBER, rows.columns().get("id"));
                assertEquals(Comparability.EXACT_NUMBER, rows.columns().get("price"));
                assertEquals(Comparability.OTHER, rows.columns().get("at"));
                assertTrue(rows.columns().get("name") == Comparability.TEXT || rows.columns().get("name") == Comparability.TEXT_CODE_POINT_ORDER);

                // a change the tracker only sees by reading the times (here: before its notification is read)
                try (Connection c = db.adminConnection(); Statement s = c.createStatement()) {
                    s.executeUpdate("UPDATE items SET name = 'again' WHERE id = 6");
                }
                tracker.refresh();
                List<TableChange> seen = new ArrayList<>();
                TableChange first = next(changes);
                seen.add(first);
                assertTrue(first.wholeTableChanged() || first.rows().size() == 2, "either the notification or the refresh came first");
                if (!first.wholeTableChanged()) {
                    // the notification won the race; a refresh after it has nothing new to report
                    tracker.refresh();
                    assertNull(changes.poll(1, TimeUnit.SECONDS));
                } else {
                    // the refresh won: the late notification must not be reported again
                    assertNull(changes.poll(2, TimeUnit.SECONDS), "already reported as the whole table: " + seen);
                }
            }
        }
    }

    private static TableChange next(BlockingQueue<List<TableChange>> changes) throws InterruptedException {
        List<TableChange> batch = changes.poll(20, TimeUnit.SECONDS);
        assertNotNull(batch, "no change reported");
        assertEquals(1, batch.size(), batch.toString());
        assertEquals(TABLE, batch.get(0).table());
        return batch.get(0);
    }

    private static ChangeNotification one(Connection listen) throws Exception {
        PGNotification[] notes = listen.unwrap(PGConnection.class).getNotifications(10_000);
        assertNotNull(notes, "no notification");
        assertEquals(1, notes.length, () -> java.util.Arrays.stream(notes).map(PGNotification::getParameter).toList().toString());
        String payload = notes[0].getParameter();
        assertTrue(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8).length < 8000);
        return ChangeNotification.parse(payload).orElseThrow(() -> new AssertionError("not a version 1 payload: " + payload));
    }

    /** The tracker's reader connections (pg_listening_channels is per session, so ask pg_stat_activity). */
    private static int readerConnections(DemoDatabase db) throws Exception {
        try (Connection c = db.adminConnection(); Statement s = c.createStatement();
             var rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE usename = '" + db.readerUser() + "'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
