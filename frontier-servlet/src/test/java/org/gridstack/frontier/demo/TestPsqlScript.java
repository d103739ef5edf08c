package org.gridstack.frontier.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.gridstack.testing.FrontierGoldenVectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a psql script is split and mapped onto the demo's one database, and what is refused. */
class TestPsqlScript {
    private static List<String> statements(String script) {
        return PsqlScript.parse(script, "test.sql", DemoDatabase.DATABASE).statements();
    }

    private static String refusal(String script) {
        return assertThrows(IllegalArgumentException.class, () -> PsqlScript.parse(script, "test.sql", DemoDatabase.DATABASE)).getMessage();
    }

    @Test
    void splitsAtSemicolonsOutsideQuotesCommentsAndDollarQuotes() {
        List<String> s = statements("""
                create table t (a text); insert into t values ('a;b'), (E'c\\';d'), ('e\\'); -- f;
                insert into "odd;name" values (1);
                /* a; /* nested; */ still; */ select 1;
                create function f() returns int language sql as $body$ select 1; $body$;
                select $1, $$x;y$$
                """);
        assertEquals(List.of("create table t (a text)",
                "insert into t values ('a;b'), (E'c\\';d'), ('e\\')",
                "insert into \"odd;name\" values (1)",
                "select 1",
                "create function f() returns int language sql as $body$ select 1; $body$",
                "select $1, $$x;y$$"), s);
    }

    @Test
    void theGoldenSchemaRunsInTheDemoDatabaseWithoutItsDatabaseStatements() {
        List<String> s = statements(FrontierGoldenVectors.schemaScript());
        assertTrue(s.stream().noneMatch(x -> x.toLowerCase().contains("database")), "no database statements: " + s);
        assertTrue(s.stream().noneMatch(x -> x.startsWith("\\")), "no meta-commands: " + s);
        assertTrue(s.stream().anyMatch(x -> x.startsWith("CREATE TABLE T_TYPES")), "tables are created");
        assertTrue(s.contains("CREATE ROLE frontier LOGIN PASSWORD 'frontier'"), "roles run as written");
    }

    @Test
    void refusesWhatTheDemoCannotDoNamingTheLine() {
        assertEquals("test.sql line 3: \\connect other: the demo serves one database, so a script may connect only to the"
                + " database it creates (CREATE DATABASE other) or the demo's own; load such a script with psql into a"
                + " PostgreSQL server of your own and point the servlet at it (spring.datasource.url), or change the line",
                refusal("create database mine;\n\\connect mine\n\\connect other\n"));
        assertTrue(refusal("select 1;\n\n\\i other.sql\n").startsWith("test.sql line 3: the psql meta-command \\i is not supported"));
        assertTrue(refusal("drop database postgres;").startsWith("test.sql line 1: DROP DATABASE postgres would drop a database"));
        assertTrue(refusal("select 1\n  \\gset\n").startsWith("test.sql line 2: a psql meta-command (\\gset) inside an SQL statement"));
        assertTrue(refusal("select 1;\nselect 'open;\n").startsWith("test.sql line 2: unterminated string"));
        assertTrue(refusal("/* open\n").startsWith("test.sql line 1: unterminated /* comment"));
        assertTrue(refusal("copy t from stdin;\na\n").startsWith("test.sql line 1: the data of COPY ... FROM stdin is not ended"));
    }

    @Test
    void acceptsTheDatabaseStatementsOfItsOwnDatabase() {
        List<String> s = statements("""
                \\set ON_ERROR_STOP on
                DROP DATABASE IF EXISTS "CondDB";
                -- the database the script creates stands for the demo's
                CREATE DATABASE "CondDB" TEMPLATE template0;
                \\c "CondDB" someone
                \\echo loading
                create table t (a int);
                """);
        assertEquals(List.of("create table t (a int)"), s);
    }

    @Test
    void loadsAPgDumpStyleScriptIntoARealDatabase(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("dump.sql");
        Files.writeString(file, """
                -- a plain pg_dump output, shortened
                SET standard_conforming_strings = on;
                SELECT pg_catalog.set_config('search_path', '', false);
                DROP DATABASE IF EXISTS conditions;
                CREATE DATABASE conditions WITH TEMPLATE = template0 ENCODING = 'UTF8';
                \\connect conditions

                CREATE TABLE public.runs (id integer, name text, note text);
                COPY public.runs (id, name, note) FROM stdin;
                1\tfirst\t\\N
                2\twith;semicolon\ttab\\tinside
                \\.

                CREATE INDEX runs_id ON public.runs (id);
                """, StandardCharsets.UTF_8);
        try (DemoDatabase db = DemoDatabase.start(file); Connection c = db.adminConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select id, name, note from public.runs order by id")) {
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(rs.getInt(1) + "|" + rs.getString(2) + "|" + rs.getString(3));
            }
            assertEquals(List.of("1|first|null", "2|with;semicolon|tab\tinside"), rows);
        }
    }

    @Test
    void anSqlErrorNamesTheLineOfItsStatement(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.sql");
        Files.writeString(file, "create table t (a int);\n\n-- next\ninsert into t\n  values ('x');\n", StandardCharsets.UTF_8);
        SQLException e = assertThrows(SQLException.class, () -> DemoDatabase.start(file).close());
        assertTrue(e.getMessage().startsWith("demo schema " + file.toAbsolutePath() + " line 4: ERROR: invalid input syntax for type integer"),
                e.getMessage());
    }
}
