package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;

import java.io.IOException;

import org.basex.api.client.Session;
import org.basex.core.cmd.XQuery;

/**
 * Sends the requests of one operation over one borrowed session and counts them: one request =
 * one {@code XQUERY} command (a single protocol round trip in client mode); bytes = UTF-8 size of
 * the serialized result the request returned. Confined to the thread running the operation.
 */
final class RequestCounter {
    private final Session session;
    private int requests;
    private long bytes;

    RequestCounter(Session session) {
        this.session = requireNonNull(session, "session is null");
    }

    /** Runs one XQuery (reading or updating) and returns its serialized result. */
    String query(String xquery) throws IOException {
        requests++;
        String result = session.execute(new XQuery(xquery));
        bytes += utf8Length(result);
        return result;
    }

    int requests() {
        return requests;
    }

    long bytes() {
        return bytes;
    }

    static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
