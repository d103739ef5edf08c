package org.gridstack.hawkeye.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The old ({@code Attr = expr} lines) and new ({@code [ ... ]}) text forms and JSON, both ways. */
class TestTextForms {
    private final ClassAdParser parser = ClassAdParser.standard();

    @Test
    void theManualsOldAndNewExampleAreTheSameAd() {
        // classad-mechanism.rst, "ClassAds: Old and New"
        ClassAd old = parser.parseOldAd("Foo = 3\nBar = \"ab\\\"cd\\ef\"\nMoo = Foo =!= Undefined\n");
        ClassAd neu = parser.parseNewAd("[\nFoo = 3;\nBar = \"ab\\\"cd\\\\ef\";\nMoo = Foo isnt Undefined;\n]");
        assertEquals(neu, old);
        assertEquals(Value.of("ab\"cd\\ef"), old.evaluate("bar"));
        assertEquals(Value.TRUE, old.evaluate("Moo"));
    }

    @Test
    void writtenFormsReadBackEqual() {
        ClassAd ad = parser.parseNewAd("[ Name = \"host1\"; Load = 0.25; Cpus = 4; Up = true; L = { 1, \"a\\n\", 2.5 };"
                + " N = [ x = 1; y = { } ]; R = TARGET.Memory > 2 * (Cpus + 1) && !isUndefined(Name) ? \"y\" : \"n\";"
                + " 'odd name' = -1; E = error; U = undefined; Neg = 3 - -2; D = 1e300 ]");
        assertEquals(ad, parser.parseNewAd(ClassAdWriter.newForm(ad)));
        ClassAd simple = ad.toBuilder().remove("N").remove("L").build();
        assertEquals(simple, parser.parseOldAd(ClassAdWriter.oldForm(simple)));
        ClassAdJson json = ClassAdJson.standard();
        assertEquals(ad, json.read(json.toJson(ad)));
    }

    @Test
    void jsonUsesHtcondorsShapes() {
        ClassAd ad = parser.parseNewAd("[ a = 1; b = \"x\"; c = undefined; d = a + 1; e = { 1, 2 }; f = [ g = 2.5 ] ]");
        assertEquals("{\"a\":1,\"b\":\"x\",\"c\":null,\"d\":\"/Expr(a + 1)/\",\"e\":[1,2],\"f\":{\"g\":2.5}}",
                ClassAdJson.standard().toJson(ad));
    }

    @Test
    void badJsonNamesThePosition() {
        ClassAdSyntaxException e = assertThrows(ClassAdSyntaxException.class,
                () -> ClassAdJson.standard().read("{\n \"a\": 1,\n \"b\": }"));
        assertEquals(3, e.line(), e.getMessage());
        ClassAdSyntaxException expr = assertThrows(ClassAdSyntaxException.class,
                () -> ClassAdJson.standard().read("{\"d\": \"/Expr(a + )/\"}"));
        assertEquals(true, expr.getMessage().contains("attribute d"), expr.getMessage());
    }

    @Test
    void namesAreCaseInsensitiveAndKeepTheirFirstSpelling() {
        ClassAd ad = ClassAd.builder().put("LoadAvg", 1.5).put("loadavg", 2.5).build();
        assertEquals(1, ad.size());
        assertEquals("LoadAvg", ad.attributes().get(0).name());
        assertEquals(Value.of(2.5), ad.evaluate("LOADAVG"));
    }

    @Test
    void projectionKeepsOnlyTheAttributesAskedFor() {
        ClassAd ad = parser.parseNewAd("[ a = 1; b = 2; c = 3 ]");
        assertEquals(parser.parseNewAd("[ c = 3; a = 1 ]"), ad.project(java.util.List.of("C", "a", "missing")));
    }
}
