package org.gridstack.dqp.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import org.apache.calcite.rel.type.RelDataTypeField;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.gridstack.dqp.dataservice.DataServiceClient;
import org.gridstack.dqp.dataservice.TableDescription;
import org.junit.jupiter.api.Test;

/**
 * {@link PostgresOperators} types arithmetic and EXTRACT as PostgreSQL 15 resolves them (each rule
 * checked against PostgreSQL's {@code pg_typeof}), planned against a catalog of table descriptions
 * (no data service is asked).
 */
class TestPostgresOperators {
    private static final DataServiceClient SERVICE = new DataServiceClient(URI.create("http://127.0.0.1:9"),
            java.net.http.HttpClient.newHttpClient(), Duration.ofSeconds(1));
    private final QueryPlanner planner = new QueryPlanner(DistributedCatalog.of(List.of(
            new RemoteTable(SERVICE, new TableDescription("t", new BlockSchema(List.of(new Column("i", ColumnType.INTEGER, false),
                    new Column("s", ColumnType.SMALLINT, true), new Column("b", ColumnType.BIGINT, true),
                    new Column("r", ColumnType.REAL, true), new Column("n", ColumnType.DECIMAL, true),
                    new Column("d", ColumnType.DATE, true), new Column("tm", ColumnType.TIME, true))), 10)))));

    private List<String> types(String sql) {
        return planner.plan(sql).optimised().getRowType().getFieldList().stream().map(RelDataTypeField::getType)
                .map(t -> t.getSqlTypeName().getName()).toList();
    }

    @Test
    void realWithIntegersOrNumericIsDoublePrecision() {
        assertEquals(List.of("DOUBLE", "DOUBLE", "DOUBLE", "DOUBLE", "DOUBLE", "DOUBLE"),
                types("select r + i, s - r, r * b, r / n, i / r, r + 1.5 from t"));
        assertEquals(List.of("REAL", "REAL", "DOUBLE"), types("select r + r, -r, r + cast(1 as double precision) from t"));
    }

    @Test
    void dateArithmeticIsPostgresqls() {
        assertEquals(List.of("DATE", "DATE", "DATE", "DATE", "INTEGER"), types("select d + 1, 1 + d, d - s, s + d, d - d from t"));
        for (String sql : List.of("select d + b from t", "select d + n from t", "select i - d from t", "select d + d from t",
                "select d * 2 from t", "select d + r from t")) {
            SqlQueryException e = assertThrows(SqlQueryException.class, () -> planner.plan(sql), sql);
            assertTrue(e.getMessage().contains("is not supported by the engine"), e.getMessage());
        }
    }

    @Test
    void extractTakesTheEpochOfATimeAndRefusesTimeOfDayUnitsOfADate() {
        assertEquals(List.of("DECIMAL", "DECIMAL", "DECIMAL"), types("select extract(epoch from tm), extract(epoch from d),"
                + " extract(day from d) from t"));
        for (String unit : List.of("hour", "minute", "second")) {
            String sql = "select extract(" + unit + " from d) from t";
            SqlQueryException e = assertThrows(SqlQueryException.class, () -> planner.plan(sql), sql);
            assertTrue(e.getMessage().contains("is not supported by the engine"), e.getMessage());
        }
    }
}
