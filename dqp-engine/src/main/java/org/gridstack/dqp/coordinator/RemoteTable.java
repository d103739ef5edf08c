package org.gridstack.dqp.coordinator;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.gridstack.dqp.block.Column;
import org.gridstack.dqp.block.ColumnType;
import org.gridstack.dqp.dataservice.DataServiceClient;
import org.gridstack.dqp.dataservice.TableDescription;

/**
 * A data service's table as Calcite sees it: its row type, its row-count estimate (for join
 * ordering) and the fact that it accepts pushed-down projections and filters
 * ({@link ProjectableFilterableTable}, so Calcite's rules fold them into the scan). Calcite only
 * plans with it: the plan is run by the engine's own operators, so {@link #scan} is never called.
 * Immutable; thread-safe.
 */
@ThreadSafe
public final class RemoteTable extends AbstractTable implements ProjectableFilterableTable {
    private final DataServiceClient service;
    private final TableDescription description;

    public RemoteTable(DataServiceClient service, TableDescription description) {
        this.service = requireNonNull(service, "service is null");
        this.description = requireNonNull(description, "description is null");
    }

    /** The data service that holds the table. */
    public DataServiceClient service() {
        return service;
    }

    public TableDescription description() {
        return description;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder builder = typeFactory.builder();
        for (Column c : description.schema().columns()) {
            builder.add(c.name(), typeFactory.createTypeWithNullability(sqlType(typeFactory, c.type()), c.nullable()));
        }
        // after the carried columns, so that their positions stay those of the data service's schema;
        // the translator refuses a scan that reads one, naming it
        for (TableDescription.UnsupportedColumn u : description.unsupported()) {
            builder.add(u.name(), typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.ANY), true));
        }
        return builder.build();
    }

    /** The Calcite type of values of wire type {@code type}. */
    static RelDataType sqlType(RelDataTypeFactory typeFactory, ColumnType type) {
        return switch (type) {
            case VARCHAR -> typeFactory.createSqlType(SqlTypeName.VARCHAR);
            case SMALLINT -> typeFactory.createSqlType(SqlTypeName.SMALLINT);
            case INTEGER -> typeFactory.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> typeFactory.createSqlType(SqlTypeName.BIGINT);
            case REAL -> typeFactory.createSqlType(SqlTypeName.REAL);
            case DOUBLE -> typeFactory.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> typeFactory.createSqlType(SqlTypeName.DECIMAL, PostgresTypeSystem.NUMERIC_PRECISION, 0);
            case BOOLEAN -> typeFactory.createSqlType(SqlTypeName.BOOLEAN);
            case DATE -> typeFactory.createSqlType(SqlTypeName.DATE);
            case TIME -> typeFactory.createSqlType(SqlTypeName.TIME, 6);
            case TIMESTAMP -> typeFactory.createSqlType(SqlTypeName.TIMESTAMP, 6);
            case TIMESTAMPTZ -> typeFactory.createSqlType(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, 6);
            case BYTEA -> typeFactory.createSqlType(SqlTypeName.VARBINARY);
        };
    }

    @Override
    public Statistic getStatistic() {
        return Statistics.of(Math.max(1, description.estimatedRows()), List.of());
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root, List<RexNode> filters, int[] projects) {
        throw new UnsupportedOperationException("remote tables are read by the engine's TABLE_SCAN operator, not by Calcite");
    }
}
