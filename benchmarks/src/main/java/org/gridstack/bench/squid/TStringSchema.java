package org.gridstack.bench.squid;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gridstack.testing.FrontierGoldenVectors;

/**
 * The servlet's demo schema for the benchmark: the golden vectors' {@code schema.sql} (a psql
 * script the servlet's {@code --frontier.demo-schema} loads as it is), whose {@code T_STRING} rows
 * equal {@code TStringData.rows()}, plus {@link #ORDER_INDEX}, so that the 10 kB and 100 kB cuts of
 * {@link Workload} read N rows by index instead of sorting the table on every miss (the thesis
 * queried tables of the result's size; the rows themselves are unchanged), plus the COOL-shaped
 * tables of {@link CoolQueries} when the run reads them.
 */
final class TStringSchema {
    /** The byte order the cut result sizes use ({@code order by string collate "C" limit N}). */
    static final String ORDER_INDEX = "CREATE INDEX t_string_c_order ON T_STRING (string COLLATE \"C\");\nANALYZE T_STRING;\n";

    private TStringSchema() {
    }

    /** Writes the schema to a temporary file (the caller deletes it) and says where it came from. */
    static Path write(StringBuilder description, boolean withCool) throws IOException {
        description.append("the golden vectors' schema.sql, plus an index on T_STRING in \"C\" order");
        String script = FrontierGoldenVectors.schemaScript() + "\n" + ORDER_INDEX;
        if (withCool) {
            description.append(", plus the COOL-shaped conditions tables (cool-schema.sql: 10,000 channels x 5 intervals)");
            script += "\n" + CoolQueries.schemaScript();
        }
        Path file = Files.createTempFile("squid-access-bench", ".sql");
        Files.writeString(file, script, StandardCharsets.UTF_8);
        return file;
    }
}
