package org.gridstack.hawkeye.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Evaluates every case of {@code evaluation-cases.txt} (derived from HTCondor's manual) and
 * compares the value with the expected literal by identity ({@code =?=}).
 */
class TestEvaluationCases {
    private static final Clock CLOCK = Clock.fixed(Instant.ofEpochSecond(1_700_000_000L), ZoneOffset.UTC);

    record Case(int line, String expression, String expected, ClassAd my, ClassAd target) {
        @Override
        public String toString() {
            return "line " + line + ": " + expression + " => " + expected;
        }
    }

    static Stream<Arguments> cases() throws IOException {
        String text;
        try (InputStream in = TestEvaluationCases.class.getResourceAsStream("evaluation-cases.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        ClassAdParser parser = ClassAdParser.standard();
        List<Arguments> out = new ArrayList<>();
        ClassAd my = ClassAd.empty();
        ClassAd target = null;
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("@my ")) {
                String ad = line.substring(4).strip();
                my = ad.equals("none") ? ClassAd.empty() : parser.parseNewAd(ad);
                continue;
            }
            if (line.startsWith("@target ")) {
                String ad = line.substring(8).strip();
                target = ad.equals("none") ? null : parser.parseNewAd(ad);
                continue;
            }
            int arrow = line.lastIndexOf(" => ");
            if (arrow < 0) {
                throw new IllegalStateException("evaluation-cases.txt line " + (i + 1) + " has no ' => '");
            }
            Case c = new Case(i + 1, line.substring(0, arrow).strip(), line.substring(arrow + 4).strip(), my, target);
            out.add(Arguments.of(c));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void evaluatesAsTheManualSays(Case c) {
        ClassAdParser parser = ClassAdParser.standard();
        Expr expr = parser.parseExpression(c.expression());
        Value actual = new Evaluator(c.my(), c.target(), new EvaluationBudget(EvaluationLimits.QUERY), CLOCK).evaluate(expr);
        Value expected = Evaluator.evaluate(parser.parseExpression(c.expected()), ClassAd.empty());
        assertTrue(Operations.identical(expected, actual),
                () -> c + ": got " + actual + " (" + actual.typeName() + ")");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void unparsedTextReadsBackAsTheSameTree(Case c) {
        ClassAdParser parser = ClassAdParser.standard();
        Expr expr = parser.parseExpression(c.expression());
        String text = ClassAdWriter.unparse(expr);
        assertEquals(expr, parser.parseExpression(text), () -> c + ": unparsed as " + text);
    }
}
