package org.gridstack.frontier.protocol.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/**
 * The framing reader on streams that deliver at most 3 bytes per read, so every boundary (line,
 * chunk, body, answer) falls inside a read somewhere: chunked, interim 1xx, Content-Length and
 * close-delimited answers one after the other on one connection; HTTP/1.0; truncation and broken
 * chunks as errors.
 */
class TestHttpResponseReader {
    private static InputStream trickling(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.ISO_8859_1)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 3));
            }
        };
    }

    private static String text(InputStream body) throws IOException {
        return new String(body.readAllBytes(), StandardCharsets.ISO_8859_1);
    }

    @Test
    void readsChunkedThenContentLengthThenCloseDelimitedAnswers() throws IOException {
        String chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Cache: HIT from squid\r\nX-Cache: MISS\r\n\r\n"
                + "5;ext=1\r\nhello\r\n1a\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nTrailer: x\r\n\r\n";
        String interim = "HTTP/1.1 100 Continue\r\n\r\n";
        String sized = "HTTP/1.1 200 OK\r\nContent-Length: 7\r\nConnection: keep-alive\r\n\r\n0123456";
        String closing = "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nthe rest of the stream";
        HttpResponseReader r = new HttpResponseReader(trickling(chunked + interim + sized + closing), 8);

        HttpResponseReader.Head h = r.readHead(true);
        assertEquals(200, h.status());
        assertEquals("HIT from squid, MISS", h.header("X-CACHE"));
        assertEquals("helloabcdefghijklmnopqrstuvwxyz", text(r.body(h)));
        assertTrue(r.reusable());

        h = r.readHead(true);
        assertEquals(200, h.status(), "the interim 100 is skipped");
        assertEquals(7, r.skipBody(h));
        assertTrue(r.reusable());

        h = r.readHead(true);
        assertEquals("the rest of the stream", text(r.body(h)));
        assertFalse(r.reusable(), "Connection: close and a close-delimited body end the connection");
    }

    @Test
    void http10WithoutKeepAliveEndsTheConnectionAndTruncationFails() throws IOException {
        HttpResponseReader r = new HttpResponseReader(trickling("HTTP/1.0 404 Not Found\r\nContent-Length: 2\r\n\r\nno"), 16);
        HttpResponseReader.Head h = r.readHead(true);
        assertEquals(404, h.status());
        assertFalse(h.http11());
        assertEquals(2, r.skipBody(h));
        assertFalse(r.reusable());

        HttpResponseReader truncated = new HttpResponseReader(trickling("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort"), 16);
        HttpResponseReader.Head t = truncated.readHead(true);
        assertThrows(EOFException.class, () -> truncated.skipBody(t));
        assertFalse(truncated.reusable());

        HttpResponseReader badChunk = new HttpResponseReader(trickling("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n"), 16);
        HttpResponseReader.Head b = badChunk.readHead(true);
        assertThrows(IOException.class, () -> badChunk.skipBody(b));
    }

    @Test
    void anAnswerThatNeverStartedIsToldApartFromOneCutInTheHead() throws IOException {
        HttpResponseReader empty = new HttpResponseReader(trickling(""), 16);
        assertThrows(EOFException.class, () -> empty.readHead(true));
        assertFalse(empty.answerStarted(), "a kept-alive connection closed while idle: safe to send again");

        HttpResponseReader cut = new HttpResponseReader(trickling("HTTP/1.1 200 OK\r\nContent-Le"), 16);
        assertThrows(EOFException.class, () -> cut.readHead(true));
        assertTrue(cut.answerStarted());

        HttpResponseReader garbage = new HttpResponseReader(trickling("SSH-2.0-OpenSSH\r\n\r\n"), 16);
        IOException e = assertThrows(IOException.class, () -> garbage.readHead(true));
        assertTrue(e.getMessage().contains("not an HTTP/1.x status line"), e.getMessage());
    }
}
