package org.gridstack.bench.squid;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.gridstack.bench.frontier.ProjectLayout;

/**
 * The servlet's demo schema for the benchmark: the golden vectors' {@code schema.sql} after its
 * psql {@code \connect} line when {@code shared/} is found, else the same {@code T_STRING} DDL and
 * INSERT (copied from that file) alone. Either way the rows equal {@code TStringData.rows()}.
 * Both get {@link #ORDER_INDEX}, so that the 10 kB and 100 kB cuts of {@link ResultSize} read N
 * rows by index instead of sorting the table on every miss (the thesis queried tables of the
 * result's size; the rows themselves are unchanged).
 */
final class TStringSchema {
    static final String T_STRING_ONLY = """
            CREATE TABLE T_STRING (string varchar(100));
            INSERT INTO T_STRING (string)
            SELECT substr(replace(encode(decode(
                     md5('a' || i) || md5('b' || i) || md5('c' || i) || md5('d' || i) || md5('e' || i),
                     'hex'), 'base64'), E'\\n', ''), 1, 100)
            FROM generate_series(1, 10000) AS g(i)
            ORDER BY i;
            ANALYZE T_STRING;
            """;

    /** The byte order the cut result sizes use ({@code order by string collate "C" limit N}). */
    static final String ORDER_INDEX = "CREATE INDEX t_string_c_order ON T_STRING (string COLLATE \"C\");\nANALYZE T_STRING;\n";

    private TStringSchema() {
    }

    /** The golden schema file, if the project layout can be found and holds it. */
    private static Optional<Path> sharedSchema() {
        try {
            return ProjectLayout.discover().sharedDir().map(d -> d.resolve("vectors/frontier/schema.sql")).filter(Files::isReadable);
        } catch (IllegalStateException notInTheProject) {
            return Optional.empty(); // started outside the project tree: the copied T_STRING SQL serves as well
        }
    }

    /** Writes the schema to a temporary file (the caller deletes it) and says where it came from. */
    static Path write(StringBuilder description) throws IOException {
        Optional<Path> shared = sharedSchema();
        String sql;
        if (shared.isPresent()) {
            String all = Files.readString(shared.get(), StandardCharsets.UTF_8);
            int at = all.indexOf("\n\\connect");
            if (at < 0) {
                throw new IllegalStateException(shared.get() + " has no \\connect line");
            }
            sql = all.substring(all.indexOf('\n', at + 1) + 1);
            description.append(shared.get()).append(" (after its \\connect line)");
        } else {
            sql = T_STRING_ONLY;
            description.append("T_STRING only (shared/ not found; same SQL as the golden schema)");
        }
        description.append(", plus an index on T_STRING in \"C\" order");
        Path file = Files.createTempFile("squid-access-bench", ".sql");
        Files.writeString(file, sql + "\n" + ORDER_INDEX, StandardCharsets.UTF_8);
        return file;
    }
}
