package org.gridstack.client.frontier.jdbc;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.List;
import org.gridstack.client.frontier.FrontierResult;

/**
 * The rows a {@link FrontierResultSet} reads: a FroNtier answer ({@link AnswerRows}) or a
 * DatabaseMetaData answer built in memory ({@link MetadataTable}). Rows and columns count from 0;
 * typed getters are only called for non-NULL values and throw IllegalArgumentException (or
 * IllegalStateException) when a value does not convert, which the result set reports as an
 * SQLException.
 */
interface ResultRows {
    List<String> columnNames();

    /** SQL type names, as in an answer's header record ({@code int4}, {@code varchar}...); see SqlTypes. */
    List<String> typeNames();

    int rowCount();

    /** The index of a column name (case-insensitive), or -1. */
    int columnIndex(String name);

    boolean isNull(int row, int column);

    /** The value as text, null for NULL. */
    String getString(int row, int column);

    long getLong(int row, int column);

    int getInt(int row, int column);

    double getDouble(int row, int column);

    BigDecimal getBigDecimal(int row, int column);

    byte[] getBytes(int row, int column);

    Timestamp getTimestamp(int row, int column);

    Object getObject(int row, int column);

    /** The FroNtier answer behind these rows ({@code unwrap(FrontierResult.class)}), or null. */
    FrontierResult answer();

    /** Where the rows came from, for toString. */
    String describe();
}
