package org.gridstack.hawkeye.classad;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Queries from the network are bounded in memory and time, whatever the constraint. */
class TestEvaluationLimits {
    private final ClassAdParser parser = ClassAdParser.standard();

    private static ClassAd hugeListAd(int elements) {
        List<Expr> items = new ArrayList<>(elements);
        for (int i = 0; i < elements; i++) {
            items.add(new Expr.Literal(Value.of("item-" + i)));
        }
        return ClassAd.builder().put("Big", new Expr.ListExpr(items)).build();
    }

    @Test
    void aConstraintThatBuildsHugeStringsStopsAtTheAllocationLimit() {
        ClassAd ad = hugeListAd(100_000);
        Expr doubling = parser.parseExpression("size(strcat(join(\",\", Big), join(\",\", Big), join(\",\", Big))) > 0");
        EvaluationBudget budget = new EvaluationBudget(new EvaluationLimits(Long.MAX_VALUE, 1 << 20, Duration.ofMinutes(1)));
        EvaluationLimitException e = assertThrows(EvaluationLimitException.class,
                () -> Evaluator.matches(doubling, ad, budget, Clock.systemUTC()));
        assertTrue(e.getMessage().contains("characters"), e.getMessage());
    }

    @Test
    void stepsAreCountedOverTheWholeQuery() {
        ClassAd ad = hugeListAd(1_000);
        Expr constraint = parser.parseExpression("member(\"nope\", Big)");
        EvaluationBudget budget = new EvaluationBudget(new EvaluationLimits(10_000, 1 << 20, Duration.ofMinutes(1)));
        assertThrows(EvaluationLimitException.class, () -> {
            for (int i = 0; i < 600; i++) {
                Evaluator.matches(constraint, ad, budget, Clock.systemUTC());
            }
        });
    }

    @Test
    void aBacktrackingRegexpStopsAtTheDeadline() {
        ClassAd ad = ClassAd.builder().put("S", "x".repeat(40) + "!").build();
        Expr evil = parser.parseExpression("regexp(\"(.*x){12}y\", S)");
        EvaluationBudget budget = new EvaluationBudget(new EvaluationLimits(Long.MAX_VALUE, 1 << 20, Duration.ofMillis(200)));
        assertThrows(EvaluationLimitException.class, () -> Evaluator.matches(evil, ad, budget, Clock.systemUTC()));
    }
}
