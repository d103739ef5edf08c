package org.gridstack.dqp.dataservice;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.ColumnType;
import org.gridstack.dqp.demo.DemoDataGenerator;
import org.gridstack.dqp.demo.DemoDatabase;
import org.gridstack.dqp.demo.DemoTable;
import org.gridstack.dqp.evaluator.operator.QueryContext;
import org.gridstack.dqp.evaluator.operator.TableScanOperator;
import org.gridstack.dqp.web.RunningService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A data service over real HTTP on an embedded PostgreSQL with demo host B's tables: its catalog,
 * the three delivery modes in both codecs compared with JDBC's own answer, pushed-down projection
 * and filters, and its errors.
 */
class TestDataService {
    private static DemoDatabase db;
    private static DataService service;
    private static RunningService http;
    private static DataServiceClient client;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        db = DemoDatabase.start(DemoTable.HOST_B, new DemoDataGenerator());
        service = DataService.open(new DataServiceSettings("host-b", db.jdbcUrl(), DemoDatabase.READER, db.readerPassword(),
                3, Duration.ofSeconds(60), 10_000, 1_000, Duration.ofMinutes(1)));
        http = DataServiceApplication.start(service, 0);
        client = new DataServiceClient(http.baseUri(), HTTP, Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() throws Exception {
        if (http != null) {
            http.close();
        }
        if (service != null) {
            service.close();
        }
        if (db != null) {
            db.close();
        }
    }

    @AfterEach
    void nothingLeaks() throws InterruptedException {
        // a synchronous scan's server side closes its cursor just after the client read the last byte
        for (int i = 0; i < 100 && (service.sessions().size() > 0 || service.activeConnections() > 0); i++) {
            Thread.sleep(100);
        }
        assertEquals(0, service.sessions().size(), "open sessions");
        assertEquals(0, service.activeConnections(), "connections lent out");
    }

    @Test
    void catalogListsTablesAndTypes() throws Exception {
        List<TableDescription> tables = client.tables();
        assertEquals(List.of("annotations", "protein_interaction", "protein_sequences"),
                tables.stream().map(TableDescription::name).toList());
        TableDescription annotations = tables.get(0);
        assertEquals(List.of("id", "orf"), annotations.schema().names());
        assertEquals(List.of(new TableDescription.UnsupportedColumn("attributes", "jsonb")), annotations.unsupported(),
                "a column of a type the engine does not carry is listed by name, not hidden");
        TableDescription sequences = tables.get(2);
        assertEquals(List.of("orf", "sequence", "length", "molecularweight", "ismembrane", "description"), sequences.schema().names());
        assertEquals(List.of(ColumnType.VARCHAR, ColumnType.VARCHAR, ColumnType.INTEGER, ColumnType.DOUBLE, ColumnType.BOOLEAN,
                ColumnType.VARCHAR), sequences.schema().columns().stream().map(c -> c.type()).toList());
        assertTrue(sequences.estimatedRows() > 0);
    }

    @Test
    void aggregatesRunInTheDatabase() throws Exception {
        ScanRequest request = new ScanRequest("protein_interaction", List.of("experimenter"),
                List.of(new ScanFilter("repeats", FilterOperator.GT, 1)), "binary", List.of(
                        new ScanAggregate("COUNT", null, false), new ScanAggregate("SUM", "repeats", false),
                        new ScanAggregate("AVG", "repeats", false), new ScanAggregate("COUNT", "orf1", true)));
        List<Object[]> expected = jdbc("select experimenter, count(*), sum(repeats), avg(repeats), count(distinct orf1)"
                + " from protein_interaction where repeats > 1 group by experimenter");
        List<Object[]> actual = new ArrayList<>();
        try (RemoteScan scan = client.streamScan(request, 100)) {
            assertEquals(List.of(ColumnType.VARCHAR, ColumnType.BIGINT, ColumnType.BIGINT, ColumnType.DECIMAL, ColumnType.BIGINT),
                    scan.schema().columns().stream().map(c -> c.type()).toList());
            List<Object[]> block;
            while ((block = scan.nextBlock()) != null) {
                actual.addAll(block);
            }
        }
        assertEquals(expected.size(), actual.size());
        java.util.Comparator<Object[]> byFirst = java.util.Comparator.comparing(r -> String.valueOf(r[0]));
        expected.sort(byFirst);
        actual.sort(byFirst);
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i)[0], actual.get(i)[0]);
            assertEquals(((Number) expected.get(i)[1]).longValue(), actual.get(i)[1]);
            assertEquals(0, new java.math.BigDecimal(expected.get(i)[3].toString()).compareTo((java.math.BigDecimal) actual.get(i)[3]));
        }
    }

    @Test
    void joinsRunInTheDatabase() throws Exception {
        // both tables have orf: the joined table's columns follow the first table's, names may repeat
        ScanRequest request = new ScanRequest("protein_interaction", List.of("orf", "repeats"),
                List.of(new ScanFilter("repeats", FilterOperator.GT, 2)), "binary", List.of(),
                List.of(new ScanJoin("protein_sequences", List.of("orf", "length"), List.of(new ScanFilter("ismembrane", FilterOperator.EQ, true)),
                        List.of("orf2"), List.of("orf"))));
        List<Object[]> expected = jdbc("select i.orf, i.repeats, s.orf, s.length from protein_interaction i join protein_sequences s"
                + " on i.orf2 = s.orf where i.repeats > 2 and s.ismembrane");
        List<Object[]> actual = new ArrayList<>();
        try (RemoteScan scan = client.streamScan(request, 100)) {
            assertEquals(List.of("orf", "repeats", "orf", "length"), scan.schema().names());
            List<Object[]> block;
            while ((block = scan.nextBlock()) != null) {
                actual.addAll(block);
            }
        }
        assertTrue(expected.size() > 0, "the join has rows");
        java.util.Comparator<Object[]> order = java.util.Comparator.comparing(r -> java.util.Arrays.toString(r));
        expected.sort(order);
        actual.sort(order);
        assertEquals(expected.stream().map(java.util.Arrays::toString).toList(), actual.stream().map(java.util.Arrays::toString).toList());
        DataServiceException types = assertThrows(DataServiceException.class, () -> client.scanSynchronously(new ScanRequest(
                "protein_interaction", List.of("orf"), List.of(), "binary", List.of(),
                List.of(new ScanJoin("protein_sequences", List.of("orf"), List.of(), List.of("orf"), List.of("length"))))));
        assertTrue(types.getMessage().contains("not of one type"), types.getMessage());
        DataServiceException table = assertThrows(DataServiceException.class, () -> client.scanSynchronously(new ScanRequest(
                "protein_interaction", List.of("orf"), List.of(), "binary", List.of(),
                List.of(new ScanJoin("goterms", List.of("id"), List.of(), List.of("orf"), List.of("id"))))));
        assertTrue(table.getMessage().contains("unknown table 'goterms'"), table.getMessage());
    }

    @ParameterizedTest(name = "{0} {1} block {2}")
    @CsvSource({"sync, webrowset, 0", "sync, binary, 0", "async, binary, 1", "async, webrowset, 1",
        "async, binary, 100", "async, webrowset, 130", "async, binary, 5000",
        "stream, binary, 1", "stream, binary, 100", "stream, webrowset, 130", "stream, binary-zstd, 100", "stream, binary, 5000"})
    void everyModeReturnsWhatJdbcReturns(String mode, String codec, int blockSize) throws Exception {
        List<Object[]> expected = jdbc("select orf, orf1, orf2, baitprotein, interactiontype, repeats, experimenter"
                + " from protein_interaction" + (blockSize == 1 ? " where repeats = 3" : ""));
        ScanRequest request = new ScanRequest("protein_interaction", List.of(),
                blockSize == 1 ? List.of(new ScanFilter("repeats", FilterOperator.EQ, 3)) : List.of(), codec);
        List<Object[]> actual = new ArrayList<>();
        long blocks;
        try (RemoteScan scan = mode.equals("sync") ? client.scanSynchronously(request)
                : mode.equals("stream") ? client.streamScan(request, blockSize) : client.openScan(request, blockSize)) {
            List<Object[]> block;
            while ((block = scan.nextBlock()) != null) {
                assertTrue(blockSize == 0 || block.size() <= blockSize, "block of " + block.size());
                if (mode.equals("stream") && block.size() < blockSize) {
                    assertTrue(actual.size() + block.size() == expected.size(), "only the last streamed block is short");
                }
                actual.addAll(block);
            }
            blocks = scan.blocks();
        }
        assertRowsEqual(expected, actual);
        if (blockSize > 0) {
            assertTrue(blocks >= (expected.size() + blockSize - 1) / blockSize, blocks + " blocks");
        }
    }

    @ParameterizedTest
    @CsvSource({"true, binary, 100", "false, binary, 100", "false, webrowset, 130", "false, binary-zstd, 7"})
    void tableScanWithAndWithoutItsReaderThreadReturnsWhatJdbcReturns(boolean readerThread, String codec, int blockSize) throws Exception {
        List<Object[]> expected = jdbc("select orf, orf1, orf2, baitprotein, interactiontype, repeats, experimenter from protein_interaction");
        ScanRequest request = new ScanRequest("protein_interaction", List.of(), List.of(), codec);
        BlockSchema schema = client.tables().stream().filter(t -> t.name().equals("protein_interaction")).findFirst().orElseThrow().schema();
        QueryContext context = new QueryContext(Duration.ofSeconds(30));
        List<Object[]> actual = new ArrayList<>();
        long threadsBefore = scanThreads();
        try (TableScanOperator scan = readerThread ? new TableScanOperator(client, request, blockSize, schema, context)
                : TableScanOperator.onCallerThread(client, request, blockSize, schema, context)) {
            List<Object[]> block;
            while ((block = scan.nextBlock()) != null) {
                assertTrue(block.size() <= blockSize, "block of " + block.size());
                if (!readerThread) {
                    assertEquals(threadsBefore, scanThreads(), "no TABLE_SCAN thread of its own");
                }
                actual.addAll(block);
            }
            assertEquals(null, scan.nextBlock(), "stays ended");
        }
        assertRowsEqual(expected, actual);
        assertEquals((expected.size() + blockSize - 1) / blockSize, context.blocksFromDataServices.get());
        assertEquals(expected.size(), context.rowsFromDataServices.get());
        assertTrue(context.dataServiceAccessNanos.get() > 0);
    }

    @Test
    void tableScanOnTheCallersThreadClosedEarlyFreesTheSession() throws Exception {
        // every column of the 7,000 sequences (4.5 MB): more than the hops' buffers hold, so the service is still
        // writing when the reader stops (the orf column alone, 70 kB, is sent whole within milliseconds)
        ScanRequest request = ScanRequest.all("protein_sequences");
        BlockSchema schema = client.tables().stream().filter(t -> t.name().equals("protein_sequences")).findFirst().orElseThrow().schema();
        try (TableScanOperator scan = TableScanOperator.onCallerThread(client, request, 10, schema, new QueryContext(Duration.ofSeconds(30)))) {
            assertEquals(10, scan.nextBlock().size());
            assertEquals(1, service.sessions().size(), "the streaming session is open while the stream is read");
        }
        assertAbandonedStreamFreed();
    }

    /** Within 10 s of a reader abandoning a stream, its session and database connection are gone. */
    private void assertAbandonedStreamFreed() throws InterruptedException {
        for (int i = 0; i < 100 && (service.sessions().size() > 0 || service.activeConnections() > 0); i++) {
            Thread.sleep(100);
        }
        assertEquals(0, service.sessions().size(), "the abandoned stream's session");
        assertEquals(0, service.activeConnections(), "the abandoned stream's database connection");
    }

    private static long scanThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("dqp-table-scan-")).count();
    }

    @Test
    void streamedScanClosedEarlyStopsTheServiceAndFreesItsSession() throws Exception {
        // 7,000 long sequences (4.5 MB) in blocks of 10: more than the TCP buffers hold, so the service is still writing
        ScanRequest request = new ScanRequest("protein_sequences", List.of(), List.of(), "binary");
        try (RemoteScan scan = client.streamScan(request, 10)) {
            assertEquals(10, scan.nextBlock().size());
            assertEquals(10, scan.nextBlock().size());
            assertEquals(1, service.sessions().size(), "the streaming session is open while the stream is read");
        }
        assertAbandonedStreamFreed();
        // the service still answers
        try (RemoteScan scan = client.streamScan(new ScanRequest("protein_interaction", List.of("orf"), List.of(), "binary"), 1000)) {
            int rows = 0;
            List<Object[]> block;
            while ((block = scan.nextBlock()) != null) {
                rows += block.size();
            }
            assertEquals(jdbc("select orf from protein_interaction").size(), rows);
        }
    }

    @Test
    void streamedScanOfAnUnknownTableIsAnErrorNamingTheService() {
        DataServiceException e = assertThrows(DataServiceException.class,
                () -> client.streamScan(new ScanRequest("no_such_table", List.of(), List.of(), "binary"), 100));
        assertEquals(400, e.httpStatus());
        assertTrue(e.getMessage().contains(http.baseUri().toString()) && e.getMessage().contains("protein_interaction"), e.getMessage());
    }

    @Test
    void projectionAndFiltersArePushedDown() throws Exception {
        ScanRequest request = new ScanRequest("protein_sequences", List.of("ORF", "length", "description"),
                List.of(new ScanFilter("orf", FilterOperator.LIKE, "YCL0%"), new ScanFilter("length", FilterOperator.GE, "500"),
                        new ScanFilter("description", FilterOperator.IS_NULL, null)), "binary");
        List<Object[]> actual = new ArrayList<>();
        try (RemoteScan scan = client.openScan(request, 7)) {
            assertEquals(List.of("orf", "length", "description"), scan.schema().names());
            List<Object[]> block;
            while ((block = scan.nextBlock()) != null) {
                actual.addAll(block);
            }
        }
        assertRowsEqual(jdbc("select orf, length, description from protein_sequences"
                + " where orf like 'YCL0%' and length >= 500 and description is null"), actual);
        assertTrue(!actual.isEmpty());
    }

    @Test
    void unknownTableListsTheTables() {
        DataServiceException e = assertThrows(DataServiceException.class,
                () -> client.openScan(ScanRequest.all("protein_goterm"), 10));
        assertEquals(400, e.httpStatus());
        assertTrue(e.getMessage().contains("unknown table 'protein_goterm'") && e.getMessage().contains("protein_interaction, protein_sequences"),
                e.getMessage());
        assertTrue(e.getMessage().contains(http.baseUri().toString()), "names the service: " + e.getMessage());
    }

    @Test
    void unknownColumnAndBadValueAreExplained() {
        DataServiceException column = assertThrows(DataServiceException.class, () -> client.scanSynchronously(
                new ScanRequest("protein_sequences", List.of("seq"), List.of(), null)));
        assertTrue(column.getMessage().contains("no column 'seq'") && column.getMessage().contains("orf, sequence, length"),
                column.getMessage());
        DataServiceException value = assertThrows(DataServiceException.class, () -> client.openScan(
                new ScanRequest("protein_sequences", List.of(), List.of(new ScanFilter("length", FilterOperator.GT, "long")), null), 1));
        assertEquals(400, value.httpStatus());
        assertTrue(value.getMessage().contains("does not fit column length"), value.getMessage());
    }

    @Test
    void serviceStoppedMidStreamFailsTheScanNamingIt() throws Exception {
        DataService second = DataService.open(new DataServiceSettings("host-b-2", db.jdbcUrl(), DemoDatabase.READER, db.readerPassword(),
                3, Duration.ofSeconds(60), 10_000, 1_000, Duration.ofMinutes(1)));
        try (second; RunningService secondHttp = DataServiceApplication.start(second, 0)) {
            String name = secondHttp.baseUri().toString();
            DataServiceClient secondClient = new DataServiceClient(secondHttp.baseUri(), HTTP, Duration.ofSeconds(30));
            try (RemoteScan scan = secondClient.streamScan(ScanRequest.all("protein_sequences"), 10)) {
                assertEquals(10, scan.nextBlock().size());
                // 4.5 MB: the service is blocked writing, not done
                assertEquals(1, second.sessions().size(), "the streaming session is open while the stream is read");
                secondHttp.close();
                DataServiceException e = assertThrows(DataServiceException.class, () -> {
                    while (scan.nextBlock() != null) {
                        // the rows the buffers still held
                    }
                });
                assertTrue(e.getMessage().contains(name), "names the service: " + e.getMessage());
            }
        }
    }

    @Test
    void sessionsAreBoundedAndAbandonedOnesAreClosed() throws Exception {
        List<RemoteScan> open = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                open.add(client.openScan(ScanRequest.all("protein_sequences"), 10));
            }
            open.get(0).nextBlock();
            DataServiceException e = assertThrows(DataServiceException.class,
                    () -> client.openScan(ScanRequest.all("protein_sequences"), 10));
            assertEquals(503, e.httpStatus());
        } finally {
            open.forEach(RemoteScan::close);
        }
    }

    @Test
    void badBlockSizeAndUnknownSessionAreErrors() throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(http.baseUri() + "/gds/v1/sessions/nope/block?size=10"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, r.statusCode());
        assertTrue(r.body().contains("no open scan session nope"), r.body());
        try (RemoteScan scan = client.openScan(ScanRequest.all("protein_sequences"), 100_000)) {
            DataServiceException e = assertThrows(DataServiceException.class, scan::nextBlock);
            assertTrue(e.getMessage().contains("outside 1..10000"), e.getMessage());
        }
        HttpResponse<String> garbage = HTTP.send(HttpRequest.newBuilder(URI.create(http.baseUri() + "/gds/v1/sessions"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"table\": \"protein_sequences\", \"codec\": \"json\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, garbage.statusCode());
        assertTrue(garbage.body().contains("unknown codec"), garbage.body());
    }

    static void assertRowsEqual(List<Object[]> expected, List<Object[]> actual) {
        assertEquals(expected.size(), actual.size(), "rows");
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), actual.get(i), "row " + i);
        }
    }

    private static List<Object[]> jdbc(String sql) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        try (Connection c = db.superuserConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Object[] row = new Object[n];
                for (int i = 0; i < n; i++) {
                    row[i] = rs.getObject(i + 1);
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
