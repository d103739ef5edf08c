package org.gridstack.bench.frontier;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import org.gridstack.frontier.demo.DemoDatabase;
import org.gridstack.frontier.demo.PsqlScript;
import org.gridstack.testing.FrontierGoldenVectors;

/**
 * The data the benchmark queries: the golden vectors' {@code schema.sql} (the psql script that
 * created the production captures' database, kept in the {@code testing} module), loaded the way
 * the servlet's {@code --frontier.demo-schema} loads it. Its {@code T_STRING} equals
 * {@link TStringData#rows()}. Immutable.
 */
public final class BenchmarkDataset {
    private final PsqlScript script;

    private BenchmarkDataset(PsqlScript script) {
        this.script = Objects.requireNonNull(script, "script is null");
    }

    /** The golden vectors' schema. */
    public static BenchmarkDataset golden() {
        return new BenchmarkDataset(PsqlScript.parse(FrontierGoldenVectors.schemaScript(), "golden schema.sql", DemoDatabase.DATABASE));
    }

    public String description() {
        return "the golden vectors' schema.sql (" + FrontierGoldenVectors.FOLDER + ")";
    }

    /** Creates the tables in the database {@code admin} is connected to (as their owner, in auto-commit mode). */
    public void load(Connection admin) throws SQLException {
        Objects.requireNonNull(admin, "admin is null");
        script.run(admin);
    }
}
