package org.gridstack.bench.squid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Answers one after the other on one stream, framed each way HTTP/1.1 allows, read in small pieces. */
class TestHttpAnswerReader {
    private static InputStream trickling(String s) {
        // at most 3 bytes per read: every boundary (line, chunk, body) falls inside a read somewhere
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.ISO_8859_1)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 3));
            }
        };
    }

    @Test
    void readsChunkedThenContentLengthThenCloseDelimitedAnswers() throws IOException {
        String chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Cache: HIT from squid\r\n\r\n"
                + "5;ext=1\r\nhello\r\n1a\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\n\r\n";
        String interim = "HTTP/1.1 100 Continue\r\n\r\n";
        String sized = "HTTP/1.1 200 OK\r\nContent-Length: 7\r\nConnection: keep-alive\r\n\r\n0123456";
        String closing = "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nthe rest of the stream";
        HttpAnswerReader r = new HttpAnswerReader(trickling(chunked + interim + sized + closing), new byte[8]);
        assertEquals(new HttpAnswerReader.Answer(200, 31, false), r.read());
        assertEquals(new HttpAnswerReader.Answer(200, 7, false), r.read());
        assertEquals(new HttpAnswerReader.Answer(200, 22, true), r.read());
    }

    @Test
    void http10WithoutKeepAliveEndsTheConnectionAndTruncationFails() throws IOException {
        HttpAnswerReader r = new HttpAnswerReader(trickling("HTTP/1.0 404 Not Found\r\nContent-Length: 2\r\n\r\nno"), new byte[16]);
        assertEquals(new HttpAnswerReader.Answer(404, 2, true), r.read());
        HttpAnswerReader truncated = new HttpAnswerReader(trickling("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort"), new byte[16]);
        assertThrows(EOFException.class, truncated::read);
        HttpAnswerReader badChunk = new HttpAnswerReader(trickling("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n"), new byte[16]);
        assertThrows(IOException.class, badChunk::read);
    }
}
