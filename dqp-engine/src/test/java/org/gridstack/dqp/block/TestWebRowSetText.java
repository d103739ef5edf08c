package org.gridstack.dqp.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every text PostgreSQL can store (any character but U+0000) crosses every block codec unchanged,
 * including the control characters, carriage returns and U+FFFE/U+FFFF that XML 1.0 cannot carry as
 * text: WebRowSet writes those values base64-encoded.
 */
class TestWebRowSetText {
    private static final BlockSchema TEXT = new BlockSchema(List.of(new Column("t", ColumnType.VARCHAR, true)));

    private static List<String> awkwardTexts() {
        List<String> texts = new ArrayList<>();
        StringBuilder controls = new StringBuilder();
        for (char c = 1; c < 0x20; c++) {
            controls.append(c);
            texts.add("a" + c + "b");
        }
        texts.add(controls.toString());
        texts.add("line\r\nnext\rlast\n");
        texts.add("\uFFFE\uFFFF");
        texts.add("\uD83D\uDE00 astral and \uDBFF\uDFFF");
        texts.add("  leading and trailing  ");
        texts.add("<&>\"'");
        texts.add("");
        return texts;
    }

    @ParameterizedTest
    @ValueSource(strings = {"binary", "binary-zstd", "webrowset"})
    void everyStorableTextRoundTrips(String codecName) throws IOException {
        BlockCodec codec = BlockCodec.named(codecName);
        List<Object[]> rows = awkwardTexts().stream().map(t -> new Object[] {t}).toList();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BlockWriter w = codec.openWriter(TEXT, out)) {
            w.writeBlock(rows);
            w.finish();
        }
        List<Object> back = new ArrayList<>();
        try (BlockReader r = codec.openReader(new ByteArrayInputStream(out.toByteArray()))) {
            List<Object[]> block;
            while ((block = r.nextBlock()) != null) {
                block.forEach(row -> back.add(row[0]));
            }
        }
        assertEquals(awkwardTexts(), back);
    }

    @Test
    void plainTextStaysReadableXml() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BlockWriter w = WebRowSetBlockCodec.INSTANCE.openWriter(TEXT, out)) {
            w.writeBlock(List.<Object[]>of(new Object[] {"plain <text>"}, new Object[] {"bell\u0007"}));
            w.finish();
        }
        String xml = out.toString(StandardCharsets.UTF_8);
        assertTrue(xml.contains("plain &lt;text>") || xml.contains("plain &lt;text&gt;"), xml);
        assertTrue(xml.contains("<columnValue encoding=\"base64\">YmVsbAc=</columnValue>"), xml);
        assertFalse(xml.contains("\u0007"), xml);
    }
}
