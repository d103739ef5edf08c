package org.gridstack.bench.grim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class TestHttpResponseScanner {
    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void contentLengthResponse() {
        byte[] r = b("HTTP/1.1 200 \r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\nhello" + "HTTP/1.1 503 ");
        HttpResponseScanner.Response x = HttpResponseScanner.scan(r, 0, r.length);
        assertEquals(200, x.status());
        assertEquals(r.length - 13, x.length());
        assertNull(HttpResponseScanner.scan(r, 0, r.length - 14));
    }

    @Test
    void chunkedResponse() {
        String s = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n3\r\nefg\r\n0\r\n\r\n";
        byte[] r = b(s);
        assertEquals(r.length, HttpResponseScanner.scan(r, 0, r.length).length());
        assertNull(HttpResponseScanner.scan(r, 0, r.length - 1));
        assertNull(HttpResponseScanner.scan(r, 0, r.length - 10));
    }
}
