package org.gridstack.bench.frontier;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import java.util.Optional;

/**
 * The data the benchmark queries: the golden vectors' {@code schema.sql} (the plain SQL after its
 * psql {@code \connect} line) when {@code shared/} is there, else an equivalent {@code T_STRING}
 * generated here ({@link TStringData}). Immutable.
 */
public final class BenchmarkDataset {
    static final String SCHEMA = "vectors/frontier/schema.sql";

    private final String description;
    private final String schemaSql; // null: generate T_STRING

    private BenchmarkDataset(String description, String schemaSql) {
        this.description = Objects.requireNonNull(description, "description is null");
        this.schemaSql = schemaSql;
    }

    /** The shared schema if {@code sharedDir} holds it, else the generated table. */
    public static BenchmarkDataset locate(Optional<Path> sharedDir) {
        Objects.requireNonNull(sharedDir, "sharedDir is null");
        Optional<Path> schema = sharedDir.map(d -> d.resolve(SCHEMA)).filter(Files::isReadable);
        return schema.map(BenchmarkDataset::fromSchemaFile).orElseGet(BenchmarkDataset::generated);
    }

    /** Only {@code T_STRING}, computed in Java; identical to the shared table's rows. */
    public static BenchmarkDataset generated() {
        return new BenchmarkDataset("T_STRING generated in Java (" + TStringData.ROWS + " rows; shared/ not found)", null);
    }

    static BenchmarkDataset fromSchemaFile(Path file) {
        String all;
        try {
            all = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return new BenchmarkDataset(file.toString() + " (after its \\connect line)", plainSqlAfterConnect(all, file));
    }

    /** The psql script's part after its {@code \connect} line, which is plain SQL a JDBC statement runs. */
    static String plainSqlAfterConnect(String script, Path file) {
        int at = script.indexOf("\n\\connect");
        if (at < 0) {
            throw new IllegalStateException(file + " has no \\connect line; expected the psql script of the golden vectors");
        }
        int lineEnd = script.indexOf('\n', at + 1);
        return lineEnd < 0 ? "" : script.substring(lineEnd + 1);
    }

    public String description() {
        return description;
    }

    /** Creates the tables in the database {@code admin} is connected to (as their owner). */
    public void load(Connection admin) throws SQLException {
        Objects.requireNonNull(admin, "admin is null");
        if (schemaSql != null) {
            try (Statement s = admin.createStatement()) {
                s.execute(schemaSql);
            }
            return;
        }
        boolean autoCommit = admin.getAutoCommit();
        admin.setAutoCommit(false);
        try (Statement s = admin.createStatement();
             PreparedStatement insert = admin.prepareStatement("INSERT INTO T_STRING (string) VALUES (?)")) {
            s.execute(TStringData.TABLE_DDL);
            for (String row : TStringData.rows()) {
                insert.setString(1, row);
                insert.addBatch();
            }
            insert.executeBatch();
            s.execute("ANALYZE T_STRING");
            admin.commit();
        } finally {
            admin.setAutoCommit(autoCommit);
        }
    }
}
