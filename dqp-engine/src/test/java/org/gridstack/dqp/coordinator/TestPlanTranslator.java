package org.gridstack.dqp.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.gridstack.dqp.dataservice.DataServiceClient;
import org.gridstack.dqp.dataservice.TableDescription;
import org.gridstack.dqp.evaluator.expression.UnsupportedSqlException;
import org.gridstack.dqp.evaluator.operator.Operator;
import org.gridstack.dqp.evaluator.operator.QueryContext;
import org.junit.jupiter.api.Test;

/**
 * {@link PlanTranslator} builds the operators a plan needs, with pushed-down filters and aggregates,
 * and refuses what it does not run, naming it. Planned against a catalog of table descriptions
 * (no data service is asked: operators are built, never pulled).
 */
class TestPlanTranslator {
    private static final DataServiceClient SERVICE = new DataServiceClient(URI.create("http://127.0.0.1:9"),
            java.net.http.HttpClient.newHttpClient(), Duration.ofSeconds(1));
    private final QueryPlanner planner = new QueryPlanner(DistributedCatalog.of(List.of(
            new RemoteTable(SERVICE, new TableDescription("t", new BlockSchema(List.of(new Column("id", ColumnType.INTEGER, false),
                    new Column("name", ColumnType.VARCHAR, true), new Column("amount", ColumnType.DECIMAL, true))), 1000,
                    List.of(new TableDescription.UnsupportedColumn("doc", "jsonb")))),
            new RemoteTable(SERVICE, new TableDescription("u", new BlockSchema(List.of(new Column("id", ColumnType.INTEGER, false),
                    new Column("d", ColumnType.DATE, true))), 10)))));

    private String operators(String sql) {
        Operator root = new PlanTranslator(new PlanTranslator.Options(100, 0, "binary", List.of(), 1, null),
                new QueryContext(Duration.ofSeconds(5))).translate(planner.plan(sql).optimised());
        try {
            return tree(root, "");
        } finally {
            root.close();
        }
    }

    private static String tree(Operator op, String indent) {
        StringBuilder out = new StringBuilder(indent).append(op.describe()).append('\n');
        for (Operator input : op.inputs()) {
            out.append(tree(input, indent + "  "));
        }
        return out.toString();
    }

    @Test
    void filtersPushDownAndTheRestStaysAbove() {
        String plan = operators("select name from t where id = 3 and upper(name) = 'X'");
        assertTrue(plan.contains("TABLE_SCAN(t") && plan.contains("op=EQ, value=3"), plan);
        assertTrue(plan.contains("SELECT"), plan);
    }

    @Test
    void aggregatesOfOneTablePushDown() {
        String plan = operators("select name, count(*), sum(amount) from t where id > 5 group by name");
        assertTrue(plan.startsWith("TABLE_SCAN(t") && plan.contains("aggregates"), plan);
        assertTrue(!plan.contains("AGGREGATE("), plan);
        String count = operators("select count(*) from t");
        assertTrue(count.startsWith("TABLE_SCAN(t") && count.contains("aggregates"), count + "\n" + planner.plan("select count(*) from t")
                .optimised().explain());
    }

    @Test
    void joinsAndSetOperationsAreBuilt() {
        assertTrue(operators("select t.name, u.d from t full join u on t.id = u.id and t.name > 'x'").contains("HASH_JOIN(FULL"));
        assertTrue(operators("select id from t union select id from u").contains("UNION"));
        assertTrue(operators("select id from t intersect all select id from u").contains("INTERSECT ALL"));
        // an IN sub-query of the same data service joins its distinct rows there; NOT EXISTS is joined by the engine
        String in = operators("select id from t where id in (select id from u where id > 2)");
        assertTrue(in.contains("distinctOn=[id]") && !in.contains("HASH_JOIN"), in);
        assertTrue(operators("select id from t where not exists (select 1 from u where u.id = t.id)").contains("HASH_JOIN"));
    }

    @Test
    void innerEquiJoinsOfOneServicesTablesArePushedDown() {
        String pushed = operators("select t.name, u.d from t join u on t.id = u.id where u.id > 3");
        assertTrue(pushed.contains("joined with ScanJoin[table=u") && !pushed.contains("HASH_JOIN"), pushed);
        // outer joins, several tables and aggregates over them too; conditions other than column = column are joined by the engine
        String left = operators("select t.name, u.d from t left join u on t.id = u.id");
        assertTrue(left.contains("type=LEFT") && !left.contains("HASH_JOIN"), left);
        String three = operators("select t.name, count(*) from t join u on t.id = u.id join t t2 on t2.name = t.name group by t.name");
        assertTrue(three.contains("aggregates") && three.split("joined with", -1).length == 3 && !three.contains("HASH_JOIN")
                && !three.contains("AGGREGATE("), three);
        assertTrue(operators("select t.name, u.d from t join u on t.id = u.id + 1").contains("HASH_JOIN"));
        assertTrue(operators("select t.name, u.d from t join u on t.id < u.id").contains("HASH_JOIN"));
    }

    @Test
    void uncarriedColumnsAreRefusedByName() {
        UnsupportedSqlException e = assertThrows(UnsupportedSqlException.class, () -> operators("select * from t"));
        assertTrue(e.getMessage().contains("doc") && e.getMessage().contains("jsonb"), e.getMessage());
        assertEquals(false, operators("select id, name from t").contains("doc"));
    }

    @Test
    void windowFunctionsAreRefusedByName() {
        UnsupportedSqlException e = assertThrows(UnsupportedSqlException.class, () -> operators("select rank() over (order by id) from t"));
        assertTrue(e.getMessage().contains("Window") || e.getMessage().contains("RANK"), e.getMessage());
    }
}
