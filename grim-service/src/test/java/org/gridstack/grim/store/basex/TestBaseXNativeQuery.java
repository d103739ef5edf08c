package org.gridstack.grim.store.basex;

import static org.assertj.core.api.Assertions.assertThat;

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
        assertThat(r.rows()).containsExactly(List.of("wn000001.site-01.grid.example.org"),
                List.of(String.valueOf(BaseXTestData.SMALL.count("site"))));
        assertThat(r.columns()).containsExactly("item");
        assertThat(r.truncated()).isFalse();
    }

    @Test
    void updatingAndWritingQueriesAreRefused() throws Exception {
        Path victim = dir.resolve("written-by-query.txt");
        for (String q : List.of("delete node db:get('grim', 'host')/*/GlueHost[1]", "db:drop('grim')",
                "file:write('" + victim + "', 'x')", "xquery:eval(\"file:write('" + victim + "', 'x')\", map{}, map{'permission':'admin'})",
                "doc('/etc/passwd')", "proc:system('ls')", "db:create('other', <a/>, 'a.xml')")) {
            GrimException e = grim(() -> backend.nativeQuery(q, QueryLimits.DEFAULT));
            assertThat(e.status()).as(q + ": " + e.getMessage()).isEqualTo(422);
        }
        assertThat(Files.exists(victim)).isFalse();
        assertThat(backend.counts().get("host")).isEqualTo(BaseXTestData.SMALL.count("host"));
    }

    @Test
    void malformedQueriesNameTheSyntaxError() {
        GrimException e = grim(() -> backend.nativeQuery("for $h in db:get('grim')//GlueHost return", QueryLimits.DEFAULT));
        assertThat(e.status()).isEqualTo(400);
        assertThat(e.getMessage()).contains("malformed XQuery").contains("line 1").contains("XPST0003");
    }

    @Test
    void limitsCutRowsAndRefuseTimeAndBytes() {
        NativeResult r = backend.nativeQuery("1 to 100", new QueryLimits(Duration.ofSeconds(5), 10, 1 << 20));
        assertThat(r.rows()).hasSize(10);
        assertThat(r.truncated()).isTrue();
        GrimException slow = grim(() -> backend.nativeQuery("count((1 to 100000000000)[. = -1])", new QueryLimits(Duration.ofSeconds(1), 10, 1 << 20)));
        assertThat(slow.status()).isEqualTo(422);
        assertThat(slow.getMessage()).contains("time limit");
        GrimException big = grim(() -> backend.nativeQuery("db:get('grim', 'host')", new QueryLimits(Duration.ofSeconds(5), 100, 1000)));
        assertThat(big.status()).isEqualTo(422);
        assertThat(big.getMessage()).contains("1000 bytes");
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
