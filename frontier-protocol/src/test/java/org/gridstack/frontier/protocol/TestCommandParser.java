package org.gridstack.frontier.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TestCommandParser {
    private static final String P1 = P1Codec.encode("select 1");

    @Test
    void parsesOnePayload() throws Exception {
        FrontierCommand c = CommandParser.parse("type=frontier_request:1:DEFAULT&encoding=BLOBzip5&p1=" + P1);
        assertEquals(1, c.payloads().size());
        PayloadRequest p = c.payloads().get(0);
        assertEquals("frontier_request", p.objectName());
        assertEquals("1", p.version());
        assertEquals("DEFAULT", p.method());
        assertEquals(5, p.encoding().zipLevel());
        assertEquals("BLOBzip5", p.encodingText());
        assertEquals(P1, p.param("p1"));
        assertEquals(Ttl.LONG, c.ttl());
        assertFalse(c.signed());
        assertTrue(p.isSqlRequest());
    }

    @Test
    void methodDefaultsAndLeadingSlashIsIgnored() throws Exception {
        PayloadRequest p = CommandParser.parse("/type=frontier_request:1&encoding=BLOB&p1=" + P1).payloads().get(0);
        assertEquals("DEFAULT", p.method());
        assertEquals(BlobEncoding.NO_ZIP, p.encoding().zipLevel());
    }

    @Test
    void severalPayloadsAndRequestLevelParameters() throws Exception {
        FrontierCommand c = CommandParser.parse("type=frontier_request:1:DEFAULT&encoding=BLOB&p1=" + P1
                + "&type=frontier_request:1:DEFAULT&encoding=BLOBzip&p1=" + P1 + "&ttl=forever&freshkey=abc");
        assertEquals(2, c.payloads().size());
        assertEquals(5, c.payloads().get(1).encoding().zipLevel(), "BLOBzip without digit is level 5");
        assertEquals(Ttl.FOREVER, c.ttl());
        assertEquals("abc", c.payloads().get(1).param("freshkey"));
    }

    @Test
    void blobZip0IsUncompressedAsInProduction() throws Exception {
        PayloadRequest p = CommandParser.parse("type=frontier_request:1:DEFAULT&encoding=BLOBzip0&p1=" + P1).payloads().get(0);
        assertEquals(0, p.encoding().zipLevel());
        assertEquals("BLOBzip0", p.encodingText(), "echoed as sent");
        assertFalse(p.encoding().zipped(), "production deflates only for levels above 0");
        assertTrue(BlobEncoding.parse("BLOBzip1").zipped());
        assertFalse(BlobEncoding.parse("BLOB").zipped());
        assertFalse(BlobEncoding.answerIsCompressed("BLOB"));
        assertFalse(BlobEncoding.answerIsCompressed("BLOBzip0"));
        assertTrue(BlobEncoding.answerIsCompressed("BLOBzip"));
        assertTrue(BlobEncoding.answerIsCompressed("BLOBzip9"));
        assertTrue(BlobEncoding.answerIsCompressed("BLOBzipX"), "an unparseable zip encoding is left to the inflater to refuse");
    }

    @Test
    void badEncodingIsKeptForAPayloadError() throws Exception {
        PayloadRequest p = CommandParser.parse("type=frontier_request:1:DEFAULT&encoding=BLOBzip10&p1=" + P1).payloads().get(0);
        assertNull(p.encoding());
        assertTrue(p.encodingError().contains("less than 0 or greater than 9"), p.encodingError());
        p = CommandParser.parse("type=frontier_request:1:DEFAULT&encoding=BLOBgz&p1=" + P1).payloads().get(0);
        assertTrue(p.encodingError().contains("Unrecognized BLOB sub-encoding"), p.encodingError());
    }

    @Test
    void rejectsBrokenGrammarWithReasons() {
        assertMessage("", "empty request");
        assertMessage("p1=" + P1, "no type=");
        assertMessage("encoding=BLOB&type=frontier_request:1:DEFAULT&p1=" + P1, "must directly follow a type=");
        assertMessage("type=frontier_request:1:DEFAULT&p1=" + P1 + "&encoding=BLOB", "must be encoding=");
        assertMessage("type=frontier_request:1:DEFAULT", "encoding= parameter must follow");
        assertMessage("type=frontier_request&encoding=BLOB", "OBJECT:VERSION");
        assertMessage("type=frontier_request:1:DEFAULT&encoding=BLOB&ttl=never", "unknown ttl");
        assertMessage("type=frontier_request:1:DEFAULT&encoding=BLOB&p1=%zz", "invalid %-escape");
        assertMessage("type=frontier_request:1:DEFAULT&encoding=BLOB&p1=%4", "truncated %-escape");
        assertMessage("type=frontier_request:1:DEFAULT&encoding=BLOB&novalue", "name=value");
        assertMessage("type=frontier_request:1:DEFAULT&encoding=BLOB&sec=xyz", "sec=sig");
    }

    @Test
    void percentEscapesAreDecoded() throws Exception {
        PayloadRequest p = CommandParser.parse("type=frontier_request%3A1%3ADEFAULT&encoding=BLOB&x=a%20b").payloads().get(0);
        assertEquals("frontier_request", p.objectName());
        assertEquals("a b", p.param("x"));
    }

    private static void assertMessage(String command, String expected) {
        FrontierProtocolException e = assertThrows(FrontierProtocolException.class, () -> CommandParser.parse(command));
        assertTrue(e.getMessage().contains(expected), "'" + e.getMessage() + "' should contain '" + expected + "'");
    }
}
