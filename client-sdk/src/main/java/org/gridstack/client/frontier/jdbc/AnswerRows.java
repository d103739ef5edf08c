package org.gridstack.client.frontier.jdbc;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.List;
import java.util.Objects;
import org.gridstack.client.frontier.FrontierResult;

/** The rows of a FroNtier answer: every call goes straight to the {@link FrontierResult}. Immutable. */
final class AnswerRows implements ResultRows {
    private final FrontierResult result;

    AnswerRows(FrontierResult result) {
        this.result = Objects.requireNonNull(result, "result is null");
    }

    @Override
    public List<String> columnNames() {
        return result.columnNames();
    }

    @Override
    public List<String> typeNames() {
        return result.typeNames();
    }

    @Override
    public int rowCount() {
        return result.rowCount();
    }

    @Override
    public int columnIndex(String name) {
        return result.columnIndex(name);
    }

    @Override
    public boolean isNull(int row, int column) {
        return result.isNull(row, column);
    }

    @Override
    public String getString(int row, int column) {
        return result.getString(row, column);
    }

    @Override
    public long getLong(int row, int column) {
        return result.getLong(row, column);
    }

    @Override
    public int getInt(int row, int column) {
        return result.getInt(row, column);
    }

    @Override
    public double getDouble(int row, int column) {
        return result.getDouble(row, column);
    }

    @Override
    public BigDecimal getBigDecimal(int row, int column) {
        return result.getBigDecimal(row, column);
    }

    @Override
    public byte[] getBytes(int row, int column) {
        return result.getBytes(row, column);
    }

    @Override
    public Timestamp getTimestamp(int row, int column) {
        return result.getTimestamp(row, column);
    }

    @Override
    public Object getObject(int row, int column) {
        return result.getObject(row, column);
    }

    @Override
    public FrontierResult answer() {
        return result;
    }

    @Override
    public String describe() {
        return result.rowCount() + " rows x " + result.columnCount() + " columns from " + result.origin().describe();
    }
}
