package org.gridstack.hawkeye.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Malformed constraints and ads are refused with the line and column of the problem. */
class TestSyntaxErrors {

    static Stream<Arguments> cases() throws IOException {
        String text;
        try (InputStream in = TestSyntaxErrors.class.getResourceAsStream("syntax-error-cases.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Arguments> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int arrow = line.lastIndexOf(" => ");
            out.add(Arguments.of(line.substring(0, arrow).replace("\\n", "\n"), line.substring(arrow + 4).strip()));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} => {1}")
    @MethodSource("cases")
    void namesThePosition(String text, String position) {
        ClassAdSyntaxException e = assertThrows(ClassAdSyntaxException.class,
                () -> ClassAdParser.standard().parseExpression(text));
        assertEquals(position, e.line() + ":" + e.column(), e.getMessage());
        assertEquals(true, e.getMessage().startsWith("line " + position + ": "), e.getMessage());
    }

    @Test
    void oldFormAdErrorNamesTheLineOfTheText() {
        String ad = "# a machine\nMemory = 128\n\nLoadAvg = 0.1 +\nArch = \"INTEL\"\n";
        ClassAdSyntaxException e = assertThrows(ClassAdSyntaxException.class, () -> ClassAdParser.standard().parseOldAd(ad));
        assertEquals(4, e.line(), e.getMessage());
        assertEquals(16, e.column(), e.getMessage());
    }

    @Test
    void newFormAdErrorNamesLineAndColumn() {
        ClassAdSyntaxException e = assertThrows(ClassAdSyntaxException.class,
                () -> ClassAdParser.standard().parseNewAd("[\n  a = 1;\n  b = 2 3\n]"));
        assertEquals("3:9", e.line() + ":" + e.column(), e.getMessage());
    }

    @Test
    void deepNestingIsRefusedNotAStackOverflow() {
        String deep = "(".repeat(100_000) + "1" + ")".repeat(100_000);
        ClassAdSyntaxException e = assertThrows(ClassAdSyntaxException.class, () -> ClassAdParser.standard().parseExpression(deep));
        assertEquals(true, e.getMessage().contains("nested"), e.getMessage());
    }

    @Test
    void overlongTextIsRefusedBeforeParsing() {
        ClassAdParser small = new ClassAdParser(10);
        ClassAdSyntaxException e = assertThrows(ClassAdSyntaxException.class, () -> small.parseExpression("1 + 2 + 3 + 4"));
        assertEquals(true, e.getMessage().contains("at most 10"), e.getMessage());
    }
}
