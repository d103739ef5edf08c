package org.gridstack.frontier.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class TestEnvelopeAndParser {
    @Test
    void envelopeLayoutMatchesTheProductionServlet() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        EnvelopeWriter w = new EnvelopeWriter(b);
        w.begin("3.42");
        w.beginTransaction(1);
        w.beginPayload("frontier_request", "1", "BLOBzip5");
        b.write("eF4DAAAAAAE=".getBytes(StandardCharsets.US_ASCII));
        w.endData();
        w.quality(1, "FrontierCMS it's <bad> & \"wrong\"\n  Position: 15", 0, "8536dc0f82594ef12854b017bd6f4ada", -1, 0);
        w.endTransaction();
        w.end();
        String expected = "<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n"
                + "<!DOCTYPE frontier SYSTEM \"http://frontier.fnal.gov/frontier.dtd\">\n"
                + "<frontier version=\"3.42\" xmlversion=\"1.0\">\n"
                + " <transaction payloads=\"1\">\n"
                + "  <payload type=\"frontier_request\" version=\"1\" encoding=\"BLOBzip5\">\n"
                + "   <data>eF4DAAAAAAE=</data>\n"
                + "   <quality error=\"1\" message=\"FrontierCMS it&apos;s &lt;bad&gt; &amp; &quot;wrong&quot;\n  Position: 15\" md5=\"8536dc0f82594ef12854b017bd6f4ada\" full_size=\"0\"/>\n"
                + "  </payload>\n"
                + " </transaction>\n"
                + "</frontier>\n";
        assertEquals(expected, b.toString(StandardCharsets.US_ASCII));
        DecodedAnswer r = ResponseParser.parse(b.toByteArray());
        assertEquals("FrontierCMS it's <bad> & \"wrong\"\n  Position: 15", r.payloads().get(0).message());
        assertEquals(1, r.payloads().get(0).error());
    }

    @Test
    void nonAsciiMessagesStayAscii() {
        String escaped = XmlEscaper.escapeAttribute("café 😀 \u0001");
        assertEquals("caf&#233; &#128512; ?", escaped);
        assertEquals("café 😀 ?", XmlEscaper.unescapeAttribute(escaped));
        assertEquals("a &#zz; b &#99999999; c", XmlEscaper.unescapeAttribute("a &#zz; b &#99999999; c"), "malformed references stay text");
    }

    @Test
    void parserSkipsKeepalivesAndChecksMd5() throws Exception {
        byte[] data = {6, 0, 0, 0, 1, 'x', 6, 0, 0, 0, 4, 't', 'e', 'x', 't', 7, 6, 0, 0, 0, 1, 'y', 7};
        String b64 = Base64.getEncoder().encodeToString(data);
        String body = "<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<frontier version=\"3.42\" xmlversion=\"1.0\">\n"
                + " <transaction payloads=\"1\">\n  <payload type=\"frontier_request\" version=\"1\" encoding=\"BLOB\">\n   <data>\n<keepalive />\n<keepalive />"
                + b64 + "</data>\n   <quality error=\"0\" md5=\"" + ResponseParser.md5Hex(data) + "\" records=\"1\" full_size=\"" + data.length
                + "\"/>\n  </payload>\n </transaction>\n</frontier>\n";
        DecodedPayload p = ResponseParser.parse(body).payloads().get(0);
        assertEquals(2, p.keepalives());
        assertEquals("y", p.decode().rows().get(0).get(0).text());
        String corrupt = body.replace(ResponseParser.md5Hex(data), "00000000000000000000000000000000");
        FrontierProtocolException e = assertThrows(FrontierProtocolException.class, () -> ResponseParser.parse(corrupt).payloads().get(0).decode());
        assertTrue(e.getMessage().contains("md5 mismatch"));
        assertThrows(FrontierProtocolException.class, () -> ResponseParser.parse(body.substring(0, body.length() - 20)));
    }
}
