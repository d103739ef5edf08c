package org.gridstack.hawkeye.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.ClassAdParser;
import org.gridstack.hawkeye.classad.EvaluationBudget;
import org.gridstack.hawkeye.classad.EvaluationLimits;
import org.gridstack.hawkeye.classad.Evaluator;
import org.gridstack.hawkeye.classad.Expr;
import org.junit.jupiter.api.Test;

/** The indexed store answers exactly what a full scan answers, and expires silent hosts. */
class TestAdStore {
    private final ClassAdParser parser = ClassAdParser.standard();

    private static final class MutableClock extends Clock {
        Instant now = Instant.ofEpochSecond(1_700_000_000L);

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private AdStore store(Clock clock) {
        AdStore store = new AdStore(clock, 10_000);
        String[] os = {"LINUX", "linux", "WINDOWS", "OSX"};
        for (int i = 0; i < 200; i++) {
            String ad = "[ Name = \"host" + i + "\"; OpSys = \"" + os[i % 4] + "\"; Cpus = " + (i % 8)
                    + "; Load = " + (i % 10) / 4.0 + (i % 50 == 0 ? "; Arch = strcat(\"X86\", \"_64\")" : "; Arch = \"INTEL\"")
                    + (i % 7 == 0 ? "; Up = true" : "") + " ]";
            store.put("host" + i, parser.parseNewAd(ad), null, "10.0.0." + (i % 3));
        }
        return store;
    }

    private static Set<String> names(List<StoredAd> ads) {
        return ads.stream().map(StoredAd::name).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void indexedQueriesFindWhatAFullScanFinds() {
        AdStore store = store(Clock.systemUTC());
        for (String c : List.of("OpSys == \"LINUX\"", "\"linux\" == OpSys && Cpus > 3", "Cpus == 2.0", "Arch == \"x86_64\"",
                "Up == 1", "OpSys == \"LINUX\" || Cpus == 1", "Name == \"host17\" && Load >= 0", "MY.Cpus == 4",
                "Missing == 3", "Arch == \"INTEL\" && OpSys == \"OSX\" && Cpus == 3")) {
            Expr e = parser.parseExpression(c);
            Set<String> expected = new TreeSet<>();
            for (StoredAd s : store.all()) {
                if (Evaluator.evaluate(e, s.ad()).isTrue()) {
                    expected.add(s.name());
                }
            }
            assertEquals(expected, names(store.query(e, new EvaluationBudget(EvaluationLimits.QUERY), 10_000)), c);
        }
        assertEquals(50, store.query(parser.parseExpression("OpSys == \"linux\" && Cpus < 8"),
                new EvaluationBudget(EvaluationLimits.QUERY), 50).size());
    }

    @Test
    void replacedAdsLeaveTheIndex() {
        AdStore store = store(Clock.systemUTC());
        store.put("host0", parser.parseNewAd("[ Name = \"host0\"; OpSys = \"BSD\" ]"), null, "10.0.0.0");
        Expr linux = parser.parseExpression("OpSys == \"LINUX\"");
        assertEquals(99, store.query(linux, new EvaluationBudget(EvaluationLimits.QUERY), 10_000).size());
        assertEquals(Set.of("host0"), names(store.query(parser.parseExpression("OpSys == \"bsd\""),
                new EvaluationBudget(EvaluationLimits.QUERY), 10)));
    }

    @Test
    void hostsThatStopReportingExpire() {
        MutableClock clock = new MutableClock();
        AdStore store = new AdStore(clock, 100);
        store.put("old", ClassAd.builder().put("X", 1).build(), null, "10.0.0.1");
        clock.now = clock.now.plusSeconds(100);
        store.put("fresh", ClassAd.builder().put("X", 1).build(), null, "10.0.0.1");
        List<StoredAd> expired = store.expire(Duration.ofSeconds(60));
        assertEquals(List.of("old"), expired.stream().map(StoredAd::name).toList());
        assertEquals(Set.of("fresh"), names(store.query(parser.parseExpression("X == 1"),
                new EvaluationBudget(EvaluationLimits.QUERY), 10)));
    }

    @Test
    void oneAddressHoldsABoundedNumberOfHosts() {
        AdStore store = new AdStore(Clock.systemUTC(), 2);
        ClassAd ad = ClassAd.builder().put("X", 1).build();
        store.put("a", ad, null, "10.0.0.1");
        store.put("b", ad, null, "10.0.0.1");
        assertThrows(AdStore.TooManyHostsException.class, () -> store.put("c", ad, null, "10.0.0.1"));
        store.put("c", ad, null, "10.0.0.2");
        assertEquals(3, store.size());
    }
}
