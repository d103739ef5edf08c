package org.gridstack.grim.store.basex;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.NativeResult;
import org.gridstack.grim.store.QueryLimits;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The read-only XQuery pass-through: answers, refusals (422), malformed queries (400) and limits. */
class TestBaseXNativeQuery {
    @TempDir
    static Path dir;
    static BaseXBackend backend;

    @BeforeAll
    static void load() {
        backend = new BaseXBackend(BaseXSettings.embedded(dir.resolve("db")));
        backend.load(BaseXTestData.SMALL);
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @Test
    void readsAnswerOneRowPerItem() {
        NativeResult r = backend.nativeQuery("db:get('grim', 'host')/*/GlueHost[@GlueHostUniqueID = 'host-000001']/@GlueHostName/string(),"
                + " count(db:get('grim', 'site')/*/*)", QueryLimits.DEFAULT);
        assertContainsExactly(List.of(List.of("wn000001.site-01.grid.example.org"), List.of(String.valueOf(BaseXTestData.SMALL.count("site")))), r.rows());
        assertContainsExactly(List.of("item"), r.columns());
        assertFalse(r.truncated());
    }

    @Test
    void updatingAndWritingQueriesAreRefused() throws Exception {
        Path victim = dir.resolve("written-by-query.txt");
        for (String q : List.of("delete node db:get('grim', 'host')/*/GlueHost[1]", "db:drop('grim')",
                "file:write('" + victim + "', 'x')", "xquery:eval(\"file:write('" + victim + "', 'x')\", map{}, map{'permission':'admin'})",
                "doc('/etc/passwd')", "proc:system('ls')", "db:create('other', <a/>, 'a.xml')")) {
            GrimException e = grim(() -> backend.nativeQuery(q, QueryLimits.DEFAULT));
            assertEquals(422, e.status(), q + ": " + e.getMessage());
        }
        assertFalse(Files.exists(victim));
        assertEquals(BaseXTestData.SMALL.count("host"), backend.counts().get("host"));
    }

    @Test
    void malformedQueriesNameTheSyntaxError() {
        GrimException e = grim(() -> backend.nativeQuery("for $h in db:get('grim')//GlueHost return", QueryLimits.DEFAULT));
        assertEquals(400, e.status());
        assertContains("malformed XQuery", e.getMessage());
        assertContains("line 1", e.getMessage());
        assertContains("XPST0003", e.getMessage());
    }

    @Test
    void limitsCutRowsAndRefuseTimeAndBytes() {
        NativeResult r = backend.nativeQuery("1 to 100", new QueryLimits(Duration.ofSeconds(5), 10, 1 << 20));
        assertEquals(10, r.rows().size(), () -> "size of " + r.rows());
        assertTrue(r.truncated());
        GrimException slow = grim(() -> backend.nativeQuery("count((1 to 100000000000)[. = -1])", new QueryLimits(Duration.ofSeconds(1), 10, 1 << 20)));
        assertEquals(422, slow.status());
        assertContains("time limit", slow.getMessage());
        GrimException big = grim(() -> backend.nativeQuery("db:get('grim', 'host')", new QueryLimits(Duration.ofSeconds(5), 100, 1000)));
        assertEquals(422, big.status());
        assertContains("1000 bytes", big.getMessage());
    }

    static GrimException grim(Runnable r) {
        try {
            r.run();
        } catch (GrimException e) {
            return e;
        }
        throw new AssertionError("expected a GrimException");
    }
}
