package org.gridstack.dqp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The CLI's table: psql's layout, numbers right-aligned, NULL empty, line breaks visible, the count of rows left out. */
class TestTablePrinter {
    @Test
    void printsLikePsql() {
        TablePrinter table = new TablePrinter(List.of("orf", "n"), new boolean[] {false, true});
        table.add(List.of("YAL001C", "3"));
        table.add(Arrays.asList("two\nlines", null));
        table.add(Arrays.asList(null, "12345"));
        StringWriter out = new StringWriter();
        table.print(new PrintWriter(out), 7);
        assertEquals(String.join(System.lineSeparator(),
                "    orf     |   n",
                "------------+-------",
                " YAL001C    |     3",
                " two\\nlines |",
                "            | 12345",
                "(10 rows, the first 3 shown)", ""), out.toString());
    }
}
