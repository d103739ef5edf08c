package org.gridstack.frontier.protocol.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The push-style reader: a connection's bytes split at every byte boundary (and fed one byte at a
 * time) must give the same answers as in one piece, and the same as the pull-style reader; bad
 * input must fail with a message that says what was wrong.
 */
class TestHttpResponseFeed {
    private static final String CHUNKED = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Cache: HIT from squid\r\nX-Cache: MISS\r\n\r\n"
            + "5;ext=1;name=\"quoted\"\r\nhello\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nTrailer-One: x\r\nTrailer-Two: y\r\n\r\n";
    private static final String INTERIM = "HTTP/1.1 100 Continue\r\n\r\n";
    private static final String SIZED = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 7\r\nConnection: keep-alive\r\n\r\n0123456";
    private static final String NOT_MODIFIED = "HTTP/1.1 304 Not Modified\r\nContent-Length: 99\r\n\r\n";
    private static final String EMPTY = "HTTP/1.1 200 OK\nContent-Length: 0\n\n";
    private static final String CLOSING = "HTTP/1.0 200 OK\r\nConnection: close\r\n\r\nthe rest of the stream";
    private static final String CONNECTION = CHUNKED + INTERIM + SIZED + NOT_MODIFIED + EMPTY + CLOSING;

    /** Each answer as "status headers | body", in the order the feed completed them. */
    private static final class Recorder implements HttpResponseFeed.Listener {
        final List<String> answers = new ArrayList<>();
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private HttpResponseReader.Head head;

        @Override
        public void head(HttpResponseReader.Head h) {
            head = h;
            body.reset();
        }

        @Override
        public void body(byte[] b, int off, int len) {
            body.write(b, off, len);
        }

        @Override
        public void complete(HttpResponseReader.Head h) {
            assertTrue(h == head, "complete() names the head that head() gave");
            answers.add(h.status() + " " + h.headers() + " | " + body.toString(StandardCharsets.ISO_8859_1));
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static List<String> fedInTwo(byte[] all, int split) throws IOException {
        Recorder r = new Recorder();
        HttpResponseFeed feed = new HttpResponseFeed(r);
        feed.feed(all, 0, split);
        feed.feed(all, split, all.length - split);
        feed.endOfInput();
        return r.answers;
    }

    /** What the pull-style reader makes of the same bytes, in the same form. */
    private static List<String> pulled(byte[] all) throws IOException {
        HttpResponseReader reader = new HttpResponseReader(new ByteArrayInputStream(all), 5);
        List<String> answers = new ArrayList<>();
        while (true) {
            HttpResponseReader.Head h;
            try {
                h = reader.readHead(true);
            } catch (EOFException end) {
                return answers;
            }
            answers.add(h.status() + " " + h.headers() + " | " + new String(reader.body(h).readAllBytes(), StandardCharsets.ISO_8859_1));
        }
    }

    @Test
    void aConnectionSplitAtEveryByteGivesTheSameAnswersAsThePullReader() throws IOException {
        byte[] all = bytes(CONNECTION);
        List<String> expected = pulled(all);
        assertEquals(5, expected.size(), "chunked, 503, 304, empty, close-delimited (the interim 100 is no answer)");
        assertEquals("200 {transfer-encoding=chunked, x-cache=HIT from squid, MISS} | helloabcdefghijklmnopqrstuvwxyz", expected.get(0));
        assertEquals("503 {content-length=7, connection=keep-alive} | 0123456", expected.get(1));
        assertEquals("304 {content-length=99} | ", expected.get(2));
        assertEquals("200 {content-length=0} | ", expected.get(3));
        assertEquals("200 {connection=close} | the rest of the stream", expected.get(4));
        for (int split = 0; split <= all.length; split++) {
            assertEquals(expected, fedInTwo(all, split), "split at byte " + split);
        }
        Recorder r = new Recorder();
        HttpResponseFeed feed = new HttpResponseFeed(r);
        for (int i = 0; i < all.length; i++) {
            feed.feed(all, i, 1);
        }
        assertEquals(4, r.answers.size(), "the close-delimited answer ends with the connection");
        feed.endOfInput();
        assertEquals(expected, r.answers);
    }

    @Test
    void answersCompleteAsTheirLastByteArrives() throws IOException {
        Recorder r = new Recorder();
        HttpResponseFeed feed = new HttpResponseFeed(r);
        byte[] sized = bytes(SIZED);
        feed.feed(sized, 0, sized.length - 1);
        assertEquals(0, r.answers.size());
        assertTrue(feed.answerStarted());
        feed.feed(sized, sized.length - 1, 1);
        assertEquals(1, r.answers.size());
        assertTrue(!feed.answerStarted(), "nothing of the next answer yet");
        feed.endOfInput(); // a clean end between answers
    }

    @Test
    void truncatedAnswersFailAtTheEndOfInput() {
        for (String cut : List.of(SIZED.substring(0, SIZED.length() - 2), CHUNKED.substring(0, CHUNKED.length() - 2),
                CHUNKED.substring(0, CHUNKED.indexOf("hello") + 2), "HTTP/1.1 200 OK\r\nContent-Le", "HTTP/1.")) {
            HttpResponseFeed feed = new HttpResponseFeed(h -> { });
            EOFException e = assertThrows(EOFException.class, () -> {
                feed.feed(bytes(cut), 0, cut.length());
                feed.endOfInput();
            }, cut);
            assertTrue(e.getMessage().startsWith("truncated") || e.getMessage().startsWith("connection closed inside"), e.getMessage());
        }
    }

    @Test
    void badInputIsAnErrorThatSaysWhatWasWrong() {
        assertEquals("not an HTTP/1.x status line: 'SSH-2.0-OpenSSH'", failure("SSH-2.0-OpenSSH\r\n"));
        assertEquals("bad status code in 'HTTP/1.1 2OO OK'", failure("HTTP/1.1 2OO OK\r\n"));
        assertEquals("malformed header line 'no colon here'", failure("HTTP/1.1 200 OK\r\nno colon here\r\n"));
        assertEquals("negative Content-Length: -5", failure("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n"));
        assertEquals("bad Content-Length: ten", failure("HTTP/1.1 200 OK\r\nContent-Length: ten\r\n\r\n"));
        assertEquals("bad chunk size line: 'xyz'", failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n"));
        assertEquals("bad chunk size line: '-1'", failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n"));
        assertEquals("chunk not followed by a line end", failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n"));
        assertEquals("line longer than " + HttpResponseReader.MAX_HEADER_BYTES + " bytes",
                failure("HTTP/1.1 200 OK\r\nX: " + "a".repeat(HttpResponseReader.MAX_HEADER_BYTES) + "\r\n"));
    }

    @Test
    void aFeedThatFailedRefusesMoreBytes() {
        HttpResponseFeed feed = new HttpResponseFeed(h -> { });
        assertThrows(IOException.class, () -> feed.feed(bytes("nonsense\r\n"), 0, 10));
        IOException e = assertThrows(IOException.class, () -> feed.feed(bytes(SIZED), 0, 5));
        assertEquals("the answer stream is out of step after an earlier error", e.getMessage());
    }

    private static String failure(String input) {
        byte[] b = bytes(input);
        HttpResponseFeed feed = new HttpResponseFeed(h -> { });
        return assertThrows(IOException.class, () -> feed.feed(b, 0, b.length), input).getMessage();
    }
}
