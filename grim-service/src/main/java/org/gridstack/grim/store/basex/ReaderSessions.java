package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.HexFormat;

import org.basex.api.client.Session;

/**
 * The sessions native queries run in on one BaseX instance: those of a user with global READ
 * permission only, created (or, when it exists, given a new password and READ) with a random
 * password the first time a session is needed, and pooled. Thread-safe.
 */
@ThreadSafe
final class ReaderSessions implements AutoCloseable {
    private final SessionFactory sessions;
    private final String user;
    private final int poolSize;
    /** Null until the user was (re)created. */
    @GuardedBy("this")
    private SessionPool pool;
    @GuardedBy("this")
    private boolean closed;

    ReaderSessions(SessionFactory sessions, String user, int poolSize) {
        this.sessions = requireNonNull(sessions, "sessions is null");
        this.user = requireNonNull(user, "user is null");
        this.poolSize = poolSize;
    }

    /** The pool of read-only sessions; the first call (re)creates the user with an administrator session. */
    synchronized SessionPool pool() throws IOException {
        if (closed) {
            throw new IOException("the BaseX backend is closed");
        }
        if (pool == null) {
            byte[] secret = new byte[18];
            new SecureRandom().nextBytes(secret);
            String password = HexFormat.of().formatHex(secret);
            String u = XQueryText.str(user);
            String pw = XQueryText.str(password);
            try (Session admin = sessions.open()) {
                new RequestCounter(admin).query("if (user:exists(" + u + ")) then (user:password(" + u + ", " + pw + "), user:grant(" + u
                        + ", 'read')) else user:create(" + u + ", " + pw + ", 'read')");
            }
            pool = new SessionPool(() -> sessions.open(user, password), poolSize);
        }
        return pool;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (pool != null) {
            pool.close();
        }
    }
}
