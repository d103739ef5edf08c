package org.gridstack.bench.squid;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The thesis's experiment 4 workload (seed 004, section 4.8): the queries a COOL client sends
 * through CORAL to open a conditions database, find a folder, describe its table, count its
 * channels and read the conditions valid at one time, in that order, against the schema of
 * {@code cool-schema.sql} (beside this class). The last query is the thesis's own example with
 * every column name quoted (COOL's on Oracle mixes quoted and bare upper-case names, which on
 * PostgreSQL fold to different identifiers); it returns 10,000 rows. CORAL described a table
 * from Oracle's data dictionary; here the same step reads {@code information_schema.columns}.
 * Every query has an {@code ORDER BY} or a unique key, so its answer is deterministic. Constants
 * only.
 */
final class CoolQueries {
    static final List<String> QUERIES = List.of(
            "select \"DB_ATTRIBUTE_NAME\", \"DB_ATTRIBUTE_VALUE\" from COOL_DB_ATTRIBUTES order by \"DB_ATTRIBUTE_NAME\"",
            "select \"NODE_ID\", \"NODE_PARENTID\", \"NODE_NAME\", \"NODE_FULLPATH\", \"NODE_DESCRIPTION\", \"NODE_ISLEAF\","
                    + " \"NODE_INSTIME\", \"FOLDER_VERSIONING\", \"FOLDER_PAYLOADSPEC\", \"FOLDER_IOVTABLENAME\", \"FOLDER_CHANNELTABLENAME\""
                    + " from COOL_NODES where \"NODE_FULLPATH\" = '/cond/f0001'",
            "select column_name, data_type, is_nullable from information_schema.columns"
                    + " where table_name = 'iov_f0001_iovs' order by ordinal_position",
            "select count(*), max(\"CHANNEL_ID\") from IOV_F0001_CHANNELS",
            "select \"OBJECT_ID\", \"CHANNEL_ID\", \"IOV_SINCE\", \"IOV_UNTIL\", \"USER_TAG_ID\", \"SYS_INSTIME\", \"ORIGINAL_ID\","
                    + " \"NEW_HEAD_ID\", \"X0\" from IOV_F0001_IOVS"
                    + " where ((\"IOV_SINCE\" <= 0 and 0 < \"IOV_UNTIL\") or (0 <= \"IOV_SINCE\" and \"IOV_SINCE\" <= 0))"
                    + " order by \"CHANNEL_ID\" asc, \"IOV_SINCE\" asc");

    /** Rows the interval-of-validity query returns (one interval per channel). */
    static final int IOV_ROWS = 10_000;

    private CoolQueries() {
    }

    /** The psql script that creates and fills the COOL-shaped tables. */
    static String schemaScript() {
        try (InputStream in = CoolQueries.class.getResourceAsStream("cool-schema.sql")) {
            if (in == null) {
                throw new IllegalStateException("cool-schema.sql is missing beside " + CoolQueries.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
