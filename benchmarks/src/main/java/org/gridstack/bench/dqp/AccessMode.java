package org.gridstack.bench.dqp;

import java.util.List;
import java.util.Arrays;

/**
 * How a query's rows are fetched: seed 003's access modes (direct JDBC, the data service
 * synchronous, asynchronous tuple by tuple, asynchronous in blocks, the full DQP query) and the
 * peers of issue 12 for the cross-database Join (PostgreSQL with postgres_fdw, Calcite's JDBC
 * adapter federating both databases). Immutable.
 */
public enum AccessMode {
    JDBC("direct JDBC", "the database itself; the Join in one database holding both tables (the seed's GDS join ran in one MySQL)"),
    GDS_SYNC("data service, synchronous", "one WebRowSet document"),
    GDS_TUPLE("data service, tuple by tuple", "asynchronous, one WebRowSet tuple per request"),
    GDS_BLOCKS("data service, blocks of 100", "asynchronous, WebRowSet blocks of 100 tuples"),
    DQP_WEBROWSET("DQP, WebRowSet", "coordinator, evaluator beside the data service, EXCHANGE in WebRowSet blocks of 100"),
    DQP_BINARY("DQP, Arrow", "coordinator, evaluator beside the data service, EXCHANGE in Arrow blocks of 100 (the default codec)"),
    DQP_ZSTD("DQP, Arrow+ZSTD", "as DQP, Arrow, with ZSTD-compressed Arrow buffers (codec binary-zstd)"),
    POSTGRES_FDW("postgres_fdw", "host A's PostgreSQL joining host B's table through postgres_fdw (peer)"),
    CALCITE_JDBC("Calcite JdbcSchema", "Calcite's JDBC adapter over both databases, joined in Calcite (peer)");

    private final String label;
    private final String description;

    AccessMode(String label, String description) {
        this.label = label;
        this.description = description;
    }

    public String label() {
        return label;
    }

    public String description() {
        return description;
    }

    /**
     * Whether the mode is measured for {@code query}: the data service modes scan one table, so not
     * the Join; postgres_fdw is the Join's peer only (for a scan it would be JDBC again).
     */
    public boolean answers(SeedQuery query) {
        return switch (this) {
            case GDS_SYNC, GDS_TUPLE, GDS_BLOCKS -> query != SeedQuery.JOIN;
            case POSTGRES_FDW -> query == SeedQuery.JOIN;
            default -> true;
        };
    }

    /** The modes measured for {@code query}, in report order. */
    public static List<AccessMode> forQuery(SeedQuery query) {
        return Arrays.stream(values()).filter(m -> m.answers(query)).toList();
    }
}
